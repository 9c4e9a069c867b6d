import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { apiError } from '../../../test/helpers';
import { checkInFromRoster, getRoster } from '../api/bookings';
import { TrainerRoster } from '../components/trainer-roster';
import { useTeachingStore } from '../trainer-store';
import { yogaSession } from './fixtures';

vi.mock('../api/bookings', () => ({ getTeachingSessions: vi.fn(), getRoster: vi.fn(), checkInFromRoster: vi.fn() }));

const SESSION = yogaSession({ capacity: 2, taken: 2, seatsLeft: 0, waiting: 1 });

function renderPage(userId = 't1') {
  return render(
    <MemoryRouter>
      <TrainerRoster userId={userId} sessionId={SESSION.id} />
    </MemoryRouter>,
  );
}

describe('TrainerRoster (/profile/sesiones/:sessionId)', () => {
  beforeEach(() => {
    useTeachingStore.setState(useTeachingStore.getInitialState(), true);
    vi.mocked(checkInFromRoster).mockReset();
    vi.mocked(getRoster)
      .mockReset()
      .mockResolvedValue({
        session: SESSION,
        confirmed: [
          {
            memberId: 'a',
            name: 'Ana Ruiz',
            seat: 1,
            at: '2030-01-01T10:00:00.000Z',
            promoted: false,
            checkedIn: null,
            noShow: false,
          },
          {
            memberId: 'b',
            name: 'Bea Gil',
            seat: 2,
            at: '2030-01-02T10:00:00.000Z',
            promoted: true,
            checkedIn: null,
            noShow: false,
          },
        ],
        waiting: [{ memberId: 'c', name: 'Cris Paz', position: 1, at: '2030-01-03T10:00:00.000Z' }],
        lateCancels: [],
      });
  });

  test('when the trainer opens a session they teach, then its places are named by seat and its waitlist in order', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Yoga, Lunes 7 de enero' })).toBeInTheDocument();
    expect(screen.getByText('18:00 a 19:00')).toBeInTheDocument();
    expect(screen.getByText(/2 de 2 lugares ocupados/)).toHaveTextContent(
      '2 de 2 lugares ocupados · 1 persona en espera',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Con lugar' })).toBeInTheDocument();
    const places = screen.getAllByRole('listitem');
    expect(places[0]).toHaveTextContent('Lugar 1 Ana Ruiz');
    expect(places[1]).toHaveTextContent('Lugar 2 Bea Gil (desde la lista de espera)');
    expect(screen.getByRole('heading', { level: 2, name: 'En lista de espera' })).toBeInTheDocument();
    expect(places[2]).toHaveTextContent('Cris Paz');
    expect(screen.queryByRole('heading', { name: 'Cancelaciones tardías' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a mi perfil' })).toHaveAttribute('href', '/profile');
    expect(getRoster).toHaveBeenCalledWith(SESSION.id);
  });

  test("when the trainer presses 'Registrar entrada' for a member, then the server checks them in and the list shows it", async () => {
    const user = userEvent.setup();
    vi.mocked(checkInFromRoster).mockResolvedValue({
      message: 'Entrada registrada: Ana Ruiz',
      memberId: 'a'.repeat(24),
      memberName: 'Ana Ruiz',
      already: false,
      session: SESSION,
    });
    renderPage();
    const ana = await screen.findByRole('button', { name: /Ana Ruiz/ });
    vi.mocked(getRoster).mockResolvedValueOnce({
      session: SESSION,
      confirmed: [
        {
          memberId: 'a',
          name: 'Ana Ruiz',
          seat: 1,
          at: '2030-01-01T10:00:00.000Z',
          promoted: false,
          checkedIn: '2030-01-07T17:55:00.000Z',
          noShow: false,
        },
      ],
      waiting: [],
      lateCancels: [],
    });
    await user.click(ana);
    expect(checkInFromRoster).toHaveBeenCalledWith(SESSION.id, 'a');
    expect(await screen.findByText('Entrada registrada: Ana Ruiz')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Ana Ruiz/ })).not.toBeInTheDocument();
  });

  test('when the session is not theirs, then the server’s reason shows with a retry and a way back', async () => {
    vi.mocked(getRoster).mockRejectedValue(
      apiError(403, { code: 'FORBIDDEN', message: 'Solo el profesor de esta sesión puede ver su lista' }),
    );
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'No se pudo cargar la lista de la sesión. Solo el profesor de esta sesión puede ver su lista',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Lista de la sesión' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Intenta de nuevo' })).toBeInTheDocument();
  });

  test('when another person signs in on the same tab, then the list read for the first one is not shown', async () => {
    const first = renderPage('t1');
    await screen.findByText(/Ana Ruiz/);
    first.unmount();
    vi.mocked(getRoster).mockReturnValue(new Promise(() => undefined));
    renderPage('t2');
    expect(screen.queryByText(/Ana Ruiz/)).not.toBeInTheDocument();
    expect(screen.getByText('Cargando la lista...')).toBeInTheDocument();
  });
});
