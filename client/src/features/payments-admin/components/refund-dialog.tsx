import { useId, useState, type FormEvent } from 'react';
import type { AdminPaymentDto } from '@pulso/shared';
import { Field } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { ResultModal } from '../../../components/ui/result-modal';
import { dashboardPaymentsEs } from '../../../i18n/dashboard-payments';
import { formatPrice } from '../../../lib/format';
import { mutate, type Outcome } from '../../../lib/mutation';
import { refundPayment } from '../api/payments-admin';

const t = dashboardPaymentsEs.dialog;

interface RefundDialogProps {
  payment: AdminPaymentDto;
  onClose: () => void;
  /** The payment as it is after the refund. */
  onRefunded: (payment: AdminPaymentDto) => void;
}

/**
 * 'Reembolsar pago': what the refund does, an optional reason, then the server's answer (how the
 * membership ends now). The second layer replaces the first, so focus and Escape stay with what shows.
 */
export function RefundDialog({ payment, onClose, onRefunded }: RefundDialogProps) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Outcome<AdminPaymentDto> | null>(null);
  const formId = useId();
  const introId = useId();

  const close = () => {
    if (!busy) onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const outcome = await mutate(async () => {
      const answer = await refundPayment(payment.id, reason.trim());
      return { message: answer.message, value: answer.payment };
    });
    setBusy(false);
    setResult(outcome);
    if (outcome.ok) onRefunded(outcome.value);
  };

  if (result?.ok) {
    return (
      <ResultModal key="done" title={t.doneTitle} message={result.message} acceptLabel={t.accept} onClose={close} />
    );
  }

  return (
    <Modal
      key="form"
      title={t.title}
      onClose={close}
      describedBy={introId}
      actions={
        <>
          <button type="button" className="button" onClick={close} disabled={busy}>
            {t.cancel}
          </button>
          <button type="submit" form={formId} className="button button--danger" disabled={busy}>
            {busy ? t.submitting : t.confirm}
          </button>
        </>
      }
    >
      <div id={introId}>
        <p>
          <strong>
            {t.summary(payment.planName, formatPrice(payment.amount, payment.currency), payment.memberName)}
          </strong>
        </p>
        <p>{t.effects}</p>
        <p>{payment.provider === 'stripe' ? t.stripe : t.desk}</p>
      </div>
      <form id={formId} className="form" onSubmit={(event) => void submit(event)} noValidate>
        <Field
          label={t.reason}
          value={reason}
          maxLength={200}
          hint={t.reasonHint}
          error={result && !result.ok ? result.fieldErrors.reason : undefined}
          onChange={(event) => {
            setReason(event.target.value);
            setResult(null);
          }}
          data-autofocus
        />
      </form>
      {result && !result.ok && (
        <p className="alert alert--error" role="alert">
          {result.message}
        </p>
      )}
    </Modal>
  );
}
