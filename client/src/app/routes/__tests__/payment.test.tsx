import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError } from 'axios';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { addMonths, type CheckoutSessionDto, type MembershipDto, type PlanDto, type UserDto } from '@pulso/shared';
import { Link } from 'react-router-dom';
import { useAuthStore } from '../../../features/auth/store';
import * as payments from '../../../features/payments/api/payments';
import { usePaymentsStore } from '../../../features/payments/store';
import { formatDate } from '../../../lib/format';
import { apiError, deferred } from '../../../test/helpers';
import { DemoCheckoutRoute } from '../demo-checkout';
import { PaymentRoute } from '../payment';
import { PaymentSuccessRoute } from '../payment-result';

vi.mock('../../../features/payments/api/payments');

const PLUS: PlanDto = {
  id: '64b000000000000000000002',
  name: 'Plus',
  benefits: 'Todas las sedes',
  duration: 3,
  price: 79.99,
  renewing: false,
};

function renderAt(id: string) {
  render(
    <MemoryRouter initialEntries={[`/pagos/${id}`]}>
      <Routes>
        <Route path="/pagos/:id" element={<PaymentRoute />} />
      </Routes>
    </MemoryRouter>,
  );
}

const EMPTY_STORE = usePaymentsStore.getState();

describe('/pagos/{id}', () => {
  beforeEach(() => {
    vi.mocked(payments.getPlan).mockReset();
    usePaymentsStore.setState(EMPTY_STORE);
  });

  test('when the plan exists, then its image by name, duration, benefits, price, Atras and Pagar show', async () => {
    vi.mocked(payments.getPlan).mockResolvedValue(PLUS);
    renderAt(PLUS.id);
    expect(await screen.findByRole('heading', { name: 'Plus' })).toBeInTheDocument();
    const image = document.querySelector('.checkout__image');
    expect(image).toHaveAttribute('src', '/plans/silver.jpg');
    expect(screen.getByText('Todas las sedes')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Atras' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Pagar' })).toBeEnabled();
  });

  describe('what paying does, for a signed-in member', () => {
    const DAY = 86_400_000;
    const PREMIUM = { ...PLUS, id: '64b000000000000000000003', name: 'Premium', duration: 2 } as PlanDto;
    const monthsAfter = (iso: string, months: number) => addMonths(new Date(iso), months).toISOString();
    const plusStart = new Date(Date.now() - 20 * DAY).toISOString();
    const plusEnd = new Date(Date.now() + 10 * DAY).toISOString();
    const running: MembershipDto = {
      planId: PLUS.id,
      name: 'Plus',
      start: plusStart,
      end: plusEnd,
      status: 'Activo' as const,
      state: 'Activo' as const,
      pauses: [],
      periods: [{ planId: PLUS.id, name: 'Plus', start: plusStart, end: plusEnd }],
    };
    const signIn = (membresia: MembershipDto | null) =>
      useAuthStore.setState({ token: 't', userId: 'u1', status: 'succeeded', user: { membresia } as UserDto });
    afterEach(() => useAuthStore.setState({ token: null, userId: null, status: 'idle', user: null }));

    test('when Plus runs and the member opens Premium, then Premium starts the day Plus ends', async () => {
      signIn(running);
      vi.mocked(payments.getPlan).mockResolvedValue(PREMIUM);
      renderAt(PREMIUM.id);
      expect(
        await screen.findByText(
          `Tu plan actual, Plus, sigue hasta el ${formatDate(plusEnd)}. Premium empieza ese día y vence el ${formatDate(monthsAfter(plusEnd, 2))}.`,
        ),
      ).toBeInTheDocument();
    });

    test('when Plus runs and the member opens Plus, then it renews from its end', async () => {
      signIn(running);
      vi.mocked(payments.getPlan).mockResolvedValue(PLUS);
      renderAt(PLUS.id);
      expect(
        await screen.findByText(
          `Renuevas Plus: se suma al final de tu membresía actual, del ${formatDate(plusEnd)} al ${formatDate(monthsAfter(plusEnd, 3))}.`,
        ),
      ).toBeInTheDocument();
    });

    test('when no membership runs, then the plan starts today', async () => {
      signIn({ ...running, end: plusStart, status: 'Inactivo' });
      vi.mocked(payments.getPlan).mockResolvedValue(PLUS);
      renderAt(PLUS.id);
      expect(await screen.findByText(/^Plus empieza hoy y vence el \d{2}-\d{2}-\d{4}\.$/)).toBeInTheDocument();
    });
  });

  test('when the plan does not exist, then it says the membership was not found, without a retry', async () => {
    vi.mocked(payments.getPlan).mockRejectedValue(
      apiError(404, { code: 'NOT_FOUND', message: 'No se encontró la membresía' }),
    );
    renderAt('64b0000000000000000000ff');
    expect(await screen.findByRole('heading', { name: 'No se encontró la membresía' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Intenta de nuevo' })).toBeNull();
  });

  test('when the server cannot be reached, then the reason shows with a retry that loads again', async () => {
    vi.mocked(payments.getPlan).mockRejectedValueOnce(new AxiosError('Network Error', 'ERR_NETWORK'));
    vi.mocked(payments.getPlan).mockResolvedValueOnce(PLUS);
    renderAt(PLUS.id);
    expect(await screen.findByRole('heading', { name: 'No se pudo cargar la membresía' })).toBeInTheDocument();
    expect(screen.getByText(/No se pudo conectar con el servidor/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Intenta de nuevo' }));
    expect(await screen.findByRole('heading', { name: 'Plus' })).toBeInTheDocument();
  });
});

const STANDAR: PlanDto = { ...PLUS, id: '64b000000000000000000001', name: 'Standar', benefits: 'Una sede' } as PlanDto;

describe('moving between the checkout pages', () => {
  const USER_ID = '64b0000000000000000000aa';

  beforeEach(() => {
    vi.mocked(payments.getPlan).mockReset();
    vi.mocked(payments.getUser).mockReset();
    usePaymentsStore.setState(EMPTY_STORE);
  });

  test('when another plan is opened after one was shown, then the first plan never shows on its page', async () => {
    const second = deferred<PlanDto>();
    vi.mocked(payments.getPlan).mockResolvedValueOnce(STANDAR).mockReturnValueOnce(second.promise);
    render(
      <MemoryRouter initialEntries={[`/pagos/${STANDAR.id}`]}>
        <Link to={`/pagos/${PLUS.id}`}>otro plan</Link>
        <Routes>
          <Route path="/pagos/:id" element={<PaymentRoute />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Standar' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'otro plan' }));
    expect(screen.queryByRole('heading', { name: 'Standar' })).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Cargando datos');

    second.resolve(PLUS);
    expect(await screen.findByRole('heading', { name: 'Plus' })).toBeInTheDocument();
  });

  test('when the demo checkout is paid, then the success page shows the membership while it is read again', async () => {
    const session: CheckoutSessionDto = {
      sessionId: 'demo_1',
      planName: 'Plus',
      benefits: 'Todas las sedes',
      duration: 3,
      amount: 79.99,
      currency: 'USD',
      status: 'pending',
      provider: 'demo',
    } as CheckoutSessionDto;
    const membership: MembershipDto = {
      planId: PLUS.id,
      name: 'Plus',
      start: '2026-11-24T12:00:00.000Z',
      end: '2027-02-24T12:00:00.000Z',
      status: 'Activo' as const,
      state: 'Activo' as const,
      pauses: [],
      periods: [{ planId: PLUS.id, name: 'Plus', start: '2026-11-24T12:00:00.000Z', end: '2027-02-24T12:00:00.000Z' }],
    };
    const reread = deferred<UserDto>();
    vi.mocked(payments.getCheckoutSession).mockResolvedValue(session);
    vi.mocked(payments.confirmDemoCheckout).mockResolvedValue({ payment: {} as never, membresia: membership });
    vi.mocked(payments.getUser).mockReturnValue(reread.promise);
    useAuthStore.setState({ token: 't', userId: USER_ID });

    render(
      <MemoryRouter initialEntries={['/stripe/checkout/demo_1']}>
        <Routes>
          <Route path="/stripe/checkout/:sessionId" element={<DemoCheckoutRoute />} />
          <Route path="/pagos/exito" element={<PaymentSuccessRoute />} />
        </Routes>
      </MemoryRouter>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Pagar' }));

    expect(await screen.findByRole('heading', { name: 'Pago exitoso' })).toBeInTheDocument();
    // The server is asked again, and meanwhile the page keeps what the payment answered.
    expect(payments.getUser).toHaveBeenCalledWith(USER_ID);
    expect(
      screen.getByText(/^Tu membresía Plus está activa del \d{2}-\d{2}-2026 al \d{2}-\d{2}-2027\.$/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();

    await act(async () => reread.resolve({ membresia: membership } as UserDto));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText(/^Tu membresía Plus está activa del/)).toBeInTheDocument();
  });
});
