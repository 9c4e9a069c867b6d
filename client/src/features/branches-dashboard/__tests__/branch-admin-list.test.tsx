import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { deleteBranch, getBranches } from '../api/branches-dashboard';
import { BranchAdminList } from '../components/branch-admin-list';
import { useBranchesDashboardStore } from '../store';
import { apiError, CENTRO, NORTE } from './fixtures';

vi.mock('../api/branches-dashboard');

function renderList() {
  return render(
    <MemoryRouter>
      <BranchAdminList />
    </MemoryRouter>,
  );
}

async function askToDelete(name: string) {
  const card = await screen.findByRole('article', { name });
  await userEvent.click(within(card).getByRole('button', { name: `Eliminar ${name}` }));
  return screen.getByRole('alertdialog', { name: 'Confirmación' });
}

describe('BranchAdminList (/dashboard/sedes)', () => {
  beforeEach(() => {
    useBranchesDashboardStore.setState(useBranchesDashboardStore.getInitialState(), true);
    vi.mocked(getBranches).mockReset();
    vi.mocked(deleteBranch).mockReset();
  });

  test('when the sedes are loading, then a loading indicator is announced', () => {
    vi.mocked(getBranches).mockReturnValue(new Promise(() => undefined));
    renderList();
    expect(screen.getByRole('status')).toHaveTextContent('Cargando...');
    expect(screen.getByRole('heading', { level: 1, name: 'Sedes' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Crear Sede' })).toHaveAttribute('href', '/dashboard/sedes/crear');
  });

  test('when the sedes load, then each card shows image, Nombre, Dirección, Días and Horario de atención', async () => {
    vi.mocked(getBranches).mockResolvedValue([CENTRO, NORTE]);
    renderList();

    const centro = await screen.findByRole('article', { name: 'Sede Centro' });
    expect(within(centro).getByRole('img', { name: 'Fachada de Sede Centro' })).toHaveAttribute('src', CENTRO.image);
    expect(within(centro).getByText('Nombre')).toBeInTheDocument();
    expect(within(centro).getByText('Dirección')).toBeInTheDocument();
    expect(within(centro).getByText('Avenida Juárez 123')).toBeInTheDocument();
    expect(within(centro).getByText('Días')).toBeInTheDocument();
    expect(within(centro).getByText('Lunes, Martes, Sábado')).toBeInTheDocument();
    expect(within(centro).getByText('Horario de atención')).toBeInTheDocument();
    expect(within(centro).getByText('6:00 hs - 23:00 hs')).toBeInTheDocument();
    expect(within(centro).getByRole('link', { name: 'Editar Sede Centro' })).toHaveAttribute(
      'href',
      `/dashboard/sedes/editar/${CENTRO.id}`,
    );
    // Whole hours without minutes read as the selects show them.
    const norte = screen.getByRole('article', { name: 'Sede Norte' });
    expect(within(norte).getByText('7:00 hs - 22:00 hs')).toBeInTheDocument();
  });

  test('when the list cannot load, then the server message shows with a retry', async () => {
    vi.mocked(getBranches)
      .mockRejectedValueOnce(
        apiError(503, { code: 'DATABASE_UNAVAILABLE', message: 'La base de datos no está disponible' }),
      )
      .mockResolvedValueOnce([CENTRO]);
    renderList();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudieron cargar las sedes. La base de datos no está disponible');
    await userEvent.click(within(alert).getByRole('button', { name: 'Intenta de nuevo' }));
    expect(await screen.findByRole('article', { name: 'Sede Centro' })).toBeInTheDocument();
  });

  test('when delete is confirmed with OK, then Sede borrada con éxito shows and the card leaves without a reload', async () => {
    vi.mocked(getBranches).mockResolvedValue([CENTRO, NORTE]);
    vi.mocked(deleteBranch).mockResolvedValue('Sede borrada con éxito');
    renderList();

    const dialog = await askToDelete('Sede Centro');
    expect(dialog).toHaveTextContent('Esta acción no se podrá revertir!');
    // It names the sede, as the user delete confirmation names the user (issue 18).
    expect(dialog).toHaveTextContent(`Sede a borrar: Sede Centro (${CENTRO.location})`);
    expect(dialog).not.toHaveTextContent('Sede Norte');
    expect(dialog).toHaveTextContent('Pulse OK o Cancelar.');
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));

    const result = await screen.findByRole('alertdialog', { name: 'Resultado' });
    expect(result).toHaveTextContent('Sede borrada con éxito');
    expect(deleteBranch).toHaveBeenCalledWith(CENTRO.id);
    expect(screen.queryByRole('article', { name: 'Sede Centro' })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Sede Norte' })).toBeInTheDocument();
    expect(getBranches).toHaveBeenCalledTimes(1);
    await userEvent.click(within(result).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  test('when delete is cancelled, then Acción cancelada shows and nothing is deleted', async () => {
    vi.mocked(getBranches).mockResolvedValue([CENTRO]);
    renderList();
    const dialog = await askToDelete('Sede Centro');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.getByRole('alertdialog', { name: 'Aviso' })).toHaveTextContent('Acción cancelada');
    expect(deleteBranch).not.toHaveBeenCalled();
    expect(screen.getByRole('article', { name: 'Sede Centro' })).toBeInTheDocument();
  });

  test('when the server refuses the delete, then its message shows and the sede stays', async () => {
    vi.mocked(getBranches).mockResolvedValue([CENTRO]);
    vi.mocked(deleteBranch).mockRejectedValue(
      apiError(409, { code: 'CONFLICT', message: 'No se puede eliminar la sede porque tiene clases asignadas' }),
    );
    renderList();
    const dialog = await askToDelete('Sede Centro');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('alertdialog', { name: 'Error' })).toHaveTextContent(
      'No se puede eliminar la sede porque tiene clases asignadas',
    );
    expect(screen.getByRole('article', { name: 'Sede Centro' })).toBeInTheDocument();
  });
});
