import type { Response } from 'express';
import mongoose, { type Types } from 'mongoose';
import {
  addDays,
  branchTimetableOf,
  nextSessionOf,
  parseSessionId,
  type NextSessionDto,
  type SessionSeats,
  type SessionState,
} from '@pulso/shared';
import { coalescedWrites } from '../../lib/coalesced-writes';
import { gymDate, gymDateTime, gymInstant } from '../../lib/gym-time';
import { sendCached } from '../../lib/read-cache';
import { loadModelValue, patchModel, registerReadModels } from '../../lib/read-models';
import { availableLessons } from '../lessons/lessons.views';
import { branchName } from '../branches/branches.service';
import { stateOf } from './bookings.engine';
import { SessionModel, type SessionDoc } from './bookings.model';
import type { BookingRules } from './bookings.service';
import { allStandingViews, holdsOn, type DateWindow, type StandingChange } from './bookings.standing';

/**
 * The seats board: what the class list shows of each class's next session (its places left, how
 * many wait, whether it was cancelled), from one read model instead of a read of every class's
 * session.
 *
 * It holds every stored session (something happened to it: a booking, a capacity of its own, a
 * cancellation) from yesterday on, keyed by session id, and each class's standing members' dates
 * (`standing:<classId>`: the places of its sessions never stored, bookings.standing.ts); a session
 * that is on neither has every place free. Each batch of a session hands the board the session as it stored it, with its version;
 * changes arriving while the board is written are written together by the next write (as the class
 * lists are: lessons.views.ts), and an entry gives way only to a later version of its session.
 * Past sessions leave it on every write.
 */

export const SEATS_BOARD = 'session-seats';

/** A session's entry: its seats, its date, and the version of the session they were read from. */
type SessionEntry = SessionSeats & { date: string; version: number };
/** A class's standing members' first and last dates, and the version of the document they were read from. */
type StandingEntry = {
  standing: [since: string, until: string | null, off?: DateWindow[]][];
  version: number;
};
type Entry = SessionEntry | StandingEntry;
type Board = Record<string, Entry>;

const isStanding = (entry: Entry): entry is StandingEntry => 'standing' in entry;
const standingKey = (lessonId: string) => `standing:${lessonId}`;

function standingEntryOf({ members, version }: StandingChange): StandingEntry {
  return { standing: members.map((s) => (s.off?.length ? [s.since, s.until, s.off] : [s.since, s.until])), version };
}

const sessions = () => mongoose.connection.collection<SessionDoc>(SessionModel.collection.collectionName);

function entryOf(
  date: string,
  state: Pick<SessionState, 'confirmed' | 'waitlist' | 'capacity' | 'cancelledAt' | 'version'>,
): SessionEntry {
  return {
    date,
    taken: state.confirmed.length,
    capacity: state.capacity ?? null,
    waiting: state.waitlist.length,
    cancelled: !!state.cancelledAt,
    version: state.version,
  };
}

/** Sessions before this date leave the board. */
const keepFrom = (now: Date) => addDays(now.toISOString().slice(0, 10), -1);

/**
 * Writes entries to the board, several sessions' at a time (lib/coalesced-writes.ts). An entry
 * gives way only to one of a later version of its session, so whatever order writers on any server
 * finish in, the board ends with the newest.
 */
const writeEntries = coalescedWrites<Entry>(
  async (entries) => {
    await patchModel<Board>(SEATS_BOARD, async (stored) => {
      const from = keepFrom(new Date());
      // A missing board is made whole first, so the other sessions are not lost from it.
      const kept = Object.entries(stored ?? (await boardFromSessions())).filter(([, entry]) =>
        isStanding(entry) ? entry.standing.length > 0 : entry.date >= from,
      );
      const board = new Map(kept);
      for (const [id, entry] of entries) {
        const current = board.get(id);
        if (!current || (current.version ?? 0) < entry.version) board.set(id, entry);
      }
      return Object.fromEntries(board);
    });
  },
  (queued, next) => (queued.version < next.version ? next : queued),
);

/** Brings the board's entry of session `id` in line with `state`, the session as its batch stored it. */
export function seatsChanged(id: string, state: SessionState): Promise<void> {
  return writeEntries(id, entryOf(parseSessionId(id)?.date ?? '', state));
}

/** Brings the board's standing entry of the class in line with its standing members after `change`. */
export function standingChanged(lessonId: Types.ObjectId, change: StandingChange | null): Promise<void> {
  return change ? writeEntries(standingKey(lessonId.toString()), standingEntryOf(change)) : Promise.resolve();
}

