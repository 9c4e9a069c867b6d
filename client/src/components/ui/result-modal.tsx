import type { ReactNode } from 'react';
import { Modal } from './modal';

interface ResultModalProps {
  title: string;
  /** The server's words for what was done, announced as it opens. */
  message: string;
  acceptLabel: string;
  onClose: () => void;
  /** More under the message (what could not be done, and why). */
  children?: ReactNode;
}

/**
 * The second layer of a dialog's change: what the server did and 'Aceptar', in a modal of its own
 * (rendered with its own `key`), so focus moves to 'Aceptar' as it replaces the form.
 */
export function ResultModal({ title, message, acceptLabel, onClose, children }: ResultModalProps) {
  return (
    <Modal
      title={title}
      onClose={onClose}
      actions={
        <button type="button" className="button button--primary" onClick={onClose} data-autofocus>
          {acceptLabel}
        </button>
      }
    >
      <p role="status">{message}</p>
      {children}
    </Modal>
  );
}
