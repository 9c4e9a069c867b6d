import { Modal } from '../../../components/ui/modal';

interface OutcomeModalProps {
  title: string;
  /** The first line is the result; further lines explain it (e.g. the server's message). */
  lines: string[];
  failed?: boolean;
  closeLabel: string;
  onClose: () => void;
}

/** The result of an action in one or more lines, with one button to acknowledge it. */
export function OutcomeModal({ title, lines, failed, closeLabel, onClose }: OutcomeModalProps) {
  return (
    <Modal
      title={title}
      onClose={onClose}
      role="alertdialog"
      actions={
        <button type="button" className="button button--primary" onClick={onClose} data-autofocus>
          {closeLabel}
        </button>
      }
    >
      {lines.map((line, i) => (
        <p
          key={i}
          className={
            i === 0 ? `modal__message${failed ? ' modal__message--error' : ''}` : 'modal__message users-admin__detail'
          }
        >
          {line}
        </p>
      ))}
    </Modal>
  );
}
