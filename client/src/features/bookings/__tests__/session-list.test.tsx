import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { bookSession, cancelBooking, getUpcomingSessions } from '../api/bookings';
import { SessionList } from '../components/session-list';
import { useBookingsStore } from '../store';
import { yogaSession } from './fixtures';

vi.mock('../api/bookings', () => ({
  getUpcomingSessions: vi.fn(),
  bookSession: vi.fn(),
  cancelBooking: vi.fn(),
}));

const SESSION = yogaSession();

function renderList(viewer: { signedIn: boolean; isMember: boolean } = { signedIn: true, isMember: true }) {
  render(
    <MemoryRouter>
      <SessionList lessonId={SESSION.lessonId} membershipKnown {...viewer} />
    </MemoryRouter>,
  );
}

describe('SessionList', () => {
  beforeEach(() => {
    useBookingsStore.setState(useBookingsStore.getInitialState(), true);
    vi.mocked(getUpcomingSessions).mockReset().mockResolvedValue([SESSION]);
    vi.mocked(bookSession).mockReset();
    vi.mocked(cancelBooking).mockReset();
  });

  test('when a member books a session, then the seats left drop and the result says it is confirmed', async () => {
    const user = userEvent.setup();
    vi.mocked(bookSession).mockResolvedValue({
      message: 'Reserva confirmada',
      result: 'confirmed',
      session: { ...SESSION, taken: 2, seatsLeft: 1, mine: { state: 'confirmed', position: null } },
    });
    renderList();
    const item = await screen.findByRole('listitem', { name: 'Lunes 7 de enero' });
    expect(item).toHaveTextContent('Quedan 2 lugares');
    await user.click(within(item).getByRole('button', { name: 'Reservar' }));
    expect(bookSession).toHaveBeenCalledWith(SESSION.id);
    expect(await screen.findByRole('alertdialog', { name: 'Resultado' })).toHaveTextContent('Reserva confirmada');
    expect(item).toHaveTextContent('Queda 1 lugar');
    expect(item).toHaveTextContent('Tienes un lugar');
  });

  test('when a member cancels, then they are asked first, and keeping the booking changes nothing', async () => {
    const user = userEvent.setup();
    const mine = { ...SESSION, mine: { state: 'confirmed' as const, position: null } };
    vi.mocked(getUpcomingSessions).mockResolvedValue([mine]);
    vi.mocked(cancelBooking).mockResolvedValue({ message: 'Reserva cancelada', result: 'cancelled', session: SESSION });
    renderList();
    const item = await screen.findByRole('listitem', { name: 'Lunes 7 de enero' });
    await user.click(within(item).getByRole('button', { name: 'Cancelar reserva' }));
    const question = screen.getByRole('alertdialog', { name: 'Cancelar reserva' });
    expect(question).toHaveTextContent('¿Quieres cancelar tu reserva del Yoga, Lunes 7 de enero a las 18:00?');
    await user.click(within(question).getByRole('button', { name: 'Volver' }));
    expect(cancelBooking).not.toHaveBeenCalled();

    await user.click(within(item).getByRole('button', { name: 'Cancelar reserva' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Cancelar reserva' })).getByRole('button', {
        name: 'Cancelar reserva',
      }),
    );
    expect(await screen.findByRole('alertdialog', { name: 'Resultado' })).toHaveTextContent('Reserva cancelada');
    expect(within(item).getByRole('button', { name: 'Reservar' })).toBeInTheDocument();
  });

  test('when the session is full, then the member is offered the waitlist; a visitor is asked to sign in instead', async () => {
    vi.mocked(getUpcomingSessions).mockResolvedValue([{ ...SESSION, taken: 3, seatsLeft: 0, waiting: 2 }]);
    renderList();
    const item = await screen.findByRole('listitem', { name: 'Lunes 7 de enero' });
    expect(item).toHaveTextContent('Clase llena · 2 personas en espera');
    expect(within(item).getByRole('button', { name: 'Unirme a la lista de espera' })).toBeInTheDocument();
  });

  test('when the gym cancelled a session or gave it a substitute, then the list says so', async () => {
    vi.mocked(getUpcomingSessions).mockResolvedValue([
      { ...SESSION, cancelled: true, cancelReason: 'Feriado', seatsLeft: 0, bookable: false },
      { ...SESSION, id: `${SESSION.lessonId}:2030-01-08`, date: '2030-01-08', substitute: 'Luis Paz' },
    ]);
    renderList();
    const cancelled = await screen.findByRole('listitem', { name: 'Lunes 7 de enero' });
    expect(cancelled).toHaveTextContent('Sesión cancelada: Feriado');
    expect(within(cancelled).queryByRole('button')).toBeNull();
    expect(screen.getByRole('listitem', { name: 'Martes 8 de enero' })).toHaveTextContent(
      'Profesor sustituto: Luis Paz',
    );
  });

  test('when a visitor looks, then no booking button shows and a link asks them to sign in', async () => {
    renderList({ signedIn: false, isMember: false });
    const item = await screen.findByRole('listitem', { name: 'Lunes 7 de enero' });
    expect(within(item).queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: 'Inicia sesión para reservar' })).toBeInTheDocument();
  });
});
