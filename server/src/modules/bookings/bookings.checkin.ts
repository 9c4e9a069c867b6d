import mongoose, { Types } from 'mongoose';
import type { Logger } from 'pino';
import {
  addDays,
  ERROR_CODES,
  MESSAGES,
  pauseAt,
  sessionDates,
  sessionIdOf,
  type CheckinResultDto,
  type MembershipPause,
} from '@pulso/shared';
import { isDuplicateKeyError } from '../../lib/db';
import { gymDate, gymInstant } from '../../lib/gym-time';
import { HttpError } from '../../lib/http-error';
import { branchName } from '../branches/branches.service';
import { findLessons } from '../lessons/lessons.service';
import { userName } from '../users/users.service';
import { addAttendance, type AttendanceEntry } from './bookings.attendance';
import { changeSession } from './bookings.engine';
import type { SessionDoc } from './bookings.model';
import { allStandingViews, mayBeStored, standingOn } from './bookings.standing';
import {
  contextOf,
  heldEntries,
  memberPart,
  sessionStateOf,
  sessionContext,
  staffReaches,
  stateDto,
  storedSession,
  withMemberLock,
  type BookingRules,
  type SessionContext,
  type StaffCaller,
} from './bookings.service';

/**
 * Attendance: members checked in at the sede (by the front desk with their code, or by the trainer
 * from the roster), and, once a session has ended, the places nobody came to marked as no-shows.
 * A check-in is a request in the session's batch like a booking (bookings.engine.ts), so it is
 * recorded once and never on a place given up meanwhile.
 */

const m = MESSAGES.checkin;
const MINUTE = 60_000;

/**
 * Who asks for a check-in: an admin checks anyone in; a sede's manager or front desk at their sede;
 * a trainer only in the sessions they teach.
 */
export type CheckinStaff = StaffCaller;

const time = (local: string) => String(Number(local.slice(11, 13))) + local.slice(13, 16);

/** Whether `staff` may check members in to the session (bookings.service `staffReaches`). */
function mayCheckIn(staff: CheckinStaff, context: SessionContext, doc: SessionDoc | null): boolean {
  const teacher = doc?.trainer ?? context.lesson.monitor;
  return staffReaches(staff, context.lesson.office.toString(), teacher.toString());
}

interface CheckinWindow {
  opensAt: Date;
  endsAt: Date;
}

function windowOf(context: SessionContext, rules: BookingRules): CheckinWindow {
  return {
    opensAt: new Date(context.startsAt.getTime() - rules.checkinOpensMinutes * MINUTE),
    endsAt: gymInstant(context.frame.end, rules.timeZone),
  };
}

/** Checks `member` in to the session (their place must be confirmed), then writes their record. */
async function checkInto(
  context: SessionContext,
  member: Types.ObjectId,
  name: string,
  now: Date,
): Promise<CheckinResultDto> {
  const { outcome, state } = await changeSession(context.frame, { op: 'check-in', member: member.toString() });
  if (outcome.result === 'session-cancelled') {
    throw new HttpError(409, ERROR_CODES.CONFLICT, MESSAGES.bookings.sessionCancelled);
  }
  if (outcome.result !== 'checked-in') {
    throw new HttpError(409, ERROR_CODES.CHECKIN_NO_BOOKING, m.noBooking(name));
  }
  const entry: AttendanceEntry = {
    session: context.frame.id,
    lessonName: context.lesson.name,
    start: context.frame.start,
    kind: 'attended',
    at: now,
  };
  await withMemberLock(member, () => addAttendance(member, [entry], now));
  const lesson = context.lesson.name;
  return {
    message: outcome.already ? m.already(name, lesson) : m.done(name, lesson, time(context.frame.start)),
    memberId: member.toString(),
    memberName: name,
    already: outcome.already,
    session: await stateDto(context, state, null, now),
  };
}

/**
 * The front desk (or a trainer) checks a member in at a sede: to the session of theirs at that sede
 * whose check-in is open now. Otherwise they are told why not: the membership is not active, the
 * booking is at another sede, it is too early, or there is no booking. Reads: the member's list,
 * then each of today's sessions on it and its class, by `_id`.
 */
export async function checkInAtBranch(
  member: Types.ObjectId,
  who: {
    name: string;
    membership: { start: Date; end: Date; pauses?: readonly MembershipPause[] } | null;
    schedule: readonly string[];
  },
  branchId: Types.ObjectId,
  staff: CheckinStaff,
  rules: BookingRules,
  now = new Date(),
): Promise<CheckinResultDto> {
  const { name, membership } = who;
  if (!membership || membership.start > now || membership.end < now) {
    throw new HttpError(403, ERROR_CODES.MEMBERSHIP_INACTIVE, m.membershipInactive(name));
  }
  if (pauseAt(membership.pauses, now)) {
    throw new HttpError(403, ERROR_CODES.MEMBERSHIP_INACTIVE, MESSAGES.pauses.checkinPaused(name));
  }
  // Today's sessions, and tomorrow's whose check-in is open already (one just after midnight): those
  // on the member's list and those of the classes of their schedule (standing bookings).
  const today = gymDate(now, rules.timeZone);
  const days = [today, addDays(today, 1)];
  const ids = new Set(
    (await heldEntries(member)).filter((e) => days.includes(e.start.slice(0, 10))).map((e) => e.session),
  );
  for (const lessonId of who.schedule) {
    for (const day of days) ids.add(sessionIdOf(lessonId, day));
  }
  const held = (
    await Promise.all(
      [...ids].map(async (id) => {
        const found = await memberPart(id, member, rules);
        if (found?.part !== 'confirmed') return null;
        const { context, doc } = found;
        const window = windowOf(context, rules);
        const relevant = now < window.endsAt && (context.frame.date === today || now >= window.opensAt);
        return relevant ? { context, doc, window } : null;
      }),
    )
  ).filter((h) => h !== null) as {
    context: SessionContext;
    doc: SessionDoc | null;
    window: CheckinWindow;
  }[];
  held.sort((a, b) => a.context.startsAt.getTime() - b.context.startsAt.getTime());
  const here = held.filter((h) => h.context.lesson.office.equals(branchId));
  const open = here.find((h) => now >= h.window.opensAt);
  if (open) {
    if (!mayCheckIn(staff, open.context, open.doc)) throw HttpError.forbidden(m.notTrainer);
    return checkInto(open.context, member, name, now);
  }
  const later = here[0];
  if (later) {
    const { lesson, frame } = later.context;
    throw new HttpError(
      409,
      ERROR_CODES.CHECKIN_TOO_EARLY,
      m.tooEarly(lesson.name, time(frame.start), rules.checkinOpensMinutes),
    );
  }
  const elsewhere = held.find((h) => now >= h.window.opensAt) ?? held[0];
  if (elsewhere) {
    const branch = (await branchName(elsewhere.context.lesson.office)) ?? '';
    throw new HttpError(
      409,
      ERROR_CODES.CHECKIN_WRONG_BRANCH,
      m.wrongBranch(name, elsewhere.context.lesson.name, branch),
    );
  }
  throw new HttpError(409, ERROR_CODES.CHECKIN_NO_BOOKING, m.noBooking(name));
}

