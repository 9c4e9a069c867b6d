import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { DEFAULT_PAYMENT_QUERY, type AdminPaymentDto } from '@pulso/shared';
import * as api from '../api/payments-admin';
import { PaymentsList } from '../components/payments-list';
import { apiError } from '../../../test/helpers';

vi.mock('../api/payments-admin', () => ({
  PAYMENTS_PAGE_SIZE: 25,
  getPayments: vi.fn(),
  getAllPlans: vi.fn(),
  downloadPaymentsCsv: vi.fn(),
  refundPayment: vi.fn(),
}));
vi.mock('../../branches/store', () => ({
  useBranchesStore: Object.assign(
    (select: (s: unknown) => unknown) =>
      select({ items: [{ id: 'b'.repeat(24), name: 'Sede Centro' }], fetchBranches: vi.fn() }),
    { getState: () => ({ status: 'succeeded' }) },
  ),
}));

const PAID: AdminPaymentDto = {
  id: 'p'.repeat(24),
  userId: 'u'.repeat(24),
  planId: 'l'.repeat(24),
  planName: 'Plus',
  amount: 79.99,
  currency: 'usd',
  provider: 'manual',
  status: 'paid',
  createdAt: '2026-11-20T15:00:00.000Z',
  paidAt: '2026-11-20T15:00:00.000Z',
  membershipStart: '2026-11-20T15:00:00.000Z',
  membershipEnd: '2027-02-20T15:00:00.000Z',
  receiptNumber: 12,
  memberName: 'Ana Ruiz',
  memberEmail: 'ana@example.com',
  homeBranch: { id: 'b'.repeat(24), name: 'Sede Centro' },
  refundedAt: null,
  refundReason: '',
  refundable: true,
};

describe("the admin's payments", () => {
  beforeEach(() => {
    vi.resetAllMocks();
    vi.mocked(api.getAllPlans).mockResolvedValue([
      { id: 'l'.repeat(24), name: 'Plus', duration: 3, benefits: 'Todo', price: 79.99, renewing: false },
    ]);
  });

  test('when the list loads, then each payment shows its member, sede, plan, method, state and amount', async () => {
    vi.mocked(api.getPayments).mockResolvedValue({ items: [PAID], total: 1 });
    render(<PaymentsList />);
    const table = await screen.findByRole('table', { name: /Pagos, del más reciente/ });
    const row = within(
      within(table)
        .getByRole('rowheader', { name: /Ana Ruiz/ })
        .closest('tr') as HTMLElement,
    );
    expect(row.getByText('Sede Centro')).toBeVisible();
    expect(row.getByText('En recepción')).toBeVisible();
    expect(row.getByText('Pagado')).toBeVisible();
    expect(row.getByText(/79,99/)).toBeVisible();
    expect(api.getPayments).toHaveBeenCalledWith(DEFAULT_PAYMENT_QUERY, 1);
  });

  test('when the admin filters by method and state, then the server is asked for them and the count is said', async () => {
    const user = userEvent.setup();
    vi.mocked(api.getPayments).mockResolvedValue({ items: [PAID], total: 1 });
    render(<PaymentsList />);
    await screen.findByRole('table');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Medio de pago' }), 'En recepción');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Estado' }), 'Reembolsado');
    expect(api.getPayments).toHaveBeenLastCalledWith(
      { ...DEFAULT_PAYMENT_QUERY, method: 'manual', status: 'refunded' },
      1,
    );
    expect(await screen.findByText('1 pago encontrado')).toBeVisible();
  });

  test('when the admin refunds a payment with a reason, then the server is asked, its answer is shown and the row says refunded', async () => {
    const user = userEvent.setup();
    vi.mocked(api.getPayments).mockResolvedValue({ items: [PAID], total: 1 });
    vi.mocked(api.refundPayment).mockResolvedValue({
      message: 'Pago reembolsado. La membresía ahora vence el 20/11/2026.',
      payment: {
        ...PAID,
        status: 'refunded',
        refundable: false,
        refundedAt: '2026-11-26T12:00:00.000Z',
        refundReason: 'Mudanza',
      },
      membresia: null,
    });
    render(<PaymentsList />);
    await user.click(await screen.findByRole('button', { name: 'Reembolsar el pago de Plus de Ana Ruiz' }));
    const dialog = screen.getByRole('dialog', { name: 'Reembolsar pago' });
    expect(within(dialog).getByText(/la membresía pierde los días/)).toBeVisible();
    await user.type(within(dialog).getByLabelText('Motivo (opcional)'), 'Mudanza');
    await user.click(within(dialog).getByRole('button', { name: 'Reembolsar' }));
    expect(api.refundPayment).toHaveBeenCalledWith(PAID.id, 'Mudanza');
    const done = await screen.findByRole('dialog', { name: 'Pago reembolsado' });
    expect(within(done).getByText(/ahora vence el 20\/11\/2026/)).toBeVisible();
    await user.click(within(done).getByRole('button', { name: 'Aceptar' }));
    const table = screen.getByRole('table');
    expect(within(table).getByText('Reembolsado')).toBeVisible();
    expect(screen.getByText('el 26-11-2026')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Reembolsar el pago/ })).toBeNull();
  });

  test('when the refund is refused, then the dialog says why and stays', async () => {
    const user = userEvent.setup();
    vi.mocked(api.getPayments).mockResolvedValue({ items: [PAID], total: 1 });
    vi.mocked(api.refundPayment).mockRejectedValue(
      apiError(409, { code: 'REFUND_REFUSED', message: 'Este pago ya fue reembolsado' }),
    );
    render(<PaymentsList />);
    await user.click(await screen.findByRole('button', { name: 'Reembolsar el pago de Plus de Ana Ruiz' }));
    await user.click(screen.getByRole('button', { name: 'Reembolsar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Este pago ya fue reembolsado');
    expect(screen.getByRole('dialog', { name: 'Reembolsar pago' })).toBeVisible();
  });
});
