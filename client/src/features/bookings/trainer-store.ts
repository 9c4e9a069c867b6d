import { create } from 'zustand';
import type { SessionRosterDto, TaughtSessionDto } from '@pulso/shared';
import { createLoader, emptySlot, slot, type LoadOptions, type Slot } from '../../lib/resource';
import { getRoster, getTeachingSessions } from './api/bookings';

interface TeachingState {
  /** The sessions the trainer teaches in the coming days, keyed by `<userId>:<days>`. */
  teaching: Slot<TaughtSessionDto[]>;
  /** A session's list, keyed by `<userId>:<sessionId>`. */
  roster: Slot<SessionRosterDto | null>;
  fetchTeaching: (userId: string, days: number, options?: LoadOptions) => Promise<void>;
  fetchRoster: (userId: string, sessionId: string, options?: LoadOptions) => Promise<void>;
}

const TEACHING = slot<TeachingState, 'teaching'>('teaching', []);
const ROSTER = slot<TeachingState, 'roster'>('roster', null);

/** The keys of what one signed-in person read: another one signing in on this tab never sees it. */
export const teachingKey = (userId: string, days: number) => `${userId}:${days}`;
export const rosterKey = (userId: string, sessionId: string) => `${userId}|${sessionId}`;

/** A trainer's side of class sessions: what they teach soon ('Mis Clases') and who is in each. */
export const useTeachingStore = create<TeachingState>()((set, get) => {
  const { load } = createLoader(set, get);
  return {
    teaching: emptySlot([]),
    roster: emptySlot(null),
    fetchTeaching: (userId, days, options) =>
      load(TEACHING, teachingKey(userId, days), () => getTeachingSessions(days), options),
    fetchRoster: (userId, sessionId, options) =>
      load(ROSTER, rosterKey(userId, sessionId), () => getRoster(sessionId), options),
  };
});
