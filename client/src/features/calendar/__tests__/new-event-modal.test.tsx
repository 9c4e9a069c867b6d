import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { MESSAGES, type CalendarEventDto } from '@pulso/shared';
import { createEvent } from '../api/events';
import { NewEventModal } from '../components/new-event-modal';
import { useCalendarStore } from '../store';

vi.mock('../api/events', () => ({
  createEvent: vi.fn(),
  getEvents: vi.fn(),
  deleteEvent: vi.fn(),
  getMember: vi.fn(),
}));

const SAVED: CalendarEventDto = {
  id: 'e'.repeat(24),
  title: 'Maratón',
  start: new Date(2026, 4, 1, 10).toISOString(),
  end: new Date(2026, 4, 1, 12).toISOString(),
  kind: 'gym',
  allDay: false,
};

function renderModal() {
  const onClose = vi.fn();
  const onCreated = vi.fn();
  render(<NewEventModal onClose={onClose} onCreated={onCreated} />);
  const dialog = screen.getByRole('dialog', { name: 'Nuevo Evento' });
  return { dialog, onClose, onCreated };
}

describe('NewEventModal', () => {
  beforeEach(() => {
    useCalendarStore.setState(useCalendarStore.getInitialState(), true);
    vi.mocked(createEvent).mockReset();
  });

  test('shows the labelled title, both date-times, Agregar evento and Atras', () => {
    const { dialog } = renderModal();
    const title = within(dialog).getByLabelText('Titulo');
    expect(title).toHaveAttribute('placeholder', 'Titulo');
    expect(title).toHaveFocus();
    expect(within(dialog).getByLabelText('Fecha y Hora Inicial')).toHaveAttribute('type', 'datetime-local');
    expect(within(dialog).getByLabelText('Fecha y Hora Final')).toHaveAttribute('type', 'datetime-local');
    expect(within(dialog).getByRole('button', { name: 'Agregar evento' })).toHaveAttribute('type', 'submit');
    expect(within(dialog).getByRole('button', { name: 'Atras' })).toBeInTheDocument();
  });

  test('when sent empty, then every field says what is missing and nothing is sent', async () => {
    const { dialog } = renderModal();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar evento' }));
    expect(within(dialog).getByText(MESSAGES.events.titleRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.events.startRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.events.endRequired)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Titulo')).toHaveAttribute('aria-invalid', 'true');
    expect(createEvent).not.toHaveBeenCalled();
  });

  test('when the end is before the start, then it says the end must be later', async () => {
    const { dialog } = renderModal();
    await userEvent.type(within(dialog).getByLabelText('Titulo'), 'Maratón');
    await userEvent.type(within(dialog).getByLabelText('Fecha y Hora Inicial'), '2026-05-01T10:00');
    await userEvent.type(within(dialog).getByLabelText('Fecha y Hora Final'), '2026-05-01T09:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar evento' }));
    expect(within(dialog).getByText(MESSAGES.events.endOrder)).toBeInTheDocument();
    expect(createEvent).not.toHaveBeenCalled();
  });

  test('when valid, then it saves the event, hands it over and closes', async () => {
    vi.mocked(createEvent).mockResolvedValue(SAVED);
    const { dialog, onClose, onCreated } = renderModal();
    await userEvent.type(within(dialog).getByLabelText('Titulo'), ' Maratón ');
    await userEvent.type(within(dialog).getByLabelText('Fecha y Hora Inicial'), '2026-05-01T10:00');
    await userEvent.type(within(dialog).getByLabelText('Fecha y Hora Final'), '2026-05-01T12:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar evento' }));
    expect(createEvent).toHaveBeenCalledWith({ title: 'Maratón', start: SAVED.start, end: SAVED.end });
    expect(onCreated).toHaveBeenCalledWith(SAVED);
    expect(onClose).toHaveBeenCalled();
  });

  test('when the server refuses, then its message shows in the modal, which stays open', async () => {
    vi.mocked(createEvent).mockRejectedValue(new Error(MESSAGES.events.titleTooLong));
    const { dialog, onClose, onCreated } = renderModal();
    await userEvent.type(within(dialog).getByLabelText('Titulo'), 'Maratón');
    await userEvent.type(within(dialog).getByLabelText('Fecha y Hora Inicial'), '2026-05-01T10:00');
    await userEvent.type(within(dialog).getByLabelText('Fecha y Hora Final'), '2026-05-01T12:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar evento' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.events.titleTooLong);
    expect(onCreated).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  test('when Atras is pressed, then it closes without saving', async () => {
    const { dialog, onClose } = renderModal();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Atras' }));
    expect(onClose).toHaveBeenCalled();
    expect(createEvent).not.toHaveBeenCalled();
  });
});
