import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { PlanDto } from '@pulso/shared';
import { getPlans } from '../api/get-plans';
import { PlansSection } from '../components/plans-section';
import { usePlansStore } from '../store';
import { DEFAULT_SITE, useUiStore } from '../../ui/store';

vi.mock('../api/get-plans', () => ({ getPlans: vi.fn() }));

const PLANS: PlanDto[] = [
  { id: 'a'.repeat(24), name: 'Standar', duration: 1, benefits: 'Sala de musculación', price: 29.99, renewing: true },
  {
    id: 'b'.repeat(24),
    name: 'Premium',
    duration: 12,
    benefits: 'Todas las sedes, Clases ilimitadas, Nutricionista',
    price: 299.99,
    renewing: false,
  },
];

function renderSection() {
  return render(
    <MemoryRouter>
      <PlansSection />
    </MemoryRouter>,
  );
}

describe('PlansSection', () => {
  beforeEach(() => {
    usePlansStore.setState(usePlansStore.getInitialState(), true);
    vi.mocked(getPlans).mockReset();
  });

  test('when the plans load, then each card shows name, duration, benefits, price and Compra ahora', async () => {
    vi.mocked(getPlans).mockResolvedValue(PLANS);
    renderSection();
    expect(screen.getByRole('status')).toHaveTextContent('Cargando...');

    const standar = await screen.findByRole('article', { name: 'Standar' });
    expect(within(standar).getByText('1 mes')).toBeInTheDocument();
    expect(within(standar).getByText('Sala de musculación')).toBeInTheDocument();
    expect(within(standar).getByText(/29,99/)).toBeInTheDocument();
    expect(within(standar).getByRole('link', { name: 'Compra ahora' })).toHaveAttribute(
      'href',
      `/pagos/${'a'.repeat(24)}`,
    );
    expect(within(screen.getByRole('article', { name: 'Premium' })).getByText('12 meses')).toBeInTheDocument();
  });

  test('when the installation sells no plans online, then the cards offer no purchase and say where to buy', async () => {
    useUiStore.setState({ site: { ...DEFAULT_SITE, payments: null } });
    vi.mocked(getPlans).mockResolvedValue(PLANS);
    renderSection();
    const standar = await screen.findByRole('article', { name: 'Standar' });
    expect(within(standar).queryByRole('link', { name: 'Compra ahora' })).not.toBeInTheDocument();
    expect(
      screen.getByText('Las compras en línea no están disponibles. Acércate a tu sede para adquirir tu plan.'),
    ).toBeInTheDocument();
    useUiStore.setState({ site: DEFAULT_SITE });
  });

  test('when a plan has several benefits separated by commas, then they show as a list', async () => {
    vi.mocked(getPlans).mockResolvedValue(PLANS);
    renderSection();
    const premium = await screen.findByRole('article', { name: 'Premium' });
    const items = within(within(premium).getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Todas las sedes', 'Clases ilimitadas', 'Nutricionista']);
  });

  test('when loading fails, then the error shows with a retry that loads again', async () => {
    vi.mocked(getPlans).mockRejectedValueOnce(new Error('caído')).mockResolvedValueOnce(PLANS);
    renderSection();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudieron cargar los planes. caído');

    await userEvent.click(within(alert).getByRole('button', { name: 'Intenta de nuevo' }));
    expect(await screen.findByRole('article', { name: 'Standar' })).toBeInTheDocument();
    expect(getPlans).toHaveBeenCalledTimes(2);
  });

  test('when there are no plans, then it says so', async () => {
    vi.mocked(getPlans).mockResolvedValue([]);
    renderSection();
    expect(await screen.findByText('Todavía no hay planes disponibles.')).toBeInTheDocument();
  });
});
