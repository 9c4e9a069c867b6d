import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { CalendarEventDto } from '@pulso/shared';
import { getEvents } from '../api/events';
import { CalendarBoard } from '../components/calendar-board';
import { useCalendarStore } from '../store';

vi.mock('../api/events', () => ({
  createEvent: vi.fn(),
  getEvents: vi.fn(),
  deleteEvent: vi.fn(),
  getMember: vi.fn(),
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

describe('CalendarBoard', () => {
  beforeEach(() => {
    useCalendarStore.setState(useCalendarStore.getInitialState(), true);
    vi.mocked(getEvents).mockReset();
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
