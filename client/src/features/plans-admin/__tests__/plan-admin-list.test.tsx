import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { getAllPlans, restorePlan } from '../api/plans-admin';
import { PlanAdminList } from '../components/plan-admin-list';
import { usePlansAdminStore } from '../store';
import { apiError, PLUS, RETIRED, STANDAR } from './fixtures';

vi.mock('../api/plans-admin');

function renderList(onChanged = vi.fn()) {
  render(
    <MemoryRouter>
      <PlanAdminList currency="usd" onChanged={onChanged} />
    </MemoryRouter>,
  );
  return onChanged;
}

describe('PlanAdminList (/dashboard/membresias)', () => {
  beforeEach(() => {
    usePlansAdminStore.setState(usePlansAdminStore.getInitialState(), true);
    vi.mocked(getAllPlans).mockReset();
    vi.mocked(restorePlan).mockReset();
  });

  test('when the plans load, then each shows name, duration, benefits and price, with edit', async () => {
    vi.mocked(getAllPlans).mockResolvedValue([STANDAR, PLUS]);
    renderList();
    expect(screen.getByRole('status')).toHaveTextContent('Cargando...');
    expect(screen.getByRole('link', { name: 'Crear plan' })).toHaveAttribute('href', '/dashboard/plans/crear');

    const plus = await screen.findByRole('article', { name: 'Plus' });
    expect(within(plus).getByText('3 meses')).toBeInTheDocument();
    expect(within(plus).getByText('Todas las sedes')).toBeInTheDocument();
    expect(within(plus).getByText(/79,99/)).toBeInTheDocument();
    expect(within(plus).getByRole('link', { name: 'Editar Plus' })).toHaveAttribute(
      'href',
      `/dashboard/membresias/editar/${PLUS.id}`,
    );
    expect(within(screen.getByRole('article', { name: 'Standar' })).getByText('1 mes')).toBeInTheDocument();
  });

  test('when the list cannot load, then the server message shows with a retry', async () => {
    vi.mocked(getAllPlans)
      .mockRejectedValueOnce(
        apiError(403, { code: 'FORBIDDEN', message: 'No tienes permiso para realizar esta acción' }),
      )
      .mockResolvedValueOnce([PLUS]);
    renderList();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudieron cargar los planes. No tienes permiso para realizar esta acción');
    await userEvent.click(within(alert).getByRole('button', { name: 'Intenta de nuevo' }));
    expect(await screen.findByRole('article', { name: 'Plus' })).toBeInTheDocument();
  });

  test('when a retired plan is restored, then it is back on sale at once and the public list is told', async () => {
    vi.mocked(getAllPlans).mockResolvedValue([RETIRED]);
    vi.mocked(restorePlan).mockResolvedValue('Plan restaurado exitosamente');
    const onChanged = renderList();
    const card = await screen.findByRole('article', { name: 'Verano' });
    expect(within(card).getByText('Retirado')).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: 'Editar Verano' })).not.toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Restaurar Verano' }));
    const result = await screen.findByRole('alertdialog', { name: 'Resultado' });
    expect(result).toHaveTextContent('Plan restaurado exitosamente');
    expect(restorePlan).toHaveBeenCalledWith(RETIRED.id);
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(within(card).queryByText('Retirado')).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Editar Verano' })).toBeInTheDocument();
  });

  test('when the restore fails, then the server message shows', async () => {
    vi.mocked(getAllPlans).mockResolvedValue([RETIRED]);
    vi.mocked(restorePlan).mockRejectedValue(
      apiError(409, { code: 'CONFLICT', message: 'Ya existe un plan con ese nombre' }),
    );
    const onChanged = renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Restaurar Verano' }));
    expect(await screen.findByRole('alertdialog', { name: 'Resultado' })).toHaveTextContent(
      'Ya existe un plan con ese nombre',
    );
    expect(onChanged).not.toHaveBeenCalled();
    expect(screen.getByText('Retirado')).toBeInTheDocument();
  });
});
