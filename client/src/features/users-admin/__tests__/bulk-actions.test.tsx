import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { UserListItemDto } from '@pulso/shared';
import { UsersList } from '../components/users-list';
import { api, PLANS, resetUsersAdmin, user } from './fixtures';

vi.mock('../api/users-admin');
vi.mock('../../branches/api/branches');
import * as branchesApi from '../../branches/api/branches';
import { useBranchesStore } from '../../branches/store';

const page = (items: UserListItemDto[]) => ({ items, total: items.length });
const ANA = user({ fullName: 'Ana Gómez', email: 'ana@example.com' });
const BETO = user({ fullName: 'Beto Díaz', email: 'beto@example.com' });
const CARLOS = user({ fullName: 'Carlos Ruiz', email: 'carlos@example.com', isMonitor: true });

function renderList() {
  return render(
    <MemoryRouter>
      <UsersList currency="usd" />
    </MemoryRouter>,
  );
}

describe('actions on a selection of users', () => {
  beforeEach(() => {
    resetUsersAdmin();
    api.getPlans.mockResolvedValue(PLANS);
    useBranchesStore.setState(useBranchesStore.getInitialState(), true);
    vi.mocked(branchesApi.getBranches).mockResolvedValue([]);
  });

  test('when the admin selects two users and suspends them, then the server gets both, and the one it could not do is named with why', async () => {
    const person = userEvent.setup();
    api.getUsers.mockResolvedValue(page([ANA, BETO, CARLOS]));
    api.bulkUsers.mockResolvedValue({
      message: 'Hecho para 1 de 2 usuarios',
      done: [{ id: ANA.id, name: 'Ana Gómez' }],
      failed: [{ id: CARLOS.id, name: 'Carlos Ruiz', message: 'El profesor dicta clases' }],
    });
    renderList();
    await screen.findByText('ana@example.com');
    expect(screen.queryByRole('region', { name: 'Acciones con los usuarios seleccionados' })).toBeNull();
    await person.click(screen.getByRole('checkbox', { name: 'Seleccionar a Ana Gómez' }));
    await person.click(screen.getByRole('checkbox', { name: 'Seleccionar a Carlos Ruiz' }));
    const bar = screen.getByRole('region', { name: 'Acciones con los usuarios seleccionados' });
    expect(within(bar).getByText('2 usuarios seleccionados')).toBeVisible();
    await person.selectOptions(within(bar).getByRole('combobox', { name: 'Acción' }), 'Suspender');
    await person.click(within(bar).getByRole('button', { name: 'Continuar' }));

    const dialog = screen.getByRole('dialog', { name: 'Suspender usuarios' });
    expect(within(dialog).getByText('Carlos Ruiz')).toBeVisible();
    await person.click(within(dialog).getByRole('button', { name: 'Aplicar a 2 usuarios' }));
    expect(api.bulkUsers).toHaveBeenCalledWith(
      expect.objectContaining({
        action: 'suspend',
        ids: [ANA.id, CARLOS.id],
        requestId: expect.stringMatching(/^bulk-/),
      }),
    );
    const result = await screen.findByRole('dialog', { name: 'Resultado' });
    expect(within(result).getByText('Hecho para 1 de 2 usuarios')).toBeVisible();
    expect(within(result).getByText('Carlos Ruiz: El profesor dicta clases')).toBeVisible();
    await person.click(within(result).getByRole('button', { name: 'Aceptar' }));
    // The selection is done with, and the list is read again.
    expect(screen.queryByRole('region', { name: 'Acciones con los usuarios seleccionados' })).toBeNull();
    expect(api.getUsers.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  test('when the admin selects the page and grants a plan, then the plan is asked for first and every user of the page is sent', async () => {
    const person = userEvent.setup();
    api.getUsers.mockResolvedValue(page([ANA, BETO]));
    api.bulkUsers.mockResolvedValue({ message: 'Hecho para los 2 usuarios seleccionados', done: [], failed: [] });
    renderList();
    await screen.findByText('ana@example.com');
    await person.click(screen.getByRole('checkbox', { name: 'Seleccionar todos los usuarios de esta página' }));
    const bar = screen.getByRole('region', { name: 'Acciones con los usuarios seleccionados' });
    await person.selectOptions(within(bar).getByRole('combobox', { name: 'Acción' }), 'Registrar pago de un plan');
    await person.click(within(bar).getByRole('button', { name: 'Continuar' }));
    const dialog = screen.getByRole('dialog', { name: 'Registrar pago en recepción' });
    const apply = within(dialog).getByRole('button', { name: 'Aplicar a 2 usuarios' });
    expect(apply).toBeDisabled();
    const plan = PLANS[0];
    if (!plan) throw new Error('no plans in the fixtures');
    await person.selectOptions(within(dialog).getByRole('combobox', { name: 'Plan' }), plan.id);
    await person.click(apply);
    expect(api.bulkUsers).toHaveBeenCalledWith(
      expect.objectContaining({ action: 'grant', ids: [ANA.id, BETO.id], planId: plan.id }),
    );
    expect(await screen.findByText('Hecho para los 2 usuarios seleccionados')).toBeVisible();
  });
});
