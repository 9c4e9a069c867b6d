import type { BranchDto } from '@pulso/shared';
import type { Notice, Question, Report } from '../../../components/ui/action-dialogs';
import { dashboardBranchesEs as t } from '../../../i18n/dashboard-branches';
import type { Outcome } from '../../../lib/mutation';

/** The 'Confirmación' before deleting a sede, naming which one goes. */
export function deleteQuestion(branch: Pick<BranchDto, 'name' | 'location'>): Question {
  return {
    title: t.confirmTitle,
    message: (
      <>
        <p>{t.confirmIrreversible}</p>
        <p>
          {t.deleteWhich} <strong>{branch.name}</strong> ({branch.location})
        </p>
        <p>{t.confirmPrompt}</p>
      </>
    ),
    confirmLabel: t.ok,
    cancelLabel: t.cancel,
    danger: true,
  };
}

/** The question before saving an edited sede. */
export const saveQuestion: Question = {
  title: t.confirmTitle,
  message: (
    <>
      <p>{t.confirmSave}</p>
      <p>{t.confirmPrompt}</p>
    </>
  ),
  confirmLabel: t.ok,
  cancelLabel: t.cancel,
};

/** A declined question: 'Acción cancelada'. */
export const cancelledNotice: Notice = { title: t.cancelledTitle, message: t.cancelled, closeLabel: t.ok };

/** A change's result: the server's message under 'Resultado', or under 'Error' when it failed. */
export function branchReport(outcome: Outcome<unknown>, onDone?: () => void): Report {
  return outcome.ok
    ? { title: t.resultTitle, message: outcome.message, closeLabel: t.ok, onClose: onDone }
    : { title: t.errorTitle, message: outcome.message, closeLabel: t.ok };
}
