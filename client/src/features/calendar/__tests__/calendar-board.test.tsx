import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { CalendarEventDto } from '@pulso/shared';
import { yogaSession } from '../../bookings/__tests__/fixtures';
import { bookSession, getSession } from '../../bookings/api/bookings';
import { getEvents } from '../api/events';
import { CalendarBoard } from '../components/calendar-board';
import { useCalendarStore } from '../store';

vi.mock('../api/events', () => ({
  createEvent: vi.fn(),
  getEvents: vi.fn(),
  deleteEvent: vi.fn(),
  getMember: vi.fn(),
}));

vi.mock('../../bookings/api/bookings', () => ({
  bookSession: vi.fn(),
  cancelBooking: vi.fn(),
  getSession: vi.fn(),
}));

const today = new Date();
const iso = (d: Date) => d.toISOString().slice(0, 10);
const PLAN: CalendarEventDto = {
  id: 'plan-1',
  title: 'Plus: Yoga, Spinning',
  start: iso(new Date(today.getFullYear(), today.getMonth(), 1, 12)),
  end: iso(new Date(today.getFullYear(), today.getMonth() + 2, 1, 12)),
  kind: 'plan',
  allDay: true,
};

/** Today's Yoga of the member's schedule, at 18:00. */
const LESSON = '0123456789abcdef01234567';
const YOGA: CalendarEventDto = {
  id: `class:${LESSON}:${iso(today)}`,
  title: 'Yoga',
  start: `${iso(today)}T18:00:00`,
  end: `${iso(today)}T19:00:00`,
  kind: 'class',
  allDay: false,
};

