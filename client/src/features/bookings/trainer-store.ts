import { create } from 'zustand';
import type { SessionRosterDto, TaughtSessionDto } from '@pulso/shared';
import { createMutator, type Outcome } from '../../lib/mutation';
import { createLoader, emptySlot, slot, type LoadOptions, type Slot } from '../../lib/resource';
import { checkInFromRoster, getRoster, getTeachingSessions } from './api/bookings';

interface TeachingState {
  /** The sessions the trainer teaches in the coming days, keyed by `<userId>:<days>`. */
  teaching: Slot<TaughtSessionDto[]>;
  /** A session's list, keyed by `<userId>:<sessionId>`. */
  roster: Slot<SessionRosterDto | null>;
  fetchTeaching: (userId: string, days: number, options?: LoadOptions) => Promise<void>;
  fetchRoster: (userId: string, sessionId: string, options?: LoadOptions) => Promise<void>;
  /** The check-in in flight, as `<sessionId>|<memberId>`. */
  busy: string | null;
  /** Checks a booked member in from the list, then reads the list again. */
  checkIn: (userId: string, sessionId: string, memberId: string) => Promise<Outcome>;
}

const TEACHING = slot<TeachingState, 'teaching'>('teaching', []);
const ROSTER = slot<TeachingState, 'roster'>('roster', null);

/** The keys of what one signed-in person read: another one signing in on this tab never sees it. */
export const teachingKey = (userId: string, days: number) => `${userId}:${days}`;
export const rosterKey = (userId: string, sessionId: string) => `${userId}|${sessionId}`;

/** A trainer's side of class sessions: what they teach soon ('Mis Clases') and who is in each. */
export const useTeachingStore = create<TeachingState>()((set, get) => {
  const { load } = createLoader(set, get);
  const mutate = createMutator<TeachingState, string | null>(set, null);
  return {
    teaching: emptySlot([]),
    roster: emptySlot(null),
    busy: null,
    fetchTeaching: (userId, days, options) =>
      load(TEACHING, teachingKey(userId, days), () => getTeachingSessions(days), options),
    fetchRoster: (userId, sessionId, options) =>
      load(ROSTER, rosterKey(userId, sessionId), () => getRoster(sessionId), options),
    checkIn: async (userId, sessionId, memberId) => {
      const outcome = await mutate(
        `${sessionId}|${memberId}`,
        async () => (await checkInFromRoster(sessionId, memberId)).message,
      );
      await load(ROSTER, rosterKey(userId, sessionId), () => getRoster(sessionId), { quiet: true });
      return outcome;
    },
  };
});
