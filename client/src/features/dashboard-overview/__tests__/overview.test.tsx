import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders } from 'axios';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { StatsDto } from '@pulso/shared';
import * as api from '../api/stats';
import { Overview } from '../components/overview';
import { useOverviewStore } from '../store';

vi.mock('../api/stats', () => ({ getStats: vi.fn() }));

const STATS: StatsDto = {
  activeMembers: 12345,
  classes: 12,
  sedes: 4,
  trainers: 6,
  revenueLast30Days: [{ currency: 'usd', amount: 1599.8, payments: 20 }],
  latestMessages: [
    {
      id: 'm1',
      name: 'Ana Pérez',
      subject: 'Horarios del domingo',
      email: 'ana@example.com',
      company: '',
      message: '¿Abren?',
      status: 'pending',
      attempts: 2,
      createdAt: '2026-11-20T15:00:00.000Z',
      sentAt: null,
    },
  ],
  generatedAt: '2026-11-23T12:00:00.000Z',
};

function renderOverview() {
  render(
    <MemoryRouter>
      <Overview />
    </MemoryRouter>,
  );
}

describe('dashboard overview', () => {
  beforeEach(() => {
    vi.mocked(api.getStats).mockReset();
    useOverviewStore.setState({ stats: null, status: 'idle', error: null });
  });

  test('when the figures load, then each count links to its screen, with revenue and the latest messages', async () => {
    vi.mocked(api.getStats).mockResolvedValue(STATS);
    renderOverview();
    expect(screen.getByRole('status')).toHaveTextContent('Cargando resumen');
    const members = (await screen.findByText('Socios activos')).closest('li') as HTMLElement;
    expect(within(members).getByText('12.345')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Gestionar: Sedes' })).toHaveAttribute('href', '/dashboard/sedes');
    expect(screen.getByRole('link', { name: 'Gestionar: Profesores' })).toHaveAttribute(
      'href',
      '/dashboard/profesores',
    );
    expect(screen.getByText('20 pagos')).toBeInTheDocument();
    expect(screen.getByText(/1599,80|1\.599,80/)).toBeInTheDocument();
    expect(screen.getByText('Horarios del domingo')).toBeInTheDocument();
    expect(screen.getByText('Pendiente de envío')).toBeInTheDocument();
    expect(screen.getByText(/Ana Pérez · ana@example.com · 20-11-2026/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver todos los mensajes' })).toHaveAttribute('href', '/dashboard/mensajes');
  });

  test('when nothing was sold and nobody wrote, then both panels say so', async () => {
    vi.mocked(api.getStats).mockResolvedValue({ ...STATS, revenueLast30Days: [], latestMessages: [] });
    renderOverview();
    expect(await screen.findByText('Sin pagos en los últimos 30 días')).toBeInTheDocument();
    expect(screen.getByText('Todavía no hay mensajes.')).toBeInTheDocument();
  });

  test('when the server refuses, then its message shows with a retry that loads again', async () => {
    vi.mocked(api.getStats).mockRejectedValueOnce(
      new AxiosError('failed', 'ERR_BAD_REQUEST', undefined, undefined, {
        status: 403,
        statusText: '',
        data: { code: 'FORBIDDEN', message: 'No tienes permiso para realizar esta acción' },
        headers: {},
        config: { headers: new AxiosHeaders() },
      }),
    );
    vi.mocked(api.getStats).mockResolvedValueOnce(STATS);
    renderOverview();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudo cargar el resumen. No tienes permiso para realizar esta acción');
    await userEvent.click(within(alert).getByRole('button', { name: 'Intenta de nuevo' }));
    expect(await screen.findByText('Socios activos')).toBeInTheDocument();
  });
});
