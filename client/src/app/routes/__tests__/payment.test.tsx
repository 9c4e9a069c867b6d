import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders } from 'axios';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { PlanDto } from '@pulso/shared';
import * as payments from '../../../features/payments/api/payments';
import { usePaymentsStore } from '../../../features/payments/store';
import { PaymentRoute } from '../payment';

vi.mock('../../../features/payments/api/payments', () => ({
  getPlan: vi.fn(),
  createCheckout: vi.fn(),
  getCheckoutSession: vi.fn(),
  confirmDemoCheckout: vi.fn(),
  cancelDemoCheckout: vi.fn(),
  getUser: vi.fn(),
  getMyPayments: vi.fn(),
}));

function apiError(status: number, body: object): AxiosError {
  return new AxiosError('failed', 'ERR_BAD_REQUEST', undefined, undefined, {
    status,
    statusText: '',
    data: body,
    headers: {},
    config: { headers: new AxiosHeaders() },
  });
}

const PLUS: PlanDto = {
  id: '64b000000000000000000002',
  name: 'Plus',
  benefits: 'Todas las sedes',
  duration: 3,
  price: 79.99,
  isActive: true,
} as PlanDto;

function renderAt(id: string) {
  render(
    <MemoryRouter initialEntries={[`/pagos/${id}`]}>
      <Routes>
        <Route path="/pagos/:id" element={<PaymentRoute />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('/pagos/{id}', () => {
  beforeEach(() => {
    vi.mocked(payments.getPlan).mockReset();
    usePaymentsStore.setState({ plan: null, status: 'idle', error: null, notFound: false });
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
