import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { TaughtSessionDto } from '@pulso/shared';
import { apiError } from '../../../test/helpers';
import { getTeachingSessions } from '../api/bookings';
import { TeachingSessions } from '../components/teaching-sessions';
import { useTeachingStore } from '../trainer-store';
import { yogaSession } from './fixtures';

vi.mock('../api/bookings', () => ({ getTeachingSessions: vi.fn(), getRoster: vi.fn() }));

const taught = (fields: Partial<TaughtSessionDto> = {}): TaughtSessionDto => ({
  ...yogaSession(),
  branch: 'Sede Centro',
  substituting: false,
  ...fields,
});

const SESSIONS: TaughtSessionDto[] = [
  taught({ capacity: 20, taken: 8, seatsLeft: 12, waiting: 0 }),
  taught({
    id: '0123456789abcdef01234567:2030-01-09',
    date: '2030-01-09',
    start: '2030-01-09T18:00',
    end: '2030-01-09T19:00',
    capacity: 20,
    taken: 20,
    seatsLeft: 0,
    waiting: 3,
  }),
  taught({
    id: 'abcdefabcdefabcdefabcdef:2030-01-10',
    lessonId: 'abcdefabcdefabcdefabcdef',
    lessonName: 'Spinning',
    branch: 'Sede Norte',
    date: '2030-01-10',
    start: '2030-01-10T07:00',
    end: '2030-01-10T08:00',
    substituting: true,
    cancelled: true,
    cancelReason: 'Feriado',
    seatsLeft: 0,
  }),
];

function renderList() {
  render(
    <MemoryRouter>
      <TeachingSessions userId="t1" days={7} />
    </MemoryRouter>,
  );
}

describe("TeachingSessions (the trainer's 'Mis Clases')", () => {
  beforeEach(() => {
    useTeachingStore.setState(useTeachingStore.getInitialState(), true);
    vi.mocked(getTeachingSessions).mockReset().mockResolvedValue(SESSIONS);
  });

  test('when the trainer has sessions, then each shows its day, hours, class, sede, places and waitlist, with a link to its list', async () => {
    renderList();
    expect(screen.getByRole('heading', { name: 'Próximas sesiones' })).toBeInTheDocument();
    expect(screen.getByText('Las sesiones que das en los próximos 7 días.')).toBeInTheDocument();
    const monday = await screen.findByRole('listitem', { name: 'Lunes 7 de enero, 18:00 a 19:00' });
    expect(monday).toHaveTextContent('Yoga · Sede Centro');
    expect(monday).toHaveTextContent('Quedan 12 lugares');
    const link = within(monday).getByRole('link', { name: 'Ver lista' });
    expect(link).toHaveAttribute('href', '/profile/sesiones/0123456789abcdef01234567%3A2030-01-07');
    expect(link).toHaveAccessibleDescription('Lunes 7 de enero, 18:00 a 19:00');

    const full = screen.getByRole('listitem', { name: 'Miércoles 9 de enero, 18:00 a 19:00' });
    expect(full).toHaveTextContent('Clase llena · 3 personas en espera');

    const cancelled = screen.getByRole('listitem', { name: 'Jueves 10 de enero, 07:00 a 08:00' });
    expect(cancelled).toHaveTextContent('Spinning · Sede Norte');
    expect(cancelled).toHaveTextContent('Como profesor sustituto');
    expect(cancelled).toHaveTextContent('Cancelada Feriado');
    expect(getTeachingSessions).toHaveBeenCalledWith(7);
  });

  test('when the trainer has no sessions in the coming days, then the card says so', async () => {
    vi.mocked(getTeachingSessions).mockResolvedValue([]);
    renderList();
    expect(await screen.findByText('No tienes sesiones en los próximos días.')).toBeInTheDocument();
  });

  test('when the sessions cannot be loaded, then the reason shows with a retry', async () => {
    vi.mocked(getTeachingSessions).mockRejectedValue(
      apiError(403, { code: 'FORBIDDEN', message: 'No tienes permiso para realizar esta acción' }),
    );
    renderList();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudieron cargar tus sesiones. No tienes permiso para realizar esta acción');
    expect(within(alert).getByRole('button', { name: 'Intenta de nuevo' })).toBeInTheDocument();
  });
});
