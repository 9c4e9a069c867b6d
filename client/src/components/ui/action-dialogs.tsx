import { useState, type ReactNode } from 'react';
import type { Outcome } from '../../lib/mutation';
import { ConfirmModal, ResultModal, type DialogLink } from './modal';

/** A dialog that only informs ('Acción cancelada', 'Faltan datos', 'Error de validación'). */
export interface Notice {
  title: string;
  message: string;
  failed?: boolean;
  closeLabel: string;
}

/** Where a change's dialogs stand: the question before it, the change running, a notice, its result. */
export type FlowStep<A> =
  | { kind: 'confirm'; action: A; running: boolean }
  | { kind: 'running'; action: A }
  | { kind: 'notice'; notice: Notice }
  | { kind: 'result'; action: A; outcome: Outcome<unknown> };

/**
 * The confirm → result flow of every dashboard form and list: `ask` opens the question, `confirm`
 * runs the action and shows its result, `send` runs it without asking; `decline` closes the question
 * (with a notice when the screen says one). An action is whatever the screen needs to know what to
 * run ('create', 'delete', the user to suspend).
 */
export function useActionFlow<A>(run: (action: A) => Promise<Outcome<unknown>>) {
  const [step, setStep] = useState<FlowStep<A> | null>(null);
  const running =
    step?.kind === 'running' || (step?.kind === 'confirm' && step.running) ? { action: step.action } : null;

  const start = async (action: A, asked: boolean) => {
    setStep(asked ? { kind: 'confirm', action, running: true } : { kind: 'running', action });
    const outcome = await run(action);
    setStep({ kind: 'result', action, outcome });
  };

  return {
    step,
    /** The action in flight, if any (its button says it is working; the others wait). */
    running,
    ask: (action: A) => setStep({ kind: 'confirm', action, running: false }),
    send: (action: A) => void start(action, false),
    confirm: () => {
      if (step?.kind === 'confirm' && !step.running) void start(step.action, true);
    },
    decline: (notice?: Notice) => {
      if (!running) setStep(notice ? { kind: 'notice', notice } : null);
    },
    notify: (notice: Notice) => setStep({ kind: 'notice', notice }),
    close: () => setStep(null),
  };
}

export type ActionFlow<A> = ReturnType<typeof useActionFlow<A>>;

/** The question before an action. */
export interface Question {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** The confirm button's label while the action runs. */
  busyLabel?: string;
  danger?: boolean;
  link?: DialogLink;
}

/** How an action's result is reported. */
export interface Report {
  title?: string;
  /** The result; further lines explain it. */
  message: string | readonly string[];
  /** By default, whether the action failed. */
  failed?: boolean;
  closeLabel?: string;
  hideClose?: boolean;
  link?: DialogLink;
  /** What closing the report does; by default back to the screen. */
  onClose?: () => void;
}

interface ActionDialogsProps<A> {
  flow: ActionFlow<A>;
  ask?: (action: A) => Question;
  report: (action: A, outcome: Outcome<unknown>) => Report;
  /** What declining the question says; without it, straight back to the screen. */
  declined?: Notice | ((action: A) => Notice | undefined);
}

/** The dialogs of `useActionFlow`: one at a time, so Escape and focus belong to what is visible. */
export function ActionDialogs<A>({ flow, ask, report, declined }: ActionDialogsProps<A>) {
  const { step } = flow;
  if (!step || step.kind === 'running') return null;
  if (step.kind === 'confirm') {
    if (!ask) return null;
    return (
      <ConfirmModal
        {...ask(step.action)}
        busy={step.running}
        onConfirm={flow.confirm}
        onCancel={() => flow.decline(typeof declined === 'function' ? declined(step.action) : declined)}
      />
    );
  }
  if (step.kind === 'notice') {
    const { title, message, failed, closeLabel } = step.notice;
    return <ResultModal title={title} message={message} failed={failed} closeLabel={closeLabel} onClose={flow.close} />;
  }
  const { onClose, failed = !step.outcome.ok, ...result } = report(step.action, step.outcome);
  return <ResultModal {...result} failed={failed} onClose={onClose ?? flow.close} />;
}

/** What an editor's dialogs say (the class and trainer screens, "confirm-then-result"). */
export interface EditorTexts<A extends string> {
  confirmTitle: string;
  /** The question before each action. */
  questions: Record<A, ReactNode>;
  confirm: string;
  cancel: string;
  working: string;
  resultTitle: string;
  accept: string;
  /** 'Volver a Clases', 'Volver a Profesores'. */
  back: DialogLink;
  /** The question offers the way back too. */
  backInQuestion?: boolean;
}

/**
 * The dialogs of an editor whose every step offers the way back to its list: the question
 * ('Volver' cancels, 'Confirmar' runs), then the result with the link back; 'Aceptar' returns to the
 * form after a failure or a saved edit, as a created or deleted item leaves nothing to edit here.
 */
export function editorDialogs<A extends 'create' | 'update' | 'delete'>(
  texts: EditorTexts<A>,
  leave: () => void,
): Pick<ActionDialogsProps<A>, 'ask' | 'report'> {
  return {
    ask: (action) => ({
      title: texts.confirmTitle,
      message: texts.questions[action],
      confirmLabel: texts.confirm,
      cancelLabel: texts.cancel,
      busyLabel: texts.working,
      danger: action === 'delete',
      link: texts.backInQuestion ? texts.back : undefined,
    }),
    report: (action, outcome) => {
      const stays = !outcome.ok || action === 'update';
      return {
        title: texts.resultTitle,
        message: outcome.message,
        closeLabel: texts.accept,
        hideClose: !stays,
        link: texts.back,
        onClose: stays ? undefined : leave,
      };
    },
  };
}