/** A trainer (of this session) or an admin checks a booked member in from the roster, while check-in is open. */
export async function checkInFromRoster(
  sessionId: string,
  member: Types.ObjectId,
  staff: CheckinStaff,
  rules: BookingRules,
  now = new Date(),
): Promise<CheckinResultDto> {
  const context = await sessionContext(sessionId, rules);
  const doc = await storedSession(sessionId);
  if (!mayCheckIn(staff, context, doc)) throw HttpError.forbidden(m.notTrainer);
  const window = windowOf(context, rules);
  if (now < window.opensAt || now >= window.endsAt) {
    throw new HttpError(409, ERROR_CODES.CHECKIN_TOO_EARLY, m.notOpen(rules.checkinOpensMinutes));
  }
  const name = (await userName(member)) ?? '';
  if ((await memberPart(sessionId, member, rules))?.part !== 'confirmed') {
    throw new HttpError(409, ERROR_CODES.CHECKIN_NO_BOOKING, m.noBooking(name));
  }
  return checkInto(context, member, name, now);
}

// ---------------------------------------------------------------------------------------------
// Closing attendance after a session ends (the `session-attendance` job).

/** Sessions that ended up to this many days ago are closed (a chain whose servers were all down longer loses those no-shows). */
const LOOKBACK_DAYS = 2;
/** A session is closed this long after its end (a last check-in at the door still counts). */
const CLOSE_AFTER_MS = MINUTE;

/** Marks that a session's attendance was closed and its members' records written (`_id` = the session). */
export const ATTENDANCE_CLOSED = 'attendance_closed';
const closedMarks = () => mongoose.connection.collection<{ _id: string; at: Date }>(ATTENDANCE_CLOSED);

/**
 * Closes the attendance of every session that ended in the last LOOKBACK_DAYS: the session is
 * marked closed (in its batch), each booked member who never checked in gets a no-show on their
 * record, and a mark says it is done. The sessions are found from the classes' weekly patterns,
 * each read by `_id`; a run that stops halfway is finished by the next one (every step is
 * idempotent). Returns how many sessions it closed.
 */
export async function closeEndedSessions(rules: BookingRules, logger?: Logger, now = new Date()): Promise<number> {
  const lessons = [...(await findLessons('all')), ...(await findLessons('retired'))];
  // A session with nobody in it has nothing to close: one never stored that no standing member
  // holds. Which those are is known from one read (the classes' standing members and stored dates).
  const views = await allStandingViews();
  const today = gymDate(now, rules.timeZone);
  let closed = 0;
  for (const lesson of lessons) {
    const view = views.get(lesson._id.toString());
    if (!view) continue;
    for (const date of sessionDates(lesson, addDays(today, -LOOKBACK_DAYS), addDays(today, 1))) {
      if (!mayBeStored(view.stored, date) && standingOn(view.members, date).length === 0) continue;
      const id = sessionIdOf(lesson._id.toString(), date);
      if (await closedMarks().findOne({ _id: id })) continue;
      const context = contextOf(id, lesson, date, rules);
      if (now.getTime() < windowOf(context, rules).endsAt.getTime() + CLOSE_AFTER_MS) continue;
      // A session never stored has its standing members' places: closing stores it.
      const current = await sessionStateOf(context.frame, await storedSession(id));
      if (!current.cancelledAt && current.confirmed.length > 0) {
        const { state } = current.closedAt ? { state: current } : await changeSession(context.frame, { op: 'close' });
        const noShows = state.confirmed.filter((p) => !p.checkedIn);
        for (const place of noShows) {
          const member = new Types.ObjectId(place.member);
          const entry: AttendanceEntry = {
            session: id,
            lessonName: context.lesson.name,
            start: context.frame.start,
            kind: 'no-show',
            at: now,
          };
          await withMemberLock(member, () => addAttendance(member, [entry], now));
        }
        closed++;
        logger?.debug({ session: id, noShows: noShows.length }, 'session attendance closed');
      }
      // Another server closing the same session at once may insert the mark first: that is the same mark.
      await closedMarks()
        .updateOne({ _id: id }, { $setOnInsert: { at: now } }, { upsert: true })
        .catch((error: unknown) => {
          if (!isDuplicateKeyError(error)) throw error;
        });
    }
  }
  return closed;
}
