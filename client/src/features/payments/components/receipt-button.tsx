import { useState } from 'react';
import { formatReceiptNumber, MESSAGES, type PaymentDto } from '@pulso/shared';
import { OutcomeLine } from '../../../components/ui/outcome-line';
import { formatDate } from '../../../lib/format';
import { mutate, type Outcome } from '../../../lib/mutation';
import { saveFile } from '../../../lib/save-file';
import { downloadReceipt } from '../api/payments';
import './receipt-button.css';

const t = MESSAGES.receipts;

/**
 * 'Descargar recibo' for a paid payment: its numbered receipt saved as a PDF ('Mis pagos', the
 * admin's payments). A payment paid before receipts were numbered gets its number on the way.
 */
export function ReceiptButton({ payment }: { payment: PaymentDto }) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Outcome | null>(null);
  // The number a download just gave a payment paid before receipts were numbered.
  const [issued, setIssued] = useState<number | null>(null);
  if (payment.status !== 'paid') return null;

  const number = payment.receiptNumber ?? issued;
  const which =
    number != null
      ? formatReceiptNumber(number)
      : `${payment.planName}, ${formatDate(payment.paidAt ?? payment.createdAt)}`;
  const statusId = `receipt-status-${payment.id}`;

  const download = async () => {
    setBusy(true);
    setResult(
      await mutate(
        async () => {
          const { file, fileName } = await downloadReceipt(payment.id);
          saveFile(file, fileName);
          const given = /^recibo-(\d+)\.pdf$/.exec(fileName)?.[1];
          if (given) setIssued(Number(given));
          return t.downloaded;
        },
        (failure) => (failure.status === 404 || failure.status === 403 ? failure.message : t.downloadFailed),
      ),
    );
    setBusy(false);
  };

  return (
    <div className="receipt-button">
      {number != null && <span className="receipt-button__number">{formatReceiptNumber(number)}</span>}
      <button
        type="button"
        className="button button--small"
        onClick={() => void download()}
        disabled={busy}
        aria-label={busy ? undefined : t.downloadLabel(which)}
        aria-describedby={statusId}
      >
        {busy ? t.downloading : t.download}
      </button>
      <OutcomeLine id={statusId} result={result} />
    </div>
  );
}
