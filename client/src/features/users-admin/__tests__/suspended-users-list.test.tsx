import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { SuspendedUsersList } from '../components/suspended-users-list';
import { api, apiError, resetUsersAdmin, user } from './fixtures';

// Every call of the API module is a mock (see fixtures' `api`).
vi.mock('../api/users-admin');

const LUIS = user({ fullName: 'Luis Paz', email: 'luis@example.com', deletedAt: '2026-02-07T12:00:00.000Z' });
const EVA = user({ fullName: 'Eva Sol', email: 'eva@example.com', deletedAt: '2025-12-24T12:00:00.000Z' });

function renderList() {
  return render(
    <MemoryRouter>
      <SuspendedUsersList />
    </MemoryRouter>,
  );
}

describe('SuspendedUsersList', () => {
  beforeEach(() => {
    resetUsersAdmin();
  });

  test('when suspended users load, then each row shows email, name, the date as day-month-year, the red badge and a restore button', async () => {
    api.getSuspendedUsers.mockResolvedValue({ items: [LUIS, EVA], total: 2 });
    renderList();
    const table = await screen.findByRole('table', { name: 'Usuarios suspendidos' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Email', 'Nombre', 'Fecha de suspensión', 'Estado', 'Restaurar']);
    const row = within(screen.getByText('luis@example.com').closest('tr') as HTMLElement);
    expect(row.getByRole('rowheader')).toHaveTextContent('Luis Paz');
    expect(row.getByText('07-02-2026')).toBeInTheDocument();
    expect(row.getByText('Cuenta Suspendida')).toHaveClass('badge--danger');
    expect(row.getByRole('button', { name: 'Restaurar a Luis Paz' })).toBeInTheDocument();
    expect(screen.getByText('24-12-2025')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a usuarios' })).toHaveAttribute('href', '/dashboard/usuarios');
    expect(api.getSuspendedUsers).toHaveBeenCalledWith(1, 20);
  });

  test('when an account was erased by its holder, then its row says so, shows no address and offers no restore', async () => {
    const erased = user({
      fullName: 'Socio anónimo',
      email: 'eliminada-0123456789abcdef01234567@pulso.invalid',
      deletedAt: '2026-11-20T12:00:00.000Z',
      erasedAt: '2026-11-20T12:00:00.000Z',
    });
    api.getSuspendedUsers.mockResolvedValue({ items: [LUIS, erased], total: 2 });
    renderList();
    const cell = await screen.findByRole('rowheader', { name: 'Socio anónimo' });
    const row = within(cell.closest('tr') as HTMLElement);
    expect(row.getByText('Cuenta eliminada por su titular')).not.toHaveClass('badge--danger');
    expect(row.getByText('No se puede restaurar')).toBeInTheDocument();
    expect(row.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByText(/pulso\.invalid/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Restaurar a Luis Paz' })).toBeInTheDocument();
  });

  test('when a user is restored, then Usuario restaurado con éxito shows and the list reloads without them', async () => {
    api.getSuspendedUsers
      .mockResolvedValueOnce({ items: [LUIS, EVA], total: 2 })
      .mockResolvedValueOnce({ items: [EVA], total: 1 });
    api.restoreUser.mockResolvedValue('Usuario restaurado con éxito');
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Restaurar a Luis Paz' }));

    const result = await screen.findByRole('alertdialog', { name: 'Resultado' });
    expect(result).toHaveTextContent('Usuario restaurado con éxito');
    expect(api.restoreUser).toHaveBeenCalledWith(LUIS.id);
    await waitFor(() => expect(screen.queryByText('luis@example.com')).not.toBeInTheDocument());
    expect(api.getSuspendedUsers).toHaveBeenCalledTimes(2);
    await userEvent.click(within(result).getByRole('button', { name: 'Aceptar' }));
    expect(screen.getByText('eva@example.com')).toBeInTheDocument();
  });

  test('when restoring fails, then the server message shows and the list is not reloaded', async () => {
    api.getSuspendedUsers.mockResolvedValue({ items: [LUIS], total: 1 });
    api.restoreUser.mockRejectedValue(apiError(409, { code: 'CONFLICT', message: 'El usuario no está suspendido' }));
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Restaurar a Luis Paz' }));
    const result = await screen.findByRole('alertdialog', { name: 'Resultado' });
    expect(result).toHaveTextContent('El usuario no está suspendido');
    expect(result).not.toHaveTextContent('Usuario restaurado con éxito');
    expect(api.getSuspendedUsers).toHaveBeenCalledTimes(1);
  });

  test('when nobody is suspended, then it says so', async () => {
    api.getSuspendedUsers.mockResolvedValue({ items: [], total: 0 });
    renderList();
    expect(await screen.findByText('No hay usuarios eliminados.')).toBeInTheDocument();
  });

  test('when the list fails, then the server message shows with a retry', async () => {
    api.getSuspendedUsers
      .mockRejectedValueOnce(
        apiError(500, { code: 'INTERNAL_ERROR', message: 'Ocurrió un error inesperado, inténtalo nuevamente' }),
      )
      .mockResolvedValueOnce({ items: [EVA], total: 1 });
    renderList();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Ocurrió un error inesperado, inténtalo nuevamente');
    await userEvent.click(within(alert).getByRole('button', { name: 'Intenta de nuevo' }));
    expect(await screen.findByText('eva@example.com')).toBeInTheDocument();
  });

  test('when there are more suspended users than a page, then they page', async () => {
    const many = Array.from({ length: 20 }, (_, i) =>
      user({ email: `s${i}@example.com`, deletedAt: '2026-01-01T12:00:00.000Z' }),
    );
    api.getSuspendedUsers
      .mockResolvedValueOnce({ items: many, total: 23 })
      .mockResolvedValueOnce({ items: [EVA], total: 23 });
    renderList();
    const pager = await screen.findByRole('navigation', { name: 'Páginas de usuarios eliminados' });
    await userEvent.click(within(pager).getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('eva@example.com')).toBeInTheDocument();
    expect(api.getSuspendedUsers).toHaveBeenLastCalledWith(2, 20);
  });
});