describe('CalendarBoard', () => {
  beforeEach(() => {
    useCalendarStore.setState(useCalendarStore.getInitialState(), true);
    vi.mocked(getEvents).mockReset();
    vi.mocked(getSession).mockReset();
    vi.mocked(bookSession).mockReset();
  });

  test("when a member picks a class with the keyboard, then that date's places show and 'Reservar' books it", async () => {
    vi.mocked(getEvents).mockResolvedValue([YOGA]);
    const session = yogaSession({ id: `${LESSON}:${iso(today)}`, date: iso(today), seatsLeft: 2, waiting: 0 });
    vi.mocked(getSession).mockResolvedValue(session);
    vi.mocked(bookSession).mockResolvedValue({
      message: 'Reserva confirmada',
      result: 'confirmed',
      session: { ...session, seatsLeft: 1, mine: { state: 'confirmed', position: null } },
    });
    render(<CalendarBoard isAdmin={false} />);
    // Its name starts with what it shows, its hour and title (WCAG 2.5.3), then the hint.
    const event = await screen.findByRole('button', {
      name: /^\S+ Yoga\. Clase: pulsa Enter para ver la sesión y reservar\.$/,
    });
    const hour = event.querySelector('.fc-event-time')?.textContent ?? '';
    expect(hour).not.toBe('');
    expect(event.getAttribute('aria-label')?.startsWith(`${hour} `)).toBe(true);
    event.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: /^Yoga, / });
    expect(getSession).toHaveBeenCalledWith(`${LESSON}:${iso(today)}`);
    expect(await within(dialog).findByText('Quedan 2 lugares')).toBeInTheDocument();
    expect(within(dialog).getByText('18:00 a 19:00')).toBeInTheDocument();
    const calls = vi.mocked(getEvents).mock.calls.length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reservar' }));
    expect(bookSession).toHaveBeenCalledWith(`${LESSON}:${iso(today)}`);
    const result = await screen.findByRole('alertdialog', { name: 'Resultado' });
    expect(result).toHaveTextContent('Reserva confirmada');
    expect(screen.queryByRole('dialog', { name: /^Yoga, / })).toBeNull();
    await waitFor(() => expect(vi.mocked(getEvents).mock.calls.length).toBeGreaterThan(calls));
  });

  test('when the session is full or not open yet, then the dialog says so and offers the waitlist or nothing', async () => {
    vi.mocked(getEvents).mockResolvedValue([YOGA]);
    vi.mocked(getSession)
      .mockResolvedValueOnce(yogaSession({ seatsLeft: 0, taken: 3, waiting: 2 }))
      .mockResolvedValueOnce(yogaSession({ bookable: false }));
    render(<CalendarBoard isAdmin={false} />);
    const event = await screen.findByRole('button', { name: /Yoga\. Clase:/ });
    await userEvent.click(event);
    let dialog = await screen.findByRole('dialog', { name: /^Yoga, / });
    expect(await within(dialog).findByText(/Clase llena/)).toBeInTheDocument();
    expect(within(dialog).getByText(/2 personas en espera/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Unirme a la lista de espera' })).toBeEnabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await userEvent.click(event);
    dialog = await screen.findByRole('dialog', { name: /^Yoga, / });
    expect(await within(dialog).findByText('Reservas aún no abiertas')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Reservar|lista de espera/ })).toBeNull();
  });

  test('when the session cannot be loaded, then the dialog says why and retries', async () => {
    vi.mocked(getEvents).mockResolvedValue([YOGA]);
    vi.mocked(getSession).mockRejectedValueOnce(new Error('caído')).mockResolvedValueOnce(yogaSession());
    render(<CalendarBoard isAdmin={false} />);
    await userEvent.click(await screen.findByRole('button', { name: /Yoga\. Clase:/ }));
    const dialog = await screen.findByRole('dialog', { name: /^Yoga, / });
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('No se pudo cargar la sesión. caído');
    await userEvent.click(within(alert).getByRole('button', { name: 'Intenta de nuevo' }));
    expect(await within(dialog).findByRole('button', { name: 'Reservar' })).toBeInTheDocument();
  });

  test('opens on the month with the spec’s toolbar labels and the plan event of the visible range', async () => {
    vi.mocked(getEvents).mockResolvedValue([PLAN]);
    const { container } = render(<CalendarBoard isAdmin={false} />);
    for (const label of ['hoy', 'mes', 'semana', 'dia', 'lista']) {
      expect(screen.getByRole('button', { name: label })).toBeInTheDocument();
    }
    expect(container.querySelector('.fc-dayGridMonth-view')).not.toBeNull();
    expect((await screen.findAllByText(PLAN.title)).length).toBeGreaterThan(0);
    const [start, end] = vi.mocked(getEvents).mock.calls[0] ?? [];
    expect(new Date(end ?? '').getTime() - new Date(start ?? '').getTime()).toBe(42 * 86_400_000);
    expect(screen.queryByRole('button', { name: 'Nuevo Evento' })).toBeNull();
  });

  test('when the view changes, then prev and next are named for its unit and their icons are hidden', async () => {
    vi.mocked(getEvents).mockResolvedValue([]);
    const { container } = render(<CalendarBoard isAdmin={false} />);
    expect(await screen.findByRole('button', { name: 'Mes anterior' })).toHaveAttribute('aria-label', 'Mes anterior');
    expect(screen.getByRole('button', { name: 'Mes siguiente' })).toHaveAttribute('aria-label', 'Mes siguiente');
    for (const icon of container.querySelectorAll('.fc-prev-button .fc-icon, .fc-next-button .fc-icon')) {
      expect(icon).toHaveAttribute('aria-hidden', 'true');
    }
    await userEvent.click(screen.getByRole('button', { name: 'semana' }));
    expect(await screen.findByRole('button', { name: 'Semana anterior' })).toHaveAttribute(
      'aria-label',
      'Semana anterior',
    );
    await userEvent.click(screen.getByRole('button', { name: 'dia' }));
    expect(await screen.findByRole('button', { name: 'Día siguiente' })).toHaveAttribute('aria-label', 'Día siguiente');
  });

  test("when there is no event to focus, then each view's scroll box is a focusable region named for it", async () => {
    vi.mocked(getEvents).mockResolvedValue([]);
    render(<CalendarBoard isAdmin={false} />);
    const month = await screen.findByRole('region', { name: 'Calendario: semanas del mes' });
    expect(month).toHaveAttribute('tabindex', '0');
    for (const [button, name] of [
      ['semana', 'Calendario: horas de la semana'],
      ['dia', 'Calendario: horas del día'],
      ['lista', 'Calendario: eventos de la semana'],
    ] as const) {
      await userEvent.click(screen.getByRole('button', { name: button }));
      expect(await screen.findByRole('region', { name })).toHaveAttribute('tabindex', '0');
    }
  });

  test('when the events fail to load, then a Spanish message shows with a retry', async () => {
    vi.mocked(getEvents).mockRejectedValueOnce(new Error('caído')).mockResolvedValueOnce([PLAN]);
    render(<CalendarBoard isAdmin={false} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudieron cargar los eventos del calendario. caído');
    await userEvent.click(within(alert).getByRole('button', { name: 'Intenta de nuevo' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(getEvents).toHaveBeenCalledTimes(2);
  });

  test('for admins, Nuevo Evento opens the form and Atras closes it', async () => {
    vi.mocked(getEvents).mockResolvedValue([]);
    render(<CalendarBoard isAdmin />);
    await userEvent.click(screen.getByRole('button', { name: 'Nuevo Evento' }));
    const dialog = screen.getByRole('dialog', { name: 'Nuevo Evento' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Atras' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
