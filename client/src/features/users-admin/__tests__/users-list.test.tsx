import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { DEFAULT_USER_QUERY, type BranchDto, type UserListItemDto } from '@pulso/shared';
import * as saveFileModule from '../../../lib/save-file';
import { formatPrice } from '../../../lib/format';
import { UsersList } from '../components/users-list';
import { useUsersAdminStore } from '../store';
import { api, apiError, PLANS, PLUS, resetUsersAdmin, STANDAR, user } from './fixtures';

// Every call of the API module is a mock (see fixtures' `api`).
vi.mock('../api/users-admin');
vi.mock('../../branches/api/branches');
import * as branchesApi from '../../branches/api/branches';
import { useBranchesStore } from '../../branches/store';

function renderList() {
  return render(
    <MemoryRouter>
      <UsersList currency="usd" />
    </MemoryRouter>,
  );
}

const page = (items: UserListItemDto[], total = items.length) => ({ items, total });

const ANA = user({
  fullName: 'Ana Gómez',
  email: 'ana@example.com',
  phone: '5511111111',
  statusMemberShipIdStatus: 'Activo',
  membresia: {
    planId: 'q'.repeat(24),
    name: 'Plus',
    start: '2026-01-10T12:00:00.000Z',
    end: '2026-04-10T12:00:00.000Z',
    status: 'Activo' as const,
    state: 'Activo' as const,
    pauses: [],
    periods: [
      { planId: 'q'.repeat(24), name: 'Plus', start: '2026-01-10T12:00:00.000Z', end: '2026-04-10T12:00:00.000Z' },
    ],
  },
});
const CARLOS = user({ fullName: 'Carlos Ruiz', email: 'carlos@example.com', isMonitor: true, phone: '' });
const ADMIN = user({ fullName: 'Admin Pulso', email: 'admin@example.com', isAdmin: true });

