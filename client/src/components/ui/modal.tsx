import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router-dom';
import { focusElement, focusIsLost, focusMainContent } from '../../lib/focus';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The open modals' panels, innermost last: only the innermost one answers Escape and traps Tab. */
const openModals: HTMLElement[] = [];

/**
 * The element that last had keyboard focus. A control is often disabled while its action runs
 * ('ENVIAR' while sending), which drops focus to the body just before the result dialog opens:
 * that control, not the body, is where focus goes back to.
 */
let lastFocused: HTMLElement | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (event) => {
    if (event.target instanceof HTMLElement) lastFocused = event.target;
  });
}

/** What opened a modal: the focused element, or the one that lost focus just before. */
function opener(): HTMLElement | null {
  if (!focusIsLost()) return document.activeElement as HTMLElement;
  return lastFocused?.isConnected ? lastFocused : null;
}

/**
 * Focus back to the opener once a modal closes. When the opener is gone (its row was deleted, its
 * page left), to the modal still open beneath, else to the page's main heading.
 */
function returnFocus(target: HTMLElement | null) {
  if (focusElement(target, { preventScroll: false })) return;
  const beneath = openModals.at(-1);
  if (beneath) focusElement(beneath);
  else focusMainContent();
}

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons under the content. */
  actions?: ReactNode;
  /** 'alertdialog' for confirmations and results that need an answer. */
  role?: 'dialog' | 'alertdialog';
  /** Extra class on the panel (e.g. a wider form). */
  className?: string;
  /** Ids of the text that describes a form dialog; an alert dialog is described by its whole body. */
  describedBy?: string;
}

/**
 * The one modal of the SPA: focus moves into it and stays there (Tab cycles), Escape and a click on
 * the backdrop close it, and focus returns to what opened it. With a modal opened over another,
 * Escape closes only the top one. An alert dialog's text is its description (`aria-describedby`).
 */
export function Modal({ title, onClose, children, actions, role = 'dialog', className, describedBy }: ModalProps) {
  const titleId = useId();
  const bodyId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const previous = opener();
    const node = panel.current;
    if (!node) return;
    const first = node.querySelector<HTMLElement>('[data-autofocus]') ?? node.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? node).focus();

    openModals.push(node);

    const onKey = (event: KeyboardEvent) => {
      if (openModals.at(-1) !== node) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        closeRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const firstItem = items[0];
      const lastItem = items.at(-1);
      if (event.shiftKey && document.activeElement === firstItem) {
        event.preventDefault();
        lastItem?.focus();
      } else if (!event.shiftKey && document.activeElement === lastItem) {
        event.preventDefault();
        firstItem?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      openModals.splice(openModals.indexOf(node), 1);
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      returnFocus(previous);
    };
  }, []);

  return createPortal(
    <div
      className="modal"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panel}
        className={`modal__panel${className ? ` ${className}` : ''}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy ?? (role === 'alertdialog' ? bodyId : undefined)}
        tabIndex={-1}
      >
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        <div id={bodyId} className="modal__body">
          {children}
        </div>
        {actions && <div className="modal__actions">{actions}</div>}
      </div>
    </div>,
    document.body,
  );
}

/** A way out of a dialog to another screen (a link back to a list). */
export interface DialogLink {
  label: string;
  to: string;
}

interface ResultModalProps {
  /** Defaults to the spec's 'Resultado'. */
  title?: string;
  /** The result; further lines explain it (e.g. the server's message). */
  message: string | readonly string[];
  /** A failure is announced as an error. */
  failed?: boolean;
  onClose: () => void;
  /** Defaults to the spec's 'Aceptar'. */
  closeLabel?: string;
  /** Without the close button (Escape still closes): the link is the only way on. */
  hideClose?: boolean;
  /** A link beside the close button; it is the dialog's main action and takes focus. */
  link?: DialogLink;
}

/** The outcome of an action, with one button to acknowledge it ('Resultado' / 'Aceptar'). */
export function ResultModal({
  title = 'Resultado',
  message,
  failed,
  onClose,
  closeLabel = 'Aceptar',
  hideClose,
  link,
}: ResultModalProps) {
  const lines = typeof message === 'string' ? [message] : message;
  return (
    <Modal
      title={title}
      onClose={onClose}
      role="alertdialog"
      actions={
        <>
          {!hideClose && (
            <button
              type="button"
              className={link ? 'button' : 'button button--primary'}
              onClick={onClose}
              data-autofocus={link ? undefined : true}
            >
              {closeLabel}
            </button>
          )}
          {link && (
            <Link className="button button--primary" to={link.to} data-autofocus>
              {link.label}
            </Link>
          )}
        </>
      }
    >
      {lines.map((line, i) => (
        <p
          key={i}
          className={i > 0 ? 'modal__message modal__detail' : `modal__message${failed ? ' modal__message--error' : ''}`}
        >
          {line}
        </p>
      ))}
    </Modal>
  );
}

interface ConfirmModalProps {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  /** The confirm button's label while the action runs. */
  busyLabel?: string;
  danger?: boolean;
  /** A way out before the buttons (a link back to the list). */
  link?: DialogLink;
}

/** A question before an action that changes or removes data. */
export function ConfirmModal({
  title,
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  busy,
  busyLabel,
  danger,
  link,
}: ConfirmModalProps) {
  return (
    <Modal
      title={title}
      onClose={() => {
        if (!busy) onCancel();
      }}
      role="alertdialog"
      actions={
        <>
          {link && (
            <Link className="button" to={link.to}>
              {link.label}
            </Link>
          )}
          <button type="button" className="button" onClick={onCancel} disabled={busy} data-autofocus>
            {cancelLabel}
          </button>
          <button
            type="button"
            className={`button ${danger ? 'button--danger' : 'button--primary'}`}
            onClick={onConfirm}
            disabled={busy}
          >
            {busy && busyLabel ? busyLabel : confirmLabel}
          </button>
        </>
      }
    >
      <div className="modal__message">{message}</div>
    </Modal>
  );
}
