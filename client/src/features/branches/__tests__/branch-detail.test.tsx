import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders } from 'axios';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { BranchDto } from '@pulso/shared';
import { getBranch } from '../api/branches';
import { BranchDetail } from '../components/branch-detail';
import { formatDays, formatHour } from '../format';
import { useBranchesStore } from '../store';

vi.mock('../api/branches', () => ({
  getBranches: vi.fn(),
  getBranch: vi.fn(),
  // The page's timetable (branch-timetable.test.tsx tests it).
  getBranchTimetable: vi.fn(() =>
    Promise.resolve({ branchId: 'c'.repeat(24), branchName: 'Sede Sur', dates: [], slots: [] }),
  ),
}));

const ID = 'c'.repeat(24);
const SUR: BranchDto = {
  id: ID,
  name: 'Sede Sur',
  location: 'Avenida Universidad 789',
  image: 'http://localhost/uploads/sur.jpg',
  scheduleDays: ['Lunes', 'Miércoles', 'Viernes'],
  scheduleHourStart: '9:00',
  scheduleHourFinish: '21:00',
};

function apiError(status: number, code: string, message: string) {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError(message, 'ERR_BAD_REQUEST', config, null, {
    status,
    statusText: '',
    headers: {},
    config,
    data: { code, message },
  });
}

function renderDetail() {
  return render(
    <MemoryRouter initialEntries={[`/sedes/detalles/${ID}`]}>
      <Routes>
        <Route path="/sedes/detalles/:id" element={<BranchDetail id={ID} />} />
        <Route path="/sedes" element={<h1>Lista de sedes</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('BranchDetail', () => {
  beforeEach(() => {
    useBranchesStore.setState(useBranchesStore.getInitialState(), true);
    vi.mocked(getBranch).mockReset();
  });

  test('when the sede loads, then name, address, days joined by commas, schedule and image show', async () => {
    vi.mocked(getBranch).mockResolvedValue(SUR);
    renderDetail();
    expect(screen.getByRole('status')).toHaveTextContent('Cargando...');

    expect(await screen.findByRole('heading', { level: 1, name: 'Sede Sur' })).toBeInTheDocument();
    expect(screen.getByText('Avenida Universidad 789')).toBeInTheDocument();
    expect(screen.getByText('Lunes, Miércoles, Viernes')).toBeInTheDocument();
    expect(screen.getByText('9:00 a 21:00')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Fachada de Sede Sur' })).toHaveAttribute('src', SUR.image);
    expect(getBranch).toHaveBeenCalledWith(ID);
  });

  test('when Atras is pressed, then the sede list opens', async () => {
    vi.mocked(getBranch).mockResolvedValue(SUR);
    renderDetail();
    await userEvent.click(await screen.findByRole('link', { name: 'Atras' }));
    expect(screen.getByRole('heading', { name: 'Lista de sedes' })).toBeInTheDocument();
  });

  test('when no sede has the id, then it says so with Atras', async () => {
    vi.mocked(getBranch).mockRejectedValue(apiError(404, 'NOT_FOUND', 'No se encontró la sede'));
    renderDetail();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'No se encontró la sede' })).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Atras' })).toHaveAttribute('href', '/sedes');
    expect(within(alert).queryByRole('button', { name: 'Intenta de nuevo' })).not.toBeInTheDocument();
  });

  test('when loading fails, then the error shows with a retry', async () => {
    vi.mocked(getBranch).mockRejectedValueOnce(new Error('caído')).mockResolvedValueOnce(SUR);
    renderDetail();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudo cargar la sede.');
    expect(alert).toHaveTextContent('caído');
    await userEvent.click(within(alert).getByRole('button', { name: 'Intenta de nuevo' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sede Sur' })).toBeInTheDocument();
  });
});

describe('sede formatting', () => {
  test('when days arrive out of order, then they read Monday first, joined by commas', () => {
    expect(formatDays(['Viernes', 'Lunes', 'Domingo'])).toBe('Lunes, Viernes, Domingo');
  });

  test('when an hour is a whole number, then it reads as h:00', () => {
    expect(formatHour('9')).toBe('9:00');
    expect(formatHour(21)).toBe('21:00');
    expect(formatHour('7:30')).toBe('7:30');
  });
});
