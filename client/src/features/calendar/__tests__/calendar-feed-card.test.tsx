import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { apiError } from '../../../test/helpers';
import { getCalendarFeed, renewCalendarFeed } from '../api/feed';
import { CalendarFeedCard } from '../components/calendar-feed-card';
import { useCalendarFeedStore } from '../feed-store';

vi.mock('../api/feed', () => ({ getCalendarFeed: vi.fn(), renewCalendarFeed: vi.fn() }));

const OLD = 'https://gym.example/api/calendar/feed/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics';
const NEW = 'https://gym.example/api/calendar/feed/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB.ics';

describe("CalendarFeedCard ('Calendario en tu móvil')", () => {
  beforeEach(() => {
    useCalendarFeedStore.setState(useCalendarFeedStore.getInitialState(), true);
    vi.mocked(getCalendarFeed).mockReset().mockResolvedValue({ url: OLD, createdAt: '2030-01-01T10:00:00.000Z' });
    vi.mocked(renewCalendarFeed).mockReset();
  });

  test('when the card opens, then the private address shows with how to add it to each calendar app', async () => {
    render(<CalendarFeedCard userId="u1" teaches={false} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Calendario en tu móvil' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Enlace privado de tu calendario')).toHaveValue(OLD);
    const steps = screen.getByRole('list');
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('strong')?.textContent),
    ).toEqual(['Google Calendar:', 'Apple Calendar:', 'Outlook:']);
    expect(screen.getByText(/no lo compartas/)).toBeInTheDocument();
    expect(screen.queryByText(/sesiones que das como profesor/)).not.toBeInTheDocument();
  });

  test('when a trainer opens it, then it says their taught sessions are in it too', async () => {
    render(<CalendarFeedCard userId="u1" teaches />);
    expect(await screen.findByText(/Incluye también las sesiones que das como profesor\./)).toBeInTheDocument();
  });

  test("when 'Copiar' is pressed, then the address is copied and the page says so", async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    render(<CalendarFeedCard userId="u1" teaches={false} />);
    await screen.findByDisplayValue(OLD);
    await user.click(screen.getByRole('button', { name: 'Copiar' }));
    expect(writeText).toHaveBeenCalledWith(OLD);
    expect(screen.getByRole('status')).toHaveTextContent('Enlace copiado.');
  });

  test('when a new address is asked for, then it asks first, and once confirmed the new one replaces the old', async () => {
    const user = userEvent.setup();
    vi.mocked(renewCalendarFeed).mockResolvedValue({
      message: 'Listo: este es tu enlace nuevo. El anterior dejó de funcionar.',
      feed: { url: NEW, createdAt: '2030-01-02T10:00:00.000Z' },
    });
    render(<CalendarFeedCard userId="u1" teaches={false} />);
    await screen.findByDisplayValue(OLD);
    await user.click(screen.getByRole('button', { name: 'Generar un enlace nuevo' }));
    const question = screen.getByRole('alertdialog', { name: 'Generar un enlace nuevo' });
    expect(question).toHaveTextContent('El enlace actual dejará de funcionar');
    // 'Volver' keeps the address.
    await user.click(within(question).getByRole('button', { name: 'Volver' }));
    expect(renewCalendarFeed).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Generar un enlace nuevo' }));
    await user.click(screen.getByRole('button', { name: 'Generar enlace nuevo' }));
    const result = await screen.findByRole('alertdialog', { name: 'Resultado' });
    expect(result).toHaveTextContent('Listo: este es tu enlace nuevo. El anterior dejó de funcionar.');
    expect(screen.getByLabelText('Enlace privado de tu calendario')).toHaveValue(NEW);
  });

  test('when the address cannot be loaded, then the reason shows with a retry', async () => {
    vi.mocked(getCalendarFeed).mockRejectedValue(
      apiError(500, { code: 'INTERNAL_ERROR', message: 'Error interno del servidor' }),
    );
    render(<CalendarFeedCard userId="u1" teaches={false} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No se pudo cargar el enlace de tu calendario. Error interno del servidor',
    );
    expect(screen.getByRole('button', { name: 'Generar un enlace nuevo' })).toBeDisabled();
  });
});
