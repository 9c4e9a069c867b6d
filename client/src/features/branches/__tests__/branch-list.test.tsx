import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { BranchDto } from '@pulso/shared';
import { getBranches } from '../api/branches';
import { BranchList } from '../components/branch-list';
import { useBranchesStore } from '../store';

vi.mock('../api/branches', () => ({ getBranches: vi.fn(), getBranch: vi.fn() }));

const BRANCHES: BranchDto[] = [
  {
    id: 'a'.repeat(24),
    name: 'Sede Centro',
    location: 'Avenida Juárez 123',
    image: 'http://localhost/uploads/centro.jpg',
    scheduleDays: ['Lunes', 'Martes'],
    scheduleHourStart: '6:00',
    scheduleHourFinish: '23:00',
  },
  {
    id: 'b'.repeat(24),
    name: 'Sede Norte',
    location: 'Calle Reforma 456',
    image: 'http://localhost/uploads/norte.jpg',
    scheduleDays: ['Lunes'],
    scheduleHourStart: '7:00',
    scheduleHourFinish: '22:00',
  },
];

function renderList() {
  return render(
    <MemoryRouter>
      <BranchList />
    </MemoryRouter>,
  );
}

describe('BranchList', () => {
  beforeEach(() => {
    useBranchesStore.setState(useBranchesStore.getInitialState(), true);
    vi.mocked(getBranches).mockReset();
  });

  test('when the sedes are loading, then the loading gif is announced', () => {
    vi.mocked(getBranches).mockReturnValue(new Promise(() => undefined));
    renderList();
    const status = screen.getByRole('status');
    expect(within(status).getByRole('img', { name: 'Cargando sedes...' })).toHaveAttribute('src', '/img/cargando.gif');
  });

  test('when the sedes load, then each shows image, name and Detalles aquí to its detail page', async () => {
    vi.mocked(getBranches).mockResolvedValue(BRANCHES);
    renderList();

    const centro = await screen.findByRole('article', { name: 'Sede Centro' });
    expect(within(centro).getByRole('img', { name: 'Fachada de Sede Centro' })).toHaveAttribute(
      'src',
      'http://localhost/uploads/centro.jpg',
    );
    expect(within(centro).getByRole('link', { name: /Detalles aquí/ })).toHaveAttribute(
      'href',
      `/sedes/detalles/${'a'.repeat(24)}`,
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  test('when the desktop rows render, then every other one puts its image on the other side', async () => {
    vi.mocked(getBranches).mockResolvedValue(BRANCHES);
    renderList();
    expect(await screen.findByRole('article', { name: 'Sede Centro' })).not.toHaveClass('branch-card--reverse');
    expect(screen.getByRole('article', { name: 'Sede Norte' })).toHaveClass('branch-card--reverse');
  });

  test('when loading fails, then a Spanish error shows with a retry that loads again', async () => {
    vi.mocked(getBranches).mockRejectedValueOnce(new Error('caído')).mockResolvedValueOnce(BRANCHES);
    renderList();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudieron cargar las sedes. caído');

    await userEvent.click(within(alert).getByRole('button', { name: 'Intenta de nuevo' }));
    expect(await screen.findByRole('article', { name: 'Sede Norte' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(getBranches).toHaveBeenCalledTimes(2);
  });

  test('when there are no sedes, then it says so', async () => {
    vi.mocked(getBranches).mockResolvedValue([]);
    renderList();
    expect(await screen.findByText('Todavía no hay sedes disponibles.')).toBeInTheDocument();
  });
});