/**
 * The board made from the stored sessions and standing members (start-up, or a board gone missing):
 * a read of them all.
 */
async function boardFromSessions(): Promise<Board> {
  const from = keepFrom(new Date());
  const board: Board = {};
  for await (const doc of sessions().find({})) {
    const session = doc as SessionDoc;
    if (session.date >= from) board[String(session._id)] = entryOf(session.date, stateOf(session));
  }
  for (const [lessonId, { members, version }] of await allStandingViews()) {
    if (members.length > 0) board[standingKey(lessonId)] = standingEntryOf({ members, version });
  }
  return board;
}

/**
 * The seats of the class's session `id` on the board: its own entry when it was stored, or else the
 * places its standing members hold (the first ones by the class's capacity; the others wait).
 */
function seatsOn(board: Board, lesson: { id: string; capacity: number }, id: string): SessionSeats | undefined {
  const entry = board[id];
  if (entry && !isStanding(entry)) return entry;
  const standing = board[standingKey(lesson.id)];
  const date = parseSessionId(id)?.date;
  if (!standing || !isStanding(standing) || !date) return undefined;
  const holders = standing.standing.filter(([since, until, off]) => holdsOn({ since, until, off }, date)).length;
  return {
    taken: Math.min(holders, lesson.capacity),
    capacity: null,
    waiting: Math.max(0, holders - lesson.capacity),
    cancelled: false,
  };
}

/** The stored board; made and stored once when it is missing (a database from before it). */
async function loadBoard(): Promise<Board> {
  const stored = await loadModelValue<Board>(SEATS_BOARD);
  if (stored) return stored;
  await patchModel<Board>(SEATS_BOARD, async (current) => (current ? undefined : boardFromSessions()));
  return (await loadModelValue<Board>(SEATS_BOARD)) ?? {};
}

registerReadModels({
  name: SEATS_BOARD,
  async rebuildAll() {
    await patchModel<Board>(SEATS_BOARD, () => boardFromSessions());
    return 1;
  },
});

/**
 * GET /api/sessions/branch/:branchId: a sede's timetable, the sessions of its available classes on
 * the 7 days from today with their places, from the same two read models as the class list. 404 for
 * a sede that does not exist. Cached until the next session starts, the gym's midnight, or a write.
 */
export async function sendBranchTimetable(res: Response, branch: Types.ObjectId, rules: BookingRules): Promise<void> {
  const branchId = branch.toString();
  await sendCached(res, `sessions:branch:${branchId}`, async (cache) => {
    // The name read here, so that renaming the sede drops the answer.
    const [lessons, known, name] = await Promise.all([availableLessons(), loadBoard(), branchName(branch)]);
    const now = new Date();
    const clock = gymDateTime(now, rules.timeZone);
    const timetable = branchTimetableOf(
      { id: branchId, name: name ?? '' },
      lessons.filter((lesson) => lesson.officeId === branchId),
      (lesson, id) => seatsOn(known, lesson, id),
      clock,
    );
    const upcoming = timetable.slots
      .filter((s) => !s.started)
      .map((s) => gymInstant(s.start, rules.timeZone).getTime());
    const midnight = gymInstant(`${addDays(clock.slice(0, 10), 1)}T00:00`, rules.timeZone).getTime();
    cache.expireAt(Math.min(midnight, ...upcoming));
    return timetable;
  });
}

/**
 * GET /api/sessions/next: every available class's next session with its places, from two read
 * models (the class list and the seats board). Cached until the first of them starts, or a write.
 */
export async function sendNextSessions(res: Response, rules: BookingRules): Promise<void> {
  await sendCached(res, 'sessions:next', async (cache) => {
    const [lessons, known] = await Promise.all([availableLessons(), loadBoard()]);
    const now = new Date();
    const clock = gymDateTime(now, rules.timeZone);
    const next = lessons
      .map((lesson) => nextSessionOf(lesson, (id) => seatsOn(known, lesson, id), clock))
      .filter((s): s is NextSessionDto => s !== null);
    // The answer changes when a session starts (the next one is another), or at the gym's midnight.
    const starts = next.map((s) => gymInstant(s.start, rules.timeZone).getTime());
    const midnight = gymInstant(`${addDays(gymDate(now, rules.timeZone), 1)}T00:00`, rules.timeZone).getTime();
    cache.expireAt(Math.min(midnight, ...starts));
    return next;
  });
}
