import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { ClassSessionDto, LessonDto } from '@pulso/shared';
import { cancelSession, changeSession, getPlannedSessions, getRoster } from '../api/bookings';
import { getLessonById, getTrainers } from '../../lessons-dashboard/api/lessons-dashboard';
import { SessionsAdmin } from '../components/sessions-admin';
import { useSessionsAdminStore } from '../admin-store';
import { yogaSession } from './fixtures';

vi.mock('../api/bookings', () => ({
  getPlannedSessions: vi.fn(),
  getRoster: vi.fn(),
  changeSession: vi.fn(),
  cancelSession: vi.fn(),
}));
vi.mock('../../lessons-dashboard/api/lessons-dashboard', () => ({
  getLessonById: vi.fn(),
  getTrainers: vi.fn(),
}));

const LESSON_ID = '0123456789abcdef01234567';
const SESSION = yogaSession({
  lessonId: LESSON_ID,
  id: `${LESSON_ID}:2030-01-07`,
  capacity: 20,
  taken: 2,
  seatsLeft: 18,
});
const LATER: ClassSessionDto = {
  ...SESSION,
  id: `${LESSON_ID}:2030-01-14`,
  date: '2030-01-14',
  start: '2030-01-14T18:00',
  end: '2030-01-14T19:00',
  taken: 0,
  seatsLeft: 20,
  bookable: false,
};

function renderScreen() {
  render(
    <MemoryRouter>
      <SessionsAdmin lessonId={LESSON_ID} />
    </MemoryRouter>,
  );
}

describe('SessionsAdmin (/dashboard/clases/sesiones/:id)', () => {
  beforeEach(() => {
    useSessionsAdminStore.setState(useSessionsAdminStore.getInitialState(), true);
    vi.mocked(getPlannedSessions).mockReset().mockResolvedValue([SESSION, LATER]);
    vi.mocked(getRoster).mockReset();
    vi.mocked(changeSession).mockReset();
    vi.mocked(cancelSession).mockReset();
    vi.mocked(getLessonById)
      .mockReset()
      .mockResolvedValue({ name: 'Yoga', capacity: 20, monitor: 'Carlos Ruiz', monitorId: 'c1' } as LessonDto);
    vi.mocked(getTrainers)
      .mockReset()
      .mockResolvedValue([
        { id: 'c1', fullName: 'Carlos Ruiz', email: 'c@x.test', lessonDetails: [] },
        { id: 'l2', fullName: 'Lucía Gómez', email: 'l@x.test', lessonDetails: [] },
      ]);
  });

  test('when the screen opens, then each session of the coming weeks shows its places and whether bookings are open', async () => {
    renderScreen();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sesiones de Yoga' })).toBeInTheDocument();
    const first = await screen.findByRole('listitem', { name: 'Lunes 7 de enero' });
    expect(first).toHaveTextContent('2 de 20 lugares ocupados');
    expect(first).toHaveTextContent('Reservas abiertas');
    expect(screen.getByRole('listitem', { name: 'Lunes 14 de enero' })).toHaveTextContent('Reservas aún no abiertas');
    expect(getPlannedSessions).toHaveBeenCalledWith(LESSON_ID, 28);
  });

  test('when the admin opens a session’s list, then the people with a place, waiting and cancelling late are named', async () => {
    const user = userEvent.setup();
    vi.mocked(getRoster).mockResolvedValue({
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
      lateCancels: [{ memberId: 'd', name: 'Dani Sol', at: '2030-01-07T17:00:00.000Z' }],
    });
    renderScreen();
    const item = await screen.findByRole('listitem', { name: 'Lunes 7 de enero' });
    await user.click(within(item).getByRole('button', { name: 'Ver lista' }));
    const dialog = await screen.findByRole('dialog', { name: /^Lista: Lunes 7 de enero/ });
    expect(await within(dialog).findByText(/Ana Ruiz/)).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Lugar 2 Bea Gil (desde la lista de espera)');
    expect(within(dialog).getByRole('heading', { name: 'En lista de espera' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Cris Paz');
    expect(dialog).toHaveTextContent('Cancelaciones tardías');
    expect(dialog).toHaveTextContent('Dani Sol');
    expect(getRoster).toHaveBeenCalledWith(SESSION.id);
  });

  test('when the admin gives a session a smaller capacity and a substitute, then the form is checked first and the answer replaces the session', async () => {
    const user = userEvent.setup();
    vi.mocked(changeSession).mockResolvedValue({
      message: 'Sesión actualizada',
      session: { ...SESSION, capacity: 2, seatsLeft: 0, substitute: 'Lucía Gómez' },
    });
    renderScreen();
    const item = await screen.findByRole('listitem', { name: 'Lunes 7 de enero' });
    await user.click(within(item).getByRole('button', { name: 'Cambiar cupo o profesor' }));
    const dialog = await screen.findByRole('dialog', { name: /^Cambiar la sesión del Lunes 7 de enero/ });
    const capacity = within(dialog).getByLabelText('Cupo');
    await user.clear(capacity);
    await user.type(capacity, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(within(dialog).getByText('El cupo debe ser un número entero entre 1 y 1000')).toBeInTheDocument();
    expect(changeSession).not.toHaveBeenCalled();

    await user.clear(capacity);
    await user.type(capacity, '2');
    const trainer = within(dialog).getByLabelText('Profesor');
    expect(
      within(trainer)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Carlos Ruiz (profesor de la clase)', 'Lucía Gómez']);
    await user.selectOptions(trainer, 'l2');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(changeSession).toHaveBeenCalledWith(SESSION.id, { capacity: '2', trainerId: 'l2' });
    expect(await screen.findByRole('alertdialog', { name: 'Resultado' })).toHaveTextContent('Sesión actualizada');
    expect(item).toHaveTextContent('2 de 2 lugares ocupados');
    expect(item).toHaveTextContent('Profesor sustituto: Lucía Gómez');
  });

  test('when the admin cancels a session, then a reason is required, and the session shows it was cancelled', async () => {
    const user = userEvent.setup();
    vi.mocked(cancelSession).mockResolvedValue({
      message: 'Sesión cancelada: se avisó por correo a las personas con reserva',
      session: { ...SESSION, cancelled: true, cancelReason: 'Día festivo' },
    });
    renderScreen();
    const item = await screen.findByRole('listitem', { name: 'Lunes 7 de enero' });
    await user.click(within(item).getByRole('button', { name: 'Cancelar sesión' }));
    const dialog = await screen.findByRole('alertdialog', { name: /^Cancelar la sesión del Lunes 7 de enero/ });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar sesión' }));
    expect(within(dialog).getByText('Indica el motivo de la cancelación')).toBeInTheDocument();
    expect(cancelSession).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText('Motivo'), 'Día festivo');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar sesión' }));
    expect(cancelSession).toHaveBeenCalledWith(SESSION.id, 'Día festivo');
    expect(await screen.findByRole('alertdialog', { name: 'Resultado' })).toHaveTextContent('Sesión cancelada');
    expect(item).toHaveTextContent('Sesión cancelada: Día festivo');
    expect(within(item).queryByRole('button', { name: 'Cancelar sesión' })).not.toBeInTheDocument();
  });
});
