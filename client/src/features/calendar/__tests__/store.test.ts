import { AxiosError, AxiosHeaders } from 'axios';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { MESSAGES, type CalendarEventDto } from '@pulso/shared';
import * as api from '../api/events';
import { useCalendarStore } from '../store';

vi.mock('../api/events', () => ({
  getEvents: vi.fn(),
  createEvent: vi.fn(),
  deleteEvent: vi.fn(),
  getMember: vi.fn(),
}));

const EVENT: CalendarEventDto = {
  id: 'e'.repeat(24),
  title: 'Maratón',
  start: '2026-05-01T10:00:00.000Z',
  end: '2026-05-01T12:00:00.000Z',
  kind: 'gym',
  allDay: false,
};

function apiError(status: number, message: string) {
  const headers = new AxiosHeaders();
  return new AxiosError('failed', 'ERR_BAD_REQUEST', { headers }, null, {
    status,
    statusText: '',
    headers: {},
    config: { headers },
    data: { code: 'VALIDATION_FAILED', message },
  });
}

describe('useCalendarStore', () => {
  beforeEach(() => {
    useCalendarStore.setState(useCalendarStore.getInitialState(), true);
    vi.mocked(api.getEvents).mockReset();
    vi.mocked(api.createEvent).mockReset();
    vi.mocked(api.deleteEvent).mockReset();
    vi.mocked(api.getMember).mockReset();
  });

  test('when the events of a range load, then they are returned and the status succeeds', async () => {
    vi.mocked(api.getEvents).mockResolvedValue([EVENT]);
    const events = await useCalendarStore.getState().fetchEvents('2026-04-27T00:00:00Z', '2026-06-08T00:00:00Z');
    expect(events).toEqual([EVENT]);
    expect(api.getEvents).toHaveBeenCalledWith('2026-04-27T00:00:00Z', '2026-06-08T00:00:00Z');
    expect(useCalendarStore.getState()).toMatchObject({ status: 'succeeded', error: null });
  });

  test('when the events fail to load, then the Spanish message is kept and the failure reaches the caller', async () => {
    vi.mocked(api.getEvents).mockRejectedValue(apiError(400, MESSAGES.events.rangeTooLong));
    await expect(useCalendarStore.getState().fetchEvents('a', 'b')).rejects.toBeInstanceOf(AxiosError);
    expect(useCalendarStore.getState()).toMatchObject({ status: 'failed', error: MESSAGES.events.rangeTooLong });
  });

  test('when an older range answers after a newer one, then it does not change the status', async () => {
    let failOld: (error: unknown) => void = () => undefined;
    vi.mocked(api.getEvents)
      .mockReturnValueOnce(new Promise((_, reject) => (failOld = reject)))
      .mockResolvedValueOnce([EVENT]);
    const older = useCalendarStore.getState().fetchEvents('old', 'old');
    await useCalendarStore.getState().fetchEvents('new', 'new');
    failOld(new Error('tarde'));
    await expect(older).rejects.toThrow('tarde');
    expect(useCalendarStore.getState().status).toBe('succeeded');
  });

  test('when an event is created, then the saved event is returned', async () => {
    vi.mocked(api.createEvent).mockResolvedValue(EVENT);
    const input = { title: 'Maratón', start: EVENT.start, end: EVENT.end };
    await expect(useCalendarStore.getState().createEvent(input)).resolves.toEqual(EVENT);
    expect(api.createEvent).toHaveBeenCalledWith(input);
    expect(useCalendarStore.getState()).toMatchObject({ busy: false, actionError: null });
  });

  test('when creating fails, then null comes back and the server’s message is kept', async () => {
    vi.mocked(api.createEvent).mockRejectedValue(apiError(400, MESSAGES.events.endOrder));
    await expect(
      useCalendarStore.getState().createEvent({ title: 'x', start: EVENT.end, end: EVENT.start }),
    ).resolves.toBeNull();
    expect(useCalendarStore.getState()).toMatchObject({ busy: false, actionError: MESSAGES.events.endOrder });
    useCalendarStore.getState().clearActionError();
    expect(useCalendarStore.getState().actionError).toBeNull();
  });

  test('when deleting succeeds or fails, then it says so', async () => {
    vi.mocked(api.deleteEvent).mockResolvedValueOnce().mockRejectedValueOnce(apiError(404, MESSAGES.events.notFound));
    await expect(useCalendarStore.getState().deleteEvent(EVENT.id)).resolves.toBe(true);
    await expect(useCalendarStore.getState().deleteEvent(EVENT.id)).resolves.toBe(false);
    expect(useCalendarStore.getState().actionError).toBe(MESSAGES.events.notFound);
  });

  test('when the member loads or fails, then the status follows', async () => {
    vi.mocked(api.getMember).mockRejectedValueOnce(new Error('caído'));
    await useCalendarStore.getState().loadMember('u1');
    expect(useCalendarStore.getState()).toMatchObject({ memberStatus: 'failed', memberError: 'caído' });
  });
});
