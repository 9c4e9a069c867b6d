import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders } from 'axios';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { OverviewDto, StatsDto } from '@pulso/shared';
import * as api from '../api/stats';
import { Overview } from '../components/overview';
import { useOverviewStore } from '../store';
import { useChartsStore } from '../charts-store';
import { useBranchesStore } from '../../branches/store';

vi.mock('../api/stats', () => ({ getStats: vi.fn(), getOverview: vi.fn() }));

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

const OVERVIEW: OverviewDto = {
  from: '2026-10-29',
  to: '2026-11-27',
  branch: null,
  step: 'day',
  currency: 'usd',
  revenue: {
    total: 350.5,
    payments: 3,
    plans: [{ id: 'p1', name: 'Premium', amount: 350.5, payments: 3 }],
    sedes: [{ id: 's1', name: 'Sede Centro', amount: 350.5, payments: 3 }],
    buckets: [
      { start: '2026-11-26', end: '2026-11-26', total: 0, byPlan: {}, bySede: {} },
      { start: '2026-11-27', end: '2026-11-27', total: 350.5, byPlan: { p1: 350.5 }, bySede: { s1: 350.5 } },
    ],
  },
  members: {
    atStart: 40,
    active: 41,
    paused: 2,
    started: 5,
    lapsed: 2,
    churn: 0.05,
    buckets: [
      { start: '2026-11-26', end: '2026-11-26', active: 40, paused: 2, started: 1, lapsed: 0 },
      { start: '2026-11-27', end: '2026-11-27', active: 41, paused: 2, started: 1, lapsed: 0 },
    ],
  },
  heatmap: [
    { weekday: 0, hour: 7, sessions: 4, capacity: 80, booked: 60, attended: 50, occupancy: 0.75, attendance: 0.833 },
  ],
  classes: {
    fullest: [
      {
        id: 'l1',
        name: 'Spinning',
        sede: 's1',
        sedeName: 'Sede Centro',
        sessions: 4,
        capacity: 80,
        booked: 60,
        attended: 50,
        occupancy: 0.75,
      },
    ],
    emptiest: [
      {
        id: 'l2',
        name: 'Pilates',
        sede: 's1',
        sedeName: 'Sede Centro',
        sessions: 4,
        capacity: 80,
        booked: 8,
        attended: 8,
        occupancy: 0.1,
      },
    ],
  },
  expiring: [
    { id: 'u1', fullName: 'Lucía Gómez', email: 'lucia@example.com', plan: 'Premium', end: '2026-12-03T05:00:00.000Z' },
  ],
  failedPayments: [
    {
      id: 'u2',
      fullName: 'Pedro Ruiz',
      email: 'pedro@example.com',
      plan: 'Anual',
      amount: 300,
      failedAt: '2026-11-20T15:00:00.000Z',
      status: 'past_due',
    },
  ],
  computedAt: '2026-11-27T12:00:00.000Z',
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
    vi.mocked(api.getOverview).mockReset();
    vi.mocked(api.getOverview).mockResolvedValue(OVERVIEW);
    useOverviewStore.setState({ stats: null, status: 'idle', error: null });
    useChartsStore.setState({ overview: null, status: 'idle', error: null, period: 30, branch: '' });
    // The sede selector's sedes, as loaded (no request leaves the test).
    useBranchesStore.setState({ items: [{ id: 's1', name: 'Sede Centro' }], status: 'succeeded' } as never);
  });

  test('when the figures load, then each count links to its screen, with revenue and the latest messages', async () => {
    vi.mocked(api.getStats).mockResolvedValue(STATS);
    renderOverview();
    expect(screen.getAllByRole('status')[0]).toHaveTextContent('Cargando resumen');
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

  test('when the charts load, then each has its figures as a table, the heatmap its cells and the lists link to the member', async () => {
    vi.mocked(api.getStats).mockResolvedValue(STATS);
    renderOverview();
    expect(await screen.findByRole('heading', { name: 'Análisis' })).toBeInTheDocument();
    expect(await screen.findByText(/350,50 US\$ en 3 pagos/)).toBeInTheDocument();
    const revenue = screen.getByRole('region', { name: 'Ingresos: Ver como tabla' });
    expect(within(revenue).getByRole('columnheader', { name: 'Premium' })).toBeInTheDocument();
    expect(within(revenue).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('5 %')).toBeInTheDocument();
    const heatmap = screen.getByRole('region', { name: 'Ocupación por día y hora' });
    expect(within(heatmap).getByRole('rowheader', { name: 'Lunes' })).toBeInTheDocument();
    expect(within(heatmap).getByText('75 %')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Asistencia' }));
    expect(within(heatmap).getByText('83,3 %')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Clases más vacías' })).getByText('Pilates')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver a Lucía Gómez en Usuarios' })).toHaveAttribute(
      'href',
      '/dashboard/usuarios?q=lucia%40example.com',
    );
    expect(screen.getByText(/Anual · 300,00 US\$ · Falló el 20-11-2026 · En periodo de gracia/)).toBeInTheDocument();
  });

  test("when the period changes, then the figures of those days are asked for, counted back from the gym's today", async () => {
    vi.mocked(api.getStats).mockResolvedValue(STATS);
    renderOverview();
    await screen.findByRole('heading', { name: 'Análisis' });
    expect(vi.mocked(api.getOverview).mock.calls.at(-1)?.[0]).toEqual({ days: 30, branch: '' });
    await userEvent.selectOptions(screen.getByLabelText('Periodo'), 'Últimos 12 meses');
    // The days, not dates of this device's clock: the server counts them back from the gym's today.
    expect(vi.mocked(api.getOverview).mock.calls.at(-1)?.[0]).toEqual({ days: 365, branch: '' });
  });
});
