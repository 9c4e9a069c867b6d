import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { PaymentDto } from '@pulso/shared';
import { apiError } from '../../../test/helpers';
import { downloadReceipt } from '../api/payments';
import { ReceiptButton } from '../components/receipt-button';

vi.mock('../api/payments');

const PAID: PaymentDto = {
  id: 'a'.repeat(24),
  userId: 'b'.repeat(24),
  planId: 'c'.repeat(24),
  planName: 'Plus',
  amount: 79.99,
  currency: 'usd',
  provider: 'demo',
  status: 'paid',
  createdAt: '2026-11-20T10:00:00.000Z',
  paidAt: '2026-11-20T10:00:00.000Z',
  membershipStart: '2026-11-20T10:00:00.000Z',
  membershipEnd: '2027-02-20T10:00:00.000Z',
  receiptNumber: 12,
};

describe("'Descargar recibo'", () => {
  const clicked: string[] = [];
  beforeEach(() => {
    clicked.length = 0;
    vi.mocked(downloadReceipt).mockReset();
    URL.createObjectURL = vi.fn(() => 'blob:recibo');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  test('when pressed, then the numbered PDF is saved under the name the server gave it and the page says so', async () => {
    vi.mocked(downloadReceipt).mockResolvedValue({
      file: new Blob(['%PDF-'], { type: 'application/pdf' }),
      fileName: 'recibo-000012.pdf',
    });
    render(<ReceiptButton payment={PAID} />);
    await userEvent.click(screen.getByRole('button', { name: 'Descargar recibo 000012 (PDF)' }));
    expect(downloadReceipt).toHaveBeenCalledWith(PAID.id);
    expect(await screen.findByText('Recibo descargado.')).toHaveAttribute('role', 'status');
    expect(clicked).toEqual(['recibo-000012.pdf']);
  });

  test('when the payment has no number yet, then the button names it by plan and date, and shows the number the download gave', async () => {
    vi.mocked(downloadReceipt).mockResolvedValue({
      file: new Blob(['%PDF-'], { type: 'application/pdf' }),
      fileName: 'recibo-000031.pdf',
    });
    render(<ReceiptButton payment={{ ...PAID, receiptNumber: null }} />);
    expect(screen.queryByText('000031')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /^Descargar recibo Plus, \d{2}-11-2026 \(PDF\)$/ }));
    expect(await screen.findByText('000031')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Descargar recibo 000031 (PDF)' })).toBeEnabled();
  });

  test('when the payment is not paid, then there is no button', () => {
    const { container } = render(<ReceiptButton payment={{ ...PAID, status: 'pending', receiptNumber: null }} />);
    expect(container).toBeEmptyDOMElement();
  });

  test('when the server refuses, then its message shows and nothing is saved', async () => {
    vi.mocked(downloadReceipt).mockRejectedValue(
      apiError(403, { code: 'FORBIDDEN', message: 'Este pago pertenece a otra persona' }),
    );
    render(<ReceiptButton payment={PAID} />);
    await userEvent.click(screen.getByRole('button', { name: 'Descargar recibo 000012 (PDF)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Este pago pertenece a otra persona');
    expect(clicked).toEqual([]);
  });

  test('when the network fails, then a Spanish message asks to try again', async () => {
    vi.mocked(downloadReceipt).mockRejectedValue(new Error('Network Error'));
    render(<ReceiptButton payment={PAID} />);
    await userEvent.click(screen.getByRole('button', { name: 'Descargar recibo 000012 (PDF)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo descargar el recibo. Inténtalo de nuevo.');
  });
});
