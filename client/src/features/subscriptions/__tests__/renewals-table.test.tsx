import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { AdminSubscriptionDto } from '@pulso/shared';
import * as api from '../api/subscriptions';
import { RenewalsTable } from '../components/renewals-table';

vi.mock('../api/subscriptions');

const ROW: AdminSubscriptionDto = {
  id: 'sub_1',
  userId: 'u'.repeat(24),
  memberName: 'Rita Renueva',
  planId: 'p'.repeat(24),
  planName: 'Standar',
  amount: 29.99,
  currency: 'usd',
  provider: 'demo',
  status: 'active',
  paidThrough: '2026-12-26T12:00:00.000Z',
  renewsAt: null,
  cancelAtPeriodEnd: true,
  canceledAt: '2026-11-26T12:00:00.000Z',
  cardFailing: false,
  failedAt: null,
  graceUntil: null,
  endedAt: null,
};

describe("the admin's renewing plans", () => {
  beforeEach(() => vi.resetAllMocks());

  test('when a member stopped their renewal, then the table says who, the plan, its state and the day', async () => {
    vi.mocked(api.getAllSubscriptions).mockResolvedValue([
      ROW,
      { ...ROW, id: 'sub_2', memberName: 'Pablo Pago', status: 'past_due', cancelAtPeriodEnd: false, canceledAt: null },
    ]);
    render(<RenewalsTable />);
    const table = await screen.findByRole('table', { name: 'Planes con renovación automática' });
    const rita = within(within(table).getByRole('rowheader', { name: 'Rita Renueva' }).closest('tr') as HTMLElement);
    expect(rita.getByText('Activa hasta su fin')).toBeVisible();
    expect(rita.getByText('El 26-11-2026')).toBeVisible();
    expect(rita.getByText(/^Standar · /)).toBeVisible();
    const pablo = within(within(table).getByRole('rowheader', { name: 'Pablo Pago' }).closest('tr') as HTMLElement);
    expect(pablo.getByText('Pago pendiente')).toBeVisible();
  });

  test('when nobody renews, then it says so', async () => {
    vi.mocked(api.getAllSubscriptions).mockResolvedValue([]);
    render(<RenewalsTable />);
    expect(await screen.findByText('Todavía nadie tiene un plan con renovación automática.')).toBeVisible();
  });
});
