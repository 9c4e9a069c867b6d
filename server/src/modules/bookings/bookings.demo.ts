import { Types } from 'mongoose';
import { addDays, DEMO_BOOKINGS, sessionDates, sessionIdOf, type SessionRequest } from '@pulso/shared';
import { gymDate, gymInstant } from '../../lib/gym-time';
import { findLessonById } from '../lessons/lessons.service';
import type { AuthUser } from '../users/users.service';
import { addAttendance, type AttendanceEntry } from './bookings.attendance';
import { closeEndedSessions } from './bookings.checkin';
import { changeSession, handleBatch } from './bookings.engine';
import {
  addHeldEntry,
  bookSession,
  contextOf,
  withMemberLock,
  type BookingRules,
  type SessionContext,
} from './bookings.service';

const MINUTE = 60_000;
const DAY = 86_400_000;

type DemoMember = Pick<AuthUser, 'id' | 'membership' | 'schedule'>;

/** The class's sessions from `from` to `to` (gym dates), with their contexts. */
async function sessionsOf(lessonId: Types.ObjectId, from: string, to: string, rules: BookingRules) {
  const lesson = await findLessonById(lessonId.toString());
  return sessionDates(lesson, from, addDays(to, 1)).map((date) =>
    contextOf(sessionIdOf(lesson._id.toString(), date), lesson, date, rules),
  );
}

/** The class's first session open for booking now. */
async function nextBookable(lessonId: Types.ObjectId, rules: BookingRules, now: Date) {
  const today = gymDate(now, rules.timeZone);
  const all = await sessionsOf(lessonId, today, addDays(today, rules.opensDays), rules);
  return all.find((c) => c.startsAt > now && c.opensAt <= now) ?? null;
}

/** Books each member in order; a member the rules refuse (an overlap) is passed over. */
async function bookEach(context: SessionContext, members: readonly DemoMember[], rules: BookingRules, now: Date) {
  let booked = 0;
  for (const member of members) {
    const done = await bookSession(context.frame.id, member, rules, now).catch(() => null);
    if (done) booked++;
  }
  return booked;
}

/**
 * The demo chain's bookings (shared DEMO_BOOKINGS), so a new user sees bookings working at the
 * first start: several members booked into a session, a full session with a waitlist, and a session
 * that ended with its attendance (members checked in and a no-show). Future bookings go through the
 * same service as requests; the past session through the same engine and attendance records, at
 * the times they would have happened, and is then closed by the attendance job's own function.
 * Answers how many places it booked.
 */
export async function seedDemoBookings(
  lessons: ReadonlyMap<string, Types.ObjectId>,
  member: DemoMember,
  others: readonly DemoMember[],
  rules: BookingRules,
  now = new Date(),
): Promise<number> {
  let booked = 0;
  const several = lessons.get(DEMO_BOOKINGS.several.lesson);
  const next = several ? await nextBookable(several, rules, now) : null;
  if (next) booked += await bookEach(next, others.slice(0, DEMO_BOOKINGS.several.count), rules, now);

  const full = lessons.get(DEMO_BOOKINGS.full.lesson);
  const crowded = full ? await nextBookable(full, rules, now) : null;
  if (crowded) {
    await changeSession(crowded.frame, { op: 'capacity', capacity: DEMO_BOOKINGS.full.capacity });
    booked += await bookEach(crowded, others, rules, now);
  }

  booked += await seedPastSession(lessons, [member, ...others.slice(0, 2)], rules, now);
  return booked;
}

/**
 * The latest session of the demo's `past` classes that ended in the last two days (the attendance
 * job's look-back): booked the day before by `members`, all but the last checked in before it
 * started; then closed, which makes the last one a no-show.
 */
async function seedPastSession(
  lessons: ReadonlyMap<string, Types.ObjectId>,
  members: readonly DemoMember[],
  rules: BookingRules,
  now: Date,
): Promise<number> {
  const today = gymDate(now, rules.timeZone);
  const ended: SessionContext[] = [];
  for (const name of DEMO_BOOKINGS.past) {
    const lessonId = lessons.get(name);
    if (!lessonId) continue;
    for (const context of await sessionsOf(lessonId, addDays(today, -2), today, rules)) {
      if (gymInstant(context.frame.end, rules.timeZone).getTime() + MINUTE < now.getTime()) ended.push(context);
    }
  }
  const past = ended.sort((a, b) => b.startsAt.getTime() - a.startsAt.getTime())[0];
  if (!past) return 0;
  const { frame } = past;
  const start = past.startsAt.getTime();
  const book: SessionRequest[] = members.map((m) => ({ op: 'book', member: m.id }));
  await handleBatch(frame, book, new Date(start - DAY));
  for (const [i, m] of members.slice(0, -1).entries()) {
    const at = new Date(start - (8 - 5 * i) * MINUTE);
    await handleBatch(frame, [{ op: 'check-in', member: m.id }], at);
    const entry: AttendanceEntry = {
      session: frame.id,
      lessonName: frame.lessonName,
      start: frame.start,
      kind: 'attended',
      at,
    };
    const id = new Types.ObjectId(m.id);
    await withMemberLock(id, () => addAttendance(id, [entry], at));
  }
  for (const m of members) {
    const entry = { session: frame.id, lessonName: frame.lessonName, start: frame.start, end: frame.end };
    await addHeldEntry(new Types.ObjectId(m.id), entry, today);
  }
  await closeEndedSessions(rules, undefined, now);
  return members.length;
}
