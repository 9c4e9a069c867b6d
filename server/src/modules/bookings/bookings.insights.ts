import { addDays, LESSON_CAPACITY, parseSessionId, sessionDates, sessionTimes, type InsightInput } from '@pulso/shared';
import { trusted, type Types } from 'mongoose';
import { ignoreDuplicateKeys } from '../../lib/db';
import { gymDate, gymInstant } from '../../lib/gym-time';
import { findLessons } from '../lessons/lessons.service';
import { SessionModel, type SessionDoc } from './bookings.model';
import { rebuildStoredDates } from './bookings.standing';

type HeldSession = InsightInput['sessions'][number];

const hourOf = (localStart: string) => Number(localStart.slice(11, 13));

/** A stored session as the overview counts it. */
interface Counted {
  _id: string;
  date: string;
  start: string;
  end: string;
  capacity: number | null;
  cancelled: boolean;
  booked: number;
  attended: number;
}

/**
 * The sessions that took place from `from` to `to` (gym dates) and ended by `now`, for the
 * overview's occupancy and attendance (stats/insights.ts): every date of each class's weekly
 * schedule from the day it was created (until it was retired), and every session stored in those
 * days (a place held, a capacity of its own, a date a schedule change left behind). A cancelled
 * session did not take place; one never stored held no places (closing a session stores its
 * standing members' places). Read by the job runner, never on a request path.
 */
export async function heldSessionsForInsights(
  from: string,
  to: string,
  timeZone: string,
  now: Date,
): Promise<HeldSession[]> {
  const [active, retired] = await Promise.all([findLessons('all'), findLessons('retired')]);
  const lessons = new Map([...active, ...retired].map((l) => [l._id.toString(), l]));
  // A year of sessions holds a place per booking (a few hundred thousand at a chain's size): each
  // is counted as it is read, so only the counts stay in memory.
  const docs = new Map<string, Counted>();
  const cursor = SessionModel.find({ date: trusted({ $gte: from, $lte: to }) })
    .lean<SessionDoc[]>()
    .cursor();
  for await (const doc of cursor as AsyncIterable<SessionDoc>) {
    const confirmed = doc.confirmed ?? [];
    docs.set(doc._id, {
      _id: doc._id,
      date: doc.date,
      start: doc.start,
      end: doc.end,
      capacity: doc.capacity ?? null,
      cancelled: Boolean(doc.cancelledAt),
      booked: confirmed.length,
      attended: confirmed.filter((p) => p.checkedIn).length,
    });
  }
  const held: HeldSession[] = [];
  const add = (lessonId: string, date: string, start: string, end: string, doc: Counted | undefined) => {
    const lesson = lessons.get(lessonId);
    if (!lesson || doc?.cancelled) return;
    if (gymInstant(end, timeZone).getTime() > now.getTime()) return;
    held.push({
      lesson: lessonId,
      name: lesson.name,
      sede: lesson.office.toString(),
      date,
      hour: hourOf(start),
      // Classes stored before they had a 'Cupo' hold the default, as their booking does.
      capacity: doc?.capacity ?? lesson.capacity ?? LESSON_CAPACITY.default,
      booked: doc?.booked ?? 0,
      attended: doc?.attended ?? 0,
    });
  };
  for (const [id, lesson] of lessons) {
    const created = gymDate((lesson as { createdAt?: Date }).createdAt ?? new Date(0), timeZone);
    const first = created > from ? created : from;
    const retiredOn = lesson.deletedAt ? gymDate(lesson.deletedAt, timeZone) : null;
    const last = retiredOn && retiredOn < to ? retiredOn : to;
    if (first > last) continue;
    for (const date of sessionDates(lesson, first, addDays(last, 1))) {
      const sessionId = `${id}:${date}`;
      const times = sessionTimes(lesson, date);
      add(id, date, times.start, times.end, docs.get(sessionId));
      docs.delete(sessionId);
    }
  }
  // Stored sessions the schedule no longer yields (it changed since): as they were stored.
  for (const doc of docs.values()) {
    const parsed = parseSessionId(doc._id);
    if (parsed) add(parsed.lessonId, doc.date, doc.start, doc.end, doc);
  }
  return held;
}

/** A past session of the demo chain's year of history, with its places and who came (seed/demo-history.ts). */
export interface HistorySession {
  lesson: Types.ObjectId;
  date: string;
  start: string;
  end: string;
  endsAt: Date;
  confirmed: { member: Types.ObjectId; seat: number; at: Date; checkedIn: Date | null }[];
}

/** Writes the history's sessions, closed when they ended; a date already stored keeps its own. */
export async function insertHistorySessions(rows: readonly HistorySession[]): Promise<number> {
  if (rows.length === 0) return 0;
  await SessionModel.collection
    .insertMany(
      rows.map((s) => ({
        _id: `${s.lesson.toString()}:${s.date}`,
        lesson: s.lesson,
        date: s.date,
        start: s.start,
        end: s.end,
        capacity: null,
        confirmed: s.confirmed.map((p) => ({ ...p, promoted: false })),
        waitlist: '',
        cancellations: [],
        notices: [],
        cancelledAt: null,
        cancelReason: '',
        trainer: null,
        closedAt: s.endsAt,
        version: 1,
        createdAt: s.confirmed[0]?.at ?? s.endsAt,
        updatedAt: s.endsAt,
      })) as never[],
      { ordered: false },
    )
    .catch(ignoreDuplicateKeys);
  // Views read only the sessions on their class's list of stored dates: list these too.
  await rebuildStoredDates();
  return rows.length;
}
