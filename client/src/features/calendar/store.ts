import { create } from 'zustand';
import type { CalendarEventDto, LoadStatus, UserDto } from '@pulso/shared';
import { errorMessage } from '../../lib/api-client';
import * as api from './api/events';

interface CalendarState {
  /** The signed-in user, for the title line. */
  member: UserDto | null;
  memberStatus: LoadStatus;
  memberError: string | null;
  /** The last events load (one per visible range). */
  status: LoadStatus;
  error: string | null;
  /** Creating or deleting an event is in flight. */
  busy: boolean;
  /** The last create or delete failure, shown where the action was asked. */
  actionError: string | null;
  loadMember: (userId: string) => Promise<void>;
  /** Events of [start, end); throws on failure so FullCalendar's source sees it too. */
  fetchEvents: (start: string, end: string) => Promise<CalendarEventDto[]>;
  createEvent: (input: api.NewEventInput) => Promise<CalendarEventDto | null>;
  deleteEvent: (id: string) => Promise<boolean>;
  clearActionError: () => void;
}

export const useCalendarStore = create<CalendarState>()((set, get) => {
  // Only the newest range's answer may change the status: an older, slower one is ignored.
  let latestFetch = 0;
  const act = async <T>(run: () => Promise<T>): Promise<T | null> => {
    set({ busy: true, actionError: null });
    try {
      return await run();
    } catch (error) {
      set({ actionError: errorMessage(error) });
      return null;
    } finally {
      set({ busy: false });
    }
  };
  return {
    member: null,
    memberStatus: 'idle',
    memberError: null,
    status: 'idle',
    error: null,
    busy: false,
    actionError: null,
    loadMember: async (userId) => {
      set({ memberStatus: 'loading', memberError: null });
      try {
        set({ member: await api.getMember(userId), memberStatus: 'succeeded' });
      } catch (error) {
        set({ memberStatus: 'failed', memberError: errorMessage(error) });
      }
    },
    fetchEvents: async (start, end) => {
      const id = ++latestFetch;
      set({ status: 'loading', error: null });
      try {
        const events = await api.getEvents(start, end);
        if (id === latestFetch) set({ status: 'succeeded' });
        return events;
      } catch (error) {
        if (id === latestFetch) set({ status: 'failed', error: errorMessage(error) });
        throw error;
      }
    },
    createEvent: (input) => act(() => api.createEvent(input)),
    deleteEvent: async (id) => (await act(() => api.deleteEvent(id).then(() => true))) ?? false,
    clearActionError: () => {
      if (get().actionError) set({ actionError: null });
    },
  };
});
