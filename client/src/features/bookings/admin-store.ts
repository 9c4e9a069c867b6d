import { create } from 'zustand';
import { SESSION_PLANNING_DAYS, type ClassSessionDto, type SessionRosterDto } from '@pulso/shared';
import { createMutator, type Outcome } from '../../lib/mutation';
import { createLoader, emptySlot, slot, type LoadOptions, type Slot } from '../../lib/resource';
import { cancelSession, changeSession, checkInFromRoster, getPlannedSessions, getRoster } from './api/bookings';

interface SessionsAdminState {
  /** The class's sessions in the planning period, keyed by the class's id. */
  planned: Slot<ClassSessionDto[]>;
  /** The roster open in the dialog, keyed by its session's id. */
  roster: Slot<SessionRosterDto | null>;
  /** The session whose change is in flight. */
  busy: string | null;
  fetchPlanned: (lessonId: string, options?: LoadOptions) => Promise<void>;
  fetchRoster: (sessionId: string) => Promise<void>;
  change: (session: ClassSessionDto, values: { capacity: string; trainerId: string }) => Promise<Outcome>;
  cancel: (session: ClassSessionDto, reason: string) => Promise<Outcome>;
  /** Checks a booked member in from the roster, then reads the roster again. */
  checkIn: (sessionId: string, memberId: string) => Promise<Outcome>;
}

const PLANNED = slot<SessionsAdminState, 'planned'>('planned', []);
const ROSTER = slot<SessionsAdminState, 'roster'>('roster', null);

/** The dashboard's sessions of one class: the plan ahead, a session's roster, an admin's changes. */
export const useSessionsAdminStore = create<SessionsAdminState>()((set, get) => {
  const { load } = createLoader(set, get);
  const mutate = createMutator<SessionsAdminState, string | null>(set, null);
  const replace = (changed: ClassSessionDto) =>
    set((s) => ({
      planned: { ...s.planned, value: s.planned.value.map((x) => (x.id === changed.id ? changed : x)) },
    }));
  const run = (session: ClassSessionDto, send: () => Promise<{ message: string; session: ClassSessionDto }>) =>
    mutate(session.id, async () => {
      const answer = await send();
      replace(answer.session);
      return answer.message;
    });
  return {
    planned: emptySlot([]),
    roster: emptySlot(null),
    busy: null,
    fetchPlanned: (lessonId, options) =>
      load(PLANNED, lessonId, () => getPlannedSessions(lessonId, SESSION_PLANNING_DAYS.default), options),
    fetchRoster: (sessionId) => load(ROSTER, sessionId, () => getRoster(sessionId)),
    change: (session, values) => run(session, () => changeSession(session.id, values)),
    cancel: (session, reason) => run(session, () => cancelSession(session.id, reason)),
    checkIn: async (sessionId, memberId) => {
      const outcome = await mutate(
        `${sessionId}|${memberId}`,
        async () => (await checkInFromRoster(sessionId, memberId)).message,
      );
      await load(ROSTER, sessionId, () => getRoster(sessionId), { quiet: true });
      return outcome;
    },
  };
});
