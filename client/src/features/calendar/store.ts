import { create } from 'zustand';
import type { CalendarEventDto, LoadStatus, UserDto } from '@pulso/shared';
import { createAction } from '../../lib/mutation';
import { createLoader, flat } from '../../lib/resource';
import * as api from './api/events';

interface CalendarState {
  /** The signed-in user, for the title line. */
  member: UserDto | null;
  memberStatus: LoadStatus;
  memberError: string | null;
  /** The events of the last range read (FullCalendar keeps what it shows). */
  events: CalendarEventDto[];
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

const MEMBER = flat<CalendarState, 'member'>({ value: 'member', status: 'memberStatus', error: 'memberError' }, null);
const EVENTS = flat<CalendarState, 'events'>({ value: 'events', status: 'status', error: 'error' }, []);

export const useCalendarStore = create<CalendarState>()((set, get) => {
  const { load } = createLoader(set, get);
  const act = createAction<CalendarState>(set);

  return {
    member: null,
    memberStatus: 'idle',
    memberError: null,
    events: [],
    status: 'idle',
    error: null,
    busy: false,
    actionError: null,
    loadMember: (userId) => load(MEMBER, null, () => api.getMember(userId)),
    fetchEvents: async (start, end) => {
      // Only the newest range's answer changes the status; every caller gets its own range's events.
      let events: CalendarEventDto[] = [];
      await load(EVENTS, null, async () => (events = await api.getEvents(start, end)), { rethrow: true });
      return events;
    },
    createEvent: (input) => act(() => api.createEvent(input)),
    deleteEvent: async (id) => (await act(() => api.deleteEvent(id).then(() => true))) ?? false,
    clearActionError: () => {
      if (get().actionError) set({ actionError: null });
    },
  };
});