function rowOf(email: string): HTMLElement {
  const cell = screen.getByText(email);
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${email}`);
  return row;
}

describe('UsersList', () => {
  beforeEach(() => {
    resetUsersAdmin();
    api.getPlans.mockResolvedValue(PLANS);
    useBranchesStore.setState(useBranchesStore.getInitialState(), true);
    vi.mocked(branchesApi.getBranches).mockResolvedValue([]);
  });

  test('when the admin searches, filters and sorts, then the server is asked for that list, and the export saves it as CSV', async () => {
    api.getUsers.mockResolvedValue(page([ANA, CARLOS, ADMIN]));
    vi.mocked(branchesApi.getBranches).mockResolvedValue([{ id: 'b'.repeat(24), name: 'Sede Centro' } as BranchDto]);
    api.downloadUsersCsv.mockResolvedValue({ file: new Blob(['x']), fileName: 'usuarios-2026-11-26.csv' });
    const save = vi.spyOn(saveFileModule, 'saveFile').mockImplementation(() => undefined);
    renderList();
    await screen.findByText('ana@example.com');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'ana');
    await waitFor(() => expect(api.getUsers).toHaveBeenLastCalledWith(1, 20, { ...DEFAULT_USER_QUERY, q: 'ana' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Estado' }), 'Activo');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Sede habitual' }), 'Sede Centro');
    await waitFor(() =>
      expect(api.getUsers).toHaveBeenLastCalledWith(1, 20, {
        ...DEFAULT_USER_QUERY,
        q: 'ana',
        status: 'Activo',
        branch: 'b'.repeat(24),
      }),
    );
    expect(await screen.findByText('3 usuarios encontrados')).toBeInTheDocument();

    // A column sorts: ascending first, then the other way; the header says which.
    const nameHeader = screen.getByRole('columnheader', { name: 'Nombre' });
    await userEvent.click(within(nameHeader).getByRole('button', { name: 'Nombre' }));
    await waitFor(() => expect(nameHeader).toHaveAttribute('aria-sort', 'ascending'));
    expect(api.getUsers).toHaveBeenLastCalledWith(1, 20, expect.objectContaining({ sort: 'name', dir: 'asc' }));
    await userEvent.click(within(nameHeader).getByRole('button', { name: 'Nombre' }));
    await waitFor(() => expect(nameHeader).toHaveAttribute('aria-sort', 'descending'));

    await userEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await screen.findByText('Lista descargada como CSV');
    expect(api.downloadUsersCsv).toHaveBeenCalledWith({
      ...DEFAULT_USER_QUERY,
      q: 'ana',
      status: 'Activo',
      branch: 'b'.repeat(24),
      sort: 'name',
      dir: 'desc',
    });
    expect(save).toHaveBeenCalledWith(expect.any(Blob), 'usuarios-2026-11-26.csv');

    await userEvent.click(screen.getByRole('button', { name: 'Limpiar filtros' }));
    await waitFor(() =>
      expect(api.getUsers).toHaveBeenLastCalledWith(1, 20, { ...DEFAULT_USER_QUERY, sort: 'name', dir: 'desc' }),
    );
    save.mockRestore();
  });

  test('when the users load, then the table shows number, name, email, phone, role, membership status and actions', async () => {
    api.getUsers.mockResolvedValue(page([ANA, CARLOS, ADMIN]));
    renderList();
    const table = await screen.findByRole('table', { name: 'Usuarios activos' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Seleccionar', 'N°', 'Nombre', 'Email', 'Teléfono', 'Rol', 'Membresía', 'Acciones']);
    const ana = within(rowOf('ana@example.com'));
    expect(ana.getByText('1')).toBeInTheDocument();
    expect(ana.getByRole('rowheader')).toHaveTextContent('Ana Gómez');
    expect(ana.getByText('5511111111')).toBeInTheDocument();
    expect(ana.getByText('Deportista')).toBeInTheDocument();
    expect(ana.getByText('Activo')).toBeInTheDocument();
    expect(ana.getByRole('button', { name: 'Editar a Ana Gómez' })).toBeInTheDocument();
    expect(ana.getByRole('button', { name: 'Borrar a Ana Gómez' })).toBeInTheDocument();

    const carlos = within(rowOf('carlos@example.com'));
    expect(carlos.getByText('2')).toBeInTheDocument();
    expect(carlos.getByText('Entrenador')).toBeInTheDocument();
    expect(carlos.getByText('Inactivo')).toBeInTheDocument();
    expect(carlos.getByText('No proporcionado')).toBeInTheDocument();
    expect(within(rowOf('admin@example.com')).getByText('Admin')).toBeInTheDocument();
    expect(api.getUsers).toHaveBeenCalledWith(1, 20, DEFAULT_USER_QUERY);
  });

  test('when memberships are paused, due or ended, then the table says so as the profile does', async () => {
    const membership = ANA.membresia as NonNullable<typeof ANA.membresia>;
    const due = {
      ...ANA,
      id: 'd'.repeat(24),
      email: 'due@example.com',
      membresia: { ...membership, state: 'Pago pendiente' as const },
    };
    const ended = {
      ...ANA,
      id: 'e'.repeat(24),
      email: 'ended@example.com',
      statusMemberShipIdStatus: 'Inactivo' as const,
      membresia: { ...membership, status: 'Inactivo' as const, state: 'Vencida' as const },
    };
    api.getUsers.mockResolvedValue(page([due, ended]));
    renderList();
    await screen.findByRole('table', { name: 'Usuarios activos' });
    expect(within(rowOf('due@example.com')).getByText('Pago pendiente')).toHaveClass('badge--state-due');
    expect(within(rowOf('ended@example.com')).getByText('Vencida')).toHaveClass('badge--state-ended');
  });

  test('when the list shows, then Crear nuevo goes to crear and Ver usuarios eliminados to /dashboard/deletedusers', async () => {
    api.getUsers.mockResolvedValue(page([ANA]));
    renderList();
    expect(screen.getByRole('link', { name: 'Crear nuevo' })).toHaveAttribute('href', '/dashboard/usuarios/crear');
    expect(screen.getByRole('link', { name: 'Ver usuarios eliminados' })).toHaveAttribute(
      'href',
      '/dashboard/deletedusers',
    );
    await screen.findByRole('table');
  });

  test('when there are no users, then it says Upss! No hay usuarios para mostrar!', async () => {
    api.getUsers.mockResolvedValue(page([]));
    renderList();
    expect(await screen.findByText('Upss! No hay usuarios para mostrar!')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  test('when the list is loading, then a spinner says so; when it fails, the server message shows with a retry', async () => {
    api.getUsers.mockReturnValueOnce(new Promise(() => undefined));
    const first = renderList();
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain('Cargando usuarios...');
    first.unmount();

    useUsersAdminStore.setState(useUsersAdminStore.getInitialState(), true);
    api.getUsers
      .mockRejectedValueOnce(
        apiError(403, { code: 'FORBIDDEN', message: 'No tienes permiso para realizar esta acción' }),
      )
      .mockResolvedValueOnce(page([ANA]));
    renderList();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudieron cargar los usuarios. No tienes permiso para realizar esta acción');
    await userEvent.click(within(alert).getByRole('button', { name: 'Intenta de nuevo' }));
    expect(await screen.findByText('ana@example.com')).toBeInTheDocument();
  });

  describe('delete', () => {
    test('when Borrar is confirmed with Aceptar, then the user is deleted, Borrado exitoso shows and the list reloads', async () => {
      api.getUsers.mockResolvedValueOnce(page([ANA, CARLOS])).mockResolvedValueOnce(page([CARLOS]));
      api.deleteUser.mockResolvedValue('Borrado exitoso');
      renderList();
      await userEvent.click(await screen.findByRole('button', { name: 'Borrar a Ana Gómez' }));

      const confirm = screen.getByRole('alertdialog', { name: 'Confirmación' });
      expect(confirm).toHaveTextContent(
        'Esta acción no se podrá revertir. ¿Está seguro de que desea eliminar el usuario?',
      );
      expect(api.deleteUser).not.toHaveBeenCalled();
      await userEvent.click(within(confirm).getByRole('button', { name: 'Aceptar' }));

      const result = await screen.findByRole('alertdialog', { name: 'Resultado' });
      expect(result).toHaveTextContent('Borrado exitoso');
      expect(api.deleteUser).toHaveBeenCalledWith(ANA.id);
      await waitFor(() => expect(screen.queryByText('ana@example.com')).not.toBeInTheDocument());
      expect(api.getUsers).toHaveBeenCalledTimes(2);
      await userEvent.click(within(result).getByRole('button', { name: 'Aceptar' }));
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(screen.getByText('carlos@example.com')).toBeInTheDocument();
    });

    test('when Cancelar is pressed, then the confirm closes and nothing is deleted', async () => {
      api.getUsers.mockResolvedValue(page([ANA]));
      renderList();
      await userEvent.click(await screen.findByRole('button', { name: 'Borrar a Ana Gómez' }));
      await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(api.deleteUser).not.toHaveBeenCalled();
    });

    test('when the server refuses, then its message shows and the list stays', async () => {
      api.getUsers.mockResolvedValue(page([ADMIN]));
      api.deleteUser.mockRejectedValue(
        apiError(409, { code: 'LAST_ADMIN', message: 'Debe quedar al menos un administrador activo' }),
      );
      renderList();
      await userEvent.click(await screen.findByRole('button', { name: 'Borrar a Admin Pulso' }));
      await userEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
      const result = await screen.findByRole('alertdialog', { name: 'Resultado' });
      expect(result).toHaveTextContent('Debe quedar al menos un administrador activo');
      expect(result).not.toHaveTextContent('Borrado exitoso');
      expect(api.getUsers).toHaveBeenCalledTimes(1);
    });
  });

  describe('paging', () => {
    const many = (from: number) =>
      Array.from({ length: 20 }, (_, i) =>
        user({ email: `p${from + i}@example.com`, fullName: `Persona ${from + i}` }),
      );

    test('when there are more users than a page, then Anterior/Siguiente page through them with running numbers', async () => {
      api.getUsers
        .mockResolvedValueOnce(page(many(1), 45))
        .mockResolvedValueOnce(page(many(21), 45))
        .mockResolvedValueOnce(page(many(41).slice(0, 5), 45));
      renderList();
      const pager = await screen.findByRole('navigation', { name: 'Páginas de usuarios' });
      expect(pager).toHaveTextContent('Página 1 de 3');
      expect(pager).toHaveTextContent('1–20 de 45');
      expect(within(pager).getByRole('button', { name: 'Anterior' })).toBeDisabled();

      await userEvent.click(within(pager).getByRole('button', { name: 'Siguiente' }));
      expect(await screen.findByText('p21@example.com')).toBeInTheDocument();
      expect(api.getUsers).toHaveBeenLastCalledWith(2, 20, DEFAULT_USER_QUERY);
      expect(within(rowOf('p21@example.com')).getByText('21')).toBeInTheDocument();
      expect(pager).toHaveTextContent('Página 2 de 3');

      await userEvent.click(within(pager).getByRole('button', { name: 'Siguiente' }));
      expect(await screen.findByText('p45@example.com')).toBeInTheDocument();
      expect(pager).toHaveTextContent('41–45 de 45');
      expect(within(pager).getByRole('button', { name: 'Siguiente' })).toBeDisabled();
      expect(within(pager).getByRole('button', { name: 'Anterior' })).toBeEnabled();
    });

    test('when everything fits on one page, then no paging controls show', async () => {
      api.getUsers.mockResolvedValue(page([ANA, CARLOS]));
      renderList();
      await screen.findByRole('table');
      expect(screen.queryByRole('navigation', { name: 'Páginas de usuarios' })).not.toBeInTheDocument();
    });

    test('when the only row of the last page is deleted, then the page before it shows', async () => {
      const last = user({ email: 'ultimo@example.com', fullName: 'Último' });
      api.getUsers
        .mockResolvedValueOnce(page(many(1), 21))
        .mockResolvedValueOnce(page([last], 21))
        .mockResolvedValueOnce(page([], 20))
        .mockResolvedValueOnce(page(many(1), 20));
      api.deleteUser.mockResolvedValue('Borrado exitoso');
      renderList();
      await userEvent.click(await screen.findByRole('button', { name: 'Siguiente' }));
      await userEvent.click(await screen.findByRole('button', { name: 'Borrar a Último' }));
      await userEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
      await screen.findByText('Borrado exitoso');
      expect(await screen.findByText('p1@example.com')).toBeInTheDocument();
      expect(api.getUsers).toHaveBeenNthCalledWith(3, 2, 20, DEFAULT_USER_QUERY);
      expect(api.getUsers).toHaveBeenNthCalledWith(4, 1, 20, DEFAULT_USER_QUERY);
    });
  });

  describe('edit popup', () => {
    async function openEdit(target = ANA) {
      renderList();
      await userEvent.click(await screen.findByRole('button', { name: `Editar a ${target.fullName}` }));
      return screen.getByRole('dialog', { name: 'Editar usuario' });
    }

    test('when it opens, then it holds the user data and says Actualizar datos de usuario!; a bad field says Revisar inputs antes de enviar!', async () => {
      api.getUsers.mockResolvedValue(page([ANA]));
      const dialog = await openEdit();
      const form = within(dialog).getByRole('form', { name: 'Editar usuario' });
      expect(within(form).getByLabelText('Nombre y apellidos')).toHaveValue('Ana Gómez');
      expect(within(form).getByLabelText('Email')).toHaveValue('ana@example.com');
      expect(within(form).getByLabelText('Teléfono')).toHaveValue('5511111111');
      expect(within(form).getByLabelText('Rol')).toHaveValue('No');
      expect(within(form).getByText('Actualizar datos de usuario!')).toBeInTheDocument();
      expect(dialog).toHaveTextContent('Plus: del 10-01-2026 al 10-04-2026 (Activo)');

      await userEvent.clear(within(form).getByLabelText('Teléfono'));
      expect(within(form).getByText('Revisar inputs antes de enviar!')).toBeInTheDocument();
      expect(within(form).getByText('Campo requerido!')).toBeInTheDocument();
      expect(within(form).getByRole('button', { name: 'Guardar cambios' })).toBeDisabled();
    });

    test('when the change is cancelled at Confirmar cambios!!, then Cancelado por el usuario shows and the edits stay', async () => {
      api.getUsers.mockResolvedValue(page([ANA]));
      const dialog = await openEdit();
      await userEvent.clear(within(dialog).getByLabelText('Nombre y apellidos'));
      await userEvent.type(within(dialog).getByLabelText('Nombre y apellidos'), 'Ana María Gómez');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));

      const confirm = screen.getByRole('alertdialog', { name: 'Confirmación' });
      expect(confirm).toHaveTextContent('Confirmar cambios!!');
      await userEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
      const notice = screen.getByRole('alertdialog', { name: 'Resultado' });
      expect(notice).toHaveTextContent('Cancelado por el usuario');
      await userEvent.click(within(notice).getByRole('button', { name: 'Aceptar' }));
      expect(screen.getByRole('dialog', { name: 'Editar usuario' })).toBeInTheDocument();
      expect(screen.getByLabelText('Nombre y apellidos')).toHaveValue('Ana María Gómez');
      expect(api.updateUser).not.toHaveBeenCalled();
    });

    test('when the change is confirmed, then it is saved, Accion completada con exito! shows and the list reloads', async () => {
      const renamed = { ...ANA, fullName: 'Ana María Gómez', isMonitor: true };
      api.getUsers.mockResolvedValueOnce(page([ANA])).mockResolvedValueOnce(page([renamed]));
      api.updateUser.mockResolvedValue({
        success: true,
        message: 'Usuario actualizado correctamente',
        user: {} as never,
      });
      const dialog = await openEdit();
      await userEvent.clear(within(dialog).getByLabelText('Nombre y apellidos'));
      await userEvent.type(within(dialog).getByLabelText('Nombre y apellidos'), 'Ana María Gómez');
      await userEvent.selectOptions(within(dialog).getByLabelText('Rol'), 'Entrenador');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
      await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));

      const result = await screen.findByRole('alertdialog', { name: 'Resultado' });
      expect(result).toHaveTextContent('Accion completada con exito!');
      // No password typed: the current one is kept.
      expect(api.updateUser).toHaveBeenCalledWith(ANA.id, {
        fullName: 'Ana María Gómez',
        email: 'ana@example.com',
        phone: '5511111111',
        isMonitor: true,
        isAdmin: false,
        homeBranch: '',
        staffRole: '',
      });
      await userEvent.click(within(result).getByRole('button', { name: 'Aceptar' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(within(rowOf('ana@example.com')).getByText('Entrenador')).toBeInTheDocument();
      expect(api.getUsers).toHaveBeenCalledTimes(2);
    });

    test('when a new password is typed, then it is sent, and the server failure shows Algo salio mal with its message', async () => {
      api.getUsers.mockResolvedValue(page([ANA, CARLOS]));
      api.updateUser.mockRejectedValue(
        apiError(409, { code: 'EMAIL_TAKEN', message: 'Este email ya esta registrado' }),
      );
      const dialog = await openEdit();
      await userEvent.clear(within(dialog).getByLabelText('Email'));
      await userEvent.type(within(dialog).getByLabelText('Email'), 'carlos@example.com');
      await userEvent.type(within(dialog).getByLabelText('Nueva contraseña'), 'Nueva1234');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
      await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));

      const result = await screen.findByRole('alertdialog', { name: 'Resultado' });
      expect(result).toHaveTextContent('Algo salio mal, intente nuevamente');
      expect(result).toHaveTextContent('Este email ya esta registrado');
      expect(api.updateUser).toHaveBeenCalledWith(ANA.id, expect.objectContaining({ password: 'Nueva1234' }));
      await userEvent.click(within(result).getByRole('button', { name: 'Aceptar' }));
      const form = screen.getByRole('form', { name: 'Editar usuario' });
      expect(within(form).getByLabelText('Email')).toHaveAccessibleDescription('Este email ya esta registrado');
    });

    test('when a plan paid at the front desk is registered, then the payment is recorded, its dates show and the list reloads', async () => {
      const member = {
        ...CARLOS,
        statusMemberShipIdStatus: 'Activo' as const,
        membresia: {
          planId: PLUS.id,
          name: 'Plus',
          start: '2026-03-05T12:00:00.000Z',
          end: '2026-06-05T12:00:00.000Z',
          status: 'Activo' as const,
          state: 'Activo' as const,
          pauses: [],
          periods: [
            { planId: PLUS.id, name: 'Plus', start: '2026-03-05T12:00:00.000Z', end: '2026-06-05T12:00:00.000Z' },
          ],
        },
      };
      api.getUsers.mockResolvedValueOnce(page([CARLOS])).mockResolvedValueOnce(page([member]));
      api.grantPlan.mockResolvedValue({
        message: 'Pago exitoso',
        payment: {
          id: 'x'.repeat(24),
          userId: CARLOS.id,
          planId: PLUS.id,
          planName: 'Plus',
          amount: 80,
          currency: 'usd',
          provider: 'manual',
          status: 'paid',
          createdAt: '2026-03-05T12:00:00.000Z',
          paidAt: '2026-03-05T12:00:00.000Z',
          membershipStart: '2026-03-05T12:00:00.000Z',
          membershipEnd: '2026-06-05T12:00:00.000Z',
          receiptNumber: 7,
        },
      });
      const dialog = await openEdit(CARLOS);
      expect(dialog).toHaveTextContent('Sin membresía');
      const grant = within(dialog).getByRole('form', { name: 'Pago en recepción' });
      await userEvent.click(await within(grant).findByRole('button', { name: 'Registrar pago' }));
      expect(within(grant).getByLabelText('Plan')).toHaveAccessibleDescription('Debes elegir un plan');
      expect(api.grantPlan).not.toHaveBeenCalled();

      const plus = within(grant).getByRole('option', { name: `Plus · 3 meses · ${formatPrice(80, 'usd')}` });
      await userEvent.selectOptions(within(grant).getByLabelText('Plan'), plus);
      await userEvent.click(within(grant).getByRole('button', { name: 'Registrar pago' }));
      const confirm = screen.getByRole('alertdialog', { name: 'Confirmación' });
      expect(confirm).toHaveTextContent(
        `¿Registrar el pago del plan Plus (${formatPrice(80, 'usd').replace(/\s/g, ' ')}) de Carlos Ruiz?`,
      );
      await userEvent.click(within(confirm).getByRole('button', { name: 'Registrar' }));

      const result = await screen.findByRole('alertdialog', { name: 'Resultado' });
      expect(result).toHaveTextContent('Pago exitoso. Membresía Plus del 05-03-2026 al 05-06-2026.');
      expect(api.grantPlan).toHaveBeenCalledWith(CARLOS.id, PLUS.id);
      await waitFor(() => expect(api.getUsers).toHaveBeenCalledTimes(2));
      await userEvent.click(within(result).getByRole('button', { name: 'Aceptar' }));
      // Back in the popup, which now shows the granted membership.
      expect(screen.getByRole('dialog', { name: 'Editar usuario' })).toHaveTextContent(
        'Plus: del 05-03-2026 al 05-06-2026 (Activo)',
      );
    });

    test('when registering the payment fails, then the server message shows', async () => {
      api.getUsers.mockResolvedValue(page([CARLOS]));
      api.grantPlan.mockRejectedValue(apiError(404, { code: 'NOT_FOUND', message: 'No se encontró la membresía' }));
      const dialog = await openEdit(CARLOS);
      const grant = within(dialog).getByRole('form', { name: 'Pago en recepción' });
      await userEvent.selectOptions(await within(grant).findByLabelText('Plan'), STANDAR.id);
      await userEvent.click(within(grant).getByRole('button', { name: 'Registrar pago' }));
      await userEvent.click(screen.getByRole('button', { name: 'Registrar' }));
      const result = await screen.findByRole('alertdialog', { name: 'Resultado' });
      expect(result).toHaveTextContent('No se encontró la membresía');
      expect(result.querySelector('.modal__message--error')).not.toBeNull();
    });

    test('when the plans cannot load, then the server message shows with a retry', async () => {
      api.getUsers.mockResolvedValue(page([CARLOS]));
      api.getPlans.mockReset();
      api.getPlans
        .mockRejectedValueOnce(
          apiError(503, { code: 'DATABASE_UNAVAILABLE', message: 'La base de datos no está disponible' }),
        )
        .mockResolvedValueOnce(PLANS);
      const dialog = await openEdit(CARLOS);
      const alert = await within(dialog).findByRole('alert');
      expect(alert).toHaveTextContent('No se pudieron cargar los planes. La base de datos no está disponible');
      await userEvent.click(within(alert).getByRole('button', { name: 'Intenta de nuevo' }));
      expect(await within(dialog).findByLabelText('Plan')).toBeInTheDocument();
    });
  });
});
