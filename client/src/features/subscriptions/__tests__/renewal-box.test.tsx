import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { SubscriptionDto } from '@pulso/shared';
import { apiError } from '../../../test/helpers';
import * as api from '../api/subscriptions';
import { RenewalBox } from '../components/renewal-box';

vi.mock('../api/subscriptions');

const ACTIVE: SubscriptionDto = {
  id: 'sub_1',
  planId: 'p'.repeat(24),
  planName: 'Standar',
  amount: 29.99,
  currency: 'usd',
  provider: 'demo',
  status: 'active',
  paidThrough: '2026-12-26T12:00:00.000Z',
  renewsAt: '2026-12-26T12:00:00.000Z',
  cancelAtPeriodEnd: false,
  canceledAt: null,
  cardFailing: false,
  failedAt: null,
  graceUntil: null,
  endedAt: null,
};

describe('the renewing plan on the profile', () => {
  beforeEach(() => vi.resetAllMocks());

  test('when nothing renews, then nothing shows', async () => {
    vi.mocked(api.getMySubscription).mockResolvedValue(null);
    const { container } = render(<RenewalBox />);
    await vi.waitFor(() => expect(api.getMySubscription).toHaveBeenCalled());
    await vi.waitFor(() => expect(container.querySelector('.spinner')).toBeNull());
    expect(screen.queryByRole('heading', { name: 'Renovación automática' })).not.toBeInTheDocument();
  });

  test('when it renews, then it says when and for how much, and cancelling is asked first and runs to its end', async () => {
    vi.mocked(api.getMySubscription).mockResolvedValue(ACTIVE);
    vi.mocked(api.cancelRenewal).mockResolvedValue({
      message: 'Listo: tu plan no se renovará. Sigue activo hasta el 26/12/2026.',
      subscription: { ...ACTIVE, cancelAtPeriodEnd: true, renewsAt: null, canceledAt: '2026-11-26T12:00:00.000Z' },
    });
    render(<RenewalBox />);
    expect(await screen.findByText(/^Standar se renueva el 26-12-2026 por/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar renovación' }));
    const ask = screen.getByRole('alertdialog');
    expect(ask).toHaveTextContent('Tu plan seguirá activo hasta el 26-12-2026 y no se te volverá a cobrar.');
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancelar renovación' }));
    expect(await screen.findByText('Listo: tu plan no se renovará. Sigue activo hasta el 26/12/2026.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(screen.getByText('Renovación cancelada: Standar termina el 26-12-2026.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Seguir renovando' })).toBeVisible();
  });

  test('when pausing is possible, then starting to cancel offers it first, and either way can be taken', async () => {
    vi.mocked(api.getMySubscription).mockResolvedValue(ACTIVE);
    const offerPause = vi.fn();
    render(<RenewalBox onOfferPause={offerPause} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar renovación' }));
    const offer = screen.getByRole('dialog', { name: 'Antes de cancelar' });
    expect(offer).toHaveTextContent('¿Solo necesitas un descanso?');
    await userEvent.click(within(offer).getByRole('button', { name: 'Pausar en su lugar' }));
    expect(offerPause).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cancelar renovación' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar la renovación' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Tu plan seguirá activo hasta el 26-12-2026');
    expect(offerPause).toHaveBeenCalledTimes(1);
  });

  test('when a charge failed, then the alert says until when access lasts and a working demo card retries it', async () => {
    vi.mocked(api.getMySubscription).mockResolvedValue({
      ...ACTIVE,
      status: 'past_due',
      cardFailing: true,
      failedAt: '2026-12-26T12:01:00.000Z',
      graceUntil: '2027-01-02T12:00:00.000Z',
    });
    vi.mocked(api.setDemoCardFailing).mockResolvedValue({
      message: 'Tarjeta de demostración actualizada',
      subscription: { ...ACTIVE, paidThrough: '2027-01-26T12:00:00.000Z', renewsAt: '2027-01-26T12:00:00.000Z' },
    });
    render(<RenewalBox />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No pudimos cobrar la renovación. Mantienes el acceso hasta el 02-01-2027',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Usar una tarjeta que funcione' }));
    expect(api.setDemoCardFailing).toHaveBeenCalledWith(false);
    expect(await screen.findByText('Tarjeta de demostración actualizada')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(screen.getByText(/^Standar se renueva el 26-01-2027/)).toBeVisible();
  });

  test('when the demo card is switched to failing, then it is saved and read out', async () => {
    vi.mocked(api.getMySubscription).mockResolvedValue(ACTIVE);
    vi.mocked(api.setDemoCardFailing).mockResolvedValue({
      message: 'Tarjeta de demostración actualizada',
      subscription: { ...ACTIVE, cardFailing: true },
    });
    render(<RenewalBox />);
    const box = await screen.findByRole('checkbox', { name: 'Simular que la tarjeta de demostración es rechazada' });
    await userEvent.click(box);
    expect(api.setDemoCardFailing).toHaveBeenCalledWith(true);
    expect(await screen.findByText('Tarjeta de demostración actualizada')).toHaveAttribute('role', 'status');
    expect(box).toBeChecked();
  });

  test('when it cannot be read, then the failure shows with a retry', async () => {
    vi.mocked(api.getMySubscription)
      .mockRejectedValueOnce(apiError(500, { code: 'INTERNAL_ERROR', message: 'Ocurrió un error inesperado' }))
      .mockResolvedValueOnce({ ...ACTIVE, status: 'lapsed', renewsAt: null, endedAt: '2027-01-02T12:00:00.000Z' });
    render(<RenewalBox />);
    await userEvent.click(await screen.findByRole('button', { name: 'Intenta de nuevo' }));
    expect(await screen.findByText('Tu plan Standar venció por falta de pago.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancelar renovación' })).not.toBeInTheDocument();
  });
});
