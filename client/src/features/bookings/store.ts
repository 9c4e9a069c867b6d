import { create } from 'zustand';
import type { ClassSessionDto, NextSessionDto, WishDto } from '@pulso/shared';
import { createMutator, type Outcome } from '../../lib/mutation';
import { createLoader, emptySlot, slot, type LoadOptions, type Slot } from '../../lib/resource';
import {
  bookSession,
  cancelBooking,
  createWish,
  getMyWishes,
  getNextSessions,
  getUpcomingSessions,
  removeWish,
  type WishInput,
} from './api/bookings';

interface BookingsState {
  /** The upcoming sessions of the class on screen, keyed by its id. */
  upcoming: Slot<ClassSessionDto[]>;
  /** Every available class's next session with its places (the class list). */
  next: Slot<NextSessionDto[]>;
  /** The session whose booking or cancellation is in flight. */
  busy: string | null;
  fetchUpcoming: (lessonId: string, options?: LoadOptions) => Promise<void>;
  fetchNext: () => Promise<void>;
  book: (session: ClassSessionDto) => Promise<Outcome>;
  cancel: (session: ClassSessionDto) => Promise<Outcome>;
  /** The member's wider waits. */
  wishes: Slot<WishDto[]>;
  fetchWishes: (options?: LoadOptions) => Promise<void>;
  addWish: (input: WishInput) => Promise<Outcome>;
  removeWish: (id: string) => Promise<Outcome>;
}

const UPCOMING = slot<BookingsState, 'upcoming'>('upcoming', []);
const NEXT = slot<BookingsState, 'next'>('next', []);
const WISHES = slot<BookingsState, 'wishes'>('wishes', []);

/** Bookings of class sessions ('Reservar', 'Cancelar reserva'): the answer replaces the session shown. */
export const useBookingsStore = create<BookingsState>()((set, get) => {
  const { load } = createLoader(set, get);
  const mutate = createMutator<BookingsState, string | null>(set, null);
  const replace = (changed: ClassSessionDto) =>
    set((s) => ({
      upcoming: { ...s.upcoming, value: s.upcoming.value.map((x) => (x.id === changed.id ? changed : x)) },
    }));
  const change = (
    session: ClassSessionDto,
    send: (id: string) => Promise<{ message: string; session: ClassSessionDto }>,
  ) =>
    mutate(session.id, async () => {
      const answer = await send(session.id);
      replace(answer.session);
      return answer.message;
    });
  return {
    upcoming: emptySlot([]),
    next: emptySlot([]),
    busy: null,
    fetchUpcoming: (lessonId, options) => load(UPCOMING, lessonId, () => getUpcomingSessions(lessonId), options),
    fetchNext: () => load(NEXT, 'all', getNextSessions),
    book: (session) => change(session, bookSession),
    cancel: (session) => change(session, cancelBooking),
    wishes: emptySlot([]),
    fetchWishes: (options) => load(WISHES, 'mine', getMyWishes, options),
    addWish: (input) =>
      mutate('wish', async () => {
        const { message } = await createWish(input);
        void get().fetchWishes({ quiet: true });
        return message;
      }),
    removeWish: (id) =>
      mutate(`wish:${id}`, async () => {
        const message = await removeWish(id);
        void get().fetchWishes({ quiet: true });
        return message;
      }),
  };
});
