import mongoose, { Types } from 'mongoose';
import {
  addDays,
  bookingResultOf,
  ERROR_CODES,
  LESSON_CAPACITY,
  MESSAGES,
  parseSessionId,
  rosterMembers,
  sessionRosterOf,
  sessionDates,
  sessionIdOf,
  sessionTimes,
  sessionView,
  spansOverlap,
  weekdayOf,
  type BookingResultDto,
  type ClassSessionDto,
  type HeldBooking,
  type SessionRosterDto,
  type SessionState,
} from '@pulso/shared';
import type { Config } from '../../config/env';
import { withDocumentLock } from '../../lib/document-lock';
import { gymDate, gymInstant } from '../../lib/gym-time';
import { HttpError } from '../../lib/http-error';
import { readCache } from '../../lib/read-cache';
import { findLessonById } from '../lessons/lessons.service';
import { objectIdOrNull } from '../../lib/object-id';
import { isActiveTrainer, userName, type AuthUser } from '../users/users.service';
import { changeSession, stateOf, type SessionFrame, type SessionOutcome } from './bookings.engine';
import { indexSubstitute, unindexSubstitute } from './bookings.trainer-index';
import { addAttendance } from './bookings.attendance';
import { SessionModel, type SessionDoc } from './bookings.model';

export type BookingRules = Config['bookings'];

/** Sends the messages a change left (bookings.notices.ts), after the answer; never throws. */
export interface NoticeDelivery {
  send(ids: readonly string[]): void;
}
export type LessonDoc = Awaited<ReturnType<typeof findLessonById>>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const m = MESSAGES.bookings;

const fail = (status: number, code: string, message: string) => new HttpError(status, code, message);
const sessionNotFound = () => fail(404, ERROR_CODES.NOT_FOUND, m.sessionNotFound);

/** A session with its class and the instants the chain's rules turn on. */
export interface SessionContext {
  frame: SessionFrame;
  lesson: LessonDoc;
  startsAt: Date;
  opensAt: Date;
}

/**
 * The session `id` names: a date on which its class meets, the class current. Its capacity is the
 * class's ('Cupo') unless the session has its own; bookings open `opensDays` before the start and
 * close at it; cancelling from `lateCancelHours` before the start is late.
 */
export async function sessionContext(id: string, rules: BookingRules): Promise<SessionContext> {
  const parsed = parseSessionId(id);
  if (!parsed) throw sessionNotFound();
  const lesson = await lessonOf(parsed.lessonId).catch(() => {
    throw sessionNotFound();
  });
  if (!lesson.scheduleDays.includes(weekdayOf(parsed.date))) throw sessionNotFound();
  return contextOf(id, lesson, parsed.date, rules);
}

/**
 * The class of a session, through the read cache (any write to the classes drops it): every booking
 * of a busy session needs it, and it changes seldom. Callers only read it.
 */
export function lessonOf(lessonId: string): Promise<LessonDoc> {
  return readCache.get(
    `lesson-doc:${lessonId}`,
    () => findLessonById(lessonId),
    () => 2_000,
  );
}

export function contextOf(id: string, lesson: LessonDoc, date: string, rules: BookingRules): SessionContext {
  const times = sessionTimes(lesson, date);
  const startsAt = gymInstant(times.start, rules.timeZone);
  return {
    lesson,
    startsAt,
    opensAt: new Date(startsAt.getTime() - rules.opensDays * DAY),
    frame: {
      id,
      lesson: lesson._id,
      date,
      start: times.start,
      end: times.end,
      lessonName: lesson.name,
      classCapacity: lesson.capacity ?? LESSON_CAPACITY.default,
      lateFrom: new Date(startsAt.getTime() - rules.lateCancelHours * HOUR),
    },
  };
}

const sessions = () => mongoose.connection.collection<SessionDoc>(SessionModel.collection.collectionName);

/** A stored session by `_id` (null: nothing happened to it yet). */
export const storedSession = async (id: string) => (await sessions().findOne({ _id: id })) as SessionDoc | null;

/** Who teaches a session: its substitute for that date, else its class's trainer. */
export const teacherOf = (lesson: Pick<LessonDoc, 'monitor'>, state: Pick<SessionState, 'trainer'>): string =>
  state.trainer ?? lesson.monitor.toString();

async function sessionDto(
  context: SessionContext,
  doc: SessionDoc | null,
  member: Types.ObjectId | null,
  now: Date,
): Promise<ClassSessionDto> {
  return stateDto(context, stateOf(doc), member, now);
}

/** The session as `member` sees it, from its state (as stored, or as a batch just stored it). */
export async function stateDto(
  context: SessionContext,
  state: SessionState,
  member: Types.ObjectId | null,
  now: Date,
): Promise<ClassSessionDto> {
  const { frame, lesson } = context;
  const substitute = state.trainer ? await userName(new Types.ObjectId(state.trainer)) : null;
  return sessionView({
    substitute,
    id: frame.id,
    lessonId: lesson._id.toString(),
    lessonName: lesson.name,
    date: frame.date,
    start: frame.start,
    end: frame.end,
    state,
    terms: frame,
    opensAt: context.opensAt,
    startsAt: context.startsAt,
    member: member?.toString() ?? null,
    now,
  });
}

/** A session as `member` (or a visitor: null) sees it. One point read of the class, one of the session. */
export async function getSession(
  id: string,
  rules: BookingRules,
  member: Types.ObjectId | null,
  now = new Date(),
): Promise<ClassSessionDto> {
  const context = await sessionContext(id, rules);
  const doc = (await sessions().findOne({ _id: id })) as SessionDoc | null;
  return sessionDto(context, doc, member, now);
}

/**
 * An admin changes one session: its own capacity (the class's 'Cupo' again when equal to it; a
 * lower one keeps every place taken and closes the session, a higher one promotes waiting members)
 * and a substitute trainer for this date ('' or the class's trainer: none).
 */
export async function changeSessionByAdmin(
  id: string,
  change: { capacity: number; trainerId: string },
  rules: BookingRules,
  delivery: NoticeDelivery,
  now = new Date(),
): Promise<ClassSessionDto> {
  const context = await sessionContext(id, rules);
  let trainer: string | null = null;
  if (change.trainerId !== '' && change.trainerId !== context.lesson.monitor.toString()) {
    const chosen = objectIdOrNull(change.trainerId);
    if (!chosen || !(await isActiveTrainer(chosen))) {
      throw HttpError.validation({ trainerId: MESSAGES.lessons.unknownTrainer });
    }
    trainer = chosen.toString();
  }
  const capacity = change.capacity === context.frame.classCapacity ? null : change.capacity;
  // The substitute's list of sessions (bookings.trainer-index.ts) gains this one before the session
  // names them, and the one they replace loses it after: a list may name a session its trainer no
  // longer teaches (readers check the session), never miss one they do.
  const previous = (await storedSession(id))?.trainer?.toString() ?? null;
  if (trainer) await indexSubstitute(trainer, context.frame);
  const results = await Promise.all([
    changeSession(context.frame, { op: 'capacity', capacity }),
    changeSession(context.frame, { op: 'trainer', trainer }),
  ]);
  if (previous && previous !== trainer) await unindexSubstitute(previous, id);
  delivery.send(results.flatMap((r) => r.notices));
  return getSession(id, rules, null, now);
}

/** The gym cancels one session: it takes no more bookings, and everyone on it is e-mailed why. */
export async function cancelSessionByAdmin(
  id: string,
  reason: string,
  rules: BookingRules,
  delivery: NoticeDelivery,
  now = new Date(),
): Promise<ClassSessionDto> {
  const context = await sessionContext(id, rules);
  const before = (await sessions().findOne({ _id: id })) as SessionDoc | null;
  if (before?.cancelledAt) throw fail(409, ERROR_CODES.CONFLICT, m.alreadyCancelled);
  const { notices } = await changeSession(context.frame, { op: 'cancel-session', reason });
  delivery.send(notices);
  return getSession(id, rules, null, now);
}

/**
 * Who holds a place in a session (by seat), who waits (in order) and who cancelled late, named: one
 * point read of the class, one of the session, one per person named. An admin reads any session's;
 * a trainer only those they teach (the class's, unless a substitute has that date: then the
 * substitute's).
 */
export async function sessionRoster(
  id: string,
  rules: BookingRules,
  caller: Pick<AuthUser, 'id' | 'isAdmin'>,
  now = new Date(),
): Promise<SessionRosterDto> {
  const context = await sessionContext(id, rules);
  const doc = (await sessions().findOne({ _id: id })) as SessionDoc | null;
  const state = stateOf(doc);
  if (!caller.isAdmin && teacherOf(context.lesson, state) !== caller.id) {
    throw HttpError.forbidden(m.notYourSession);
  }
  const names = new Map(
    await Promise.all(
      rosterMembers(state).map(
        async (member) => [member, (await userName(new mongoose.Types.ObjectId(member))) ?? ''] as const,
      ),
    ),
  );
  return {
    session: await sessionDto(context, doc, null, now),
    ...sessionRosterOf(state, (member) => names.get(member) ?? ''),
  };
}

/**
 * A class's sessions a member can book now or soon: from today until the booking window's end
 * (`opensDays` ahead), each with its places and the caller's booking; with `days`, every session
 * that has not started in the next `days` days. One point read of the class and one per session,
 * whatever the number of bookings.
 */
export async function upcomingSessions(
  lessonId: string,
  rules: BookingRules,
  member: Types.ObjectId | null,
  now = new Date(),
  days?: number,
): Promise<ClassSessionDto[]> {
  const lesson = await findLessonById(lessonId);
  const today = gymDate(now, rules.timeZone);
  const dates = sessionDates(lesson, today, addDays(today, (days ?? rules.opensDays) + 1));
  const views = await Promise.all(
    dates.map(async (date) => {
      const id = sessionIdOf(lesson._id.toString(), date);
      const context = contextOf(id, lesson, date, rules);
      // With `days` (the dashboard planning ahead) sessions not yet open are shown too.
      if (context.startsAt <= now || (days === undefined && context.opensAt > now)) return null;
      const doc = (await sessions().findOne({ _id: id })) as SessionDoc | null;
      return await sessionDto(context, doc, member, now);
    }),
  );
  return views.filter((v): v is ClassSessionDto => v !== null);
}

// ---------------------------------------------------------------------------------------------
// The member's sessions: which sessions they hold a place in or wait for, one document a member.

export interface HeldEntry {
  session: string;
  lessonName: string;
  start: string;
  end: string;
}

interface MemberSessionsDoc {
  _id: Types.ObjectId;
  entries: HeldEntry[];
}

export const MEMBER_SESSIONS = 'member_sessions';
const memberSessions = () => mongoose.connection.collection<MemberSessionsDoc>(MEMBER_SESSIONS);

/** Entries of sessions that ended this long ago are dropped when the member's list is written. */
const KEEP_ENDED_DAYS = 400;

/**
 * Runs `work` holding the member's lock: their bookings and their attendance record are written
 * one request at a time, on every server.
 */
export const withMemberLock = <T>(member: Types.ObjectId, work: () => Promise<T>) =>
  withDocumentLock(`member-sessions:${member.toString()}`, work);

/** The sessions on the member's list (held or waited for), as last written. */
export async function heldEntries(member: Types.ObjectId): Promise<HeldEntry[]> {
  const held = (await memberSessions().findOne({ _id: member })) as MemberSessionsDoc | null;
  return held?.entries ?? [];
}

async function writeEntries(member: Types.ObjectId, entries: HeldEntry[], today: string): Promise<void> {
  const cutoff = new Date(Date.parse(`${today}T00:00:00Z`) - KEEP_ENDED_DAYS * DAY).toISOString().slice(0, 16);
  await memberSessions().replaceOne(
    { _id: member },
    { entries: entries.filter((e) => e.end >= cutoff) },
    { upsert: true },
  );
}

/**
 * The sessions the member holds a place in or waits for, with their part and place in the waitlist
 * (their calendar): one point read of the member's list and one of each session on it that has not
 * ended before `since` (a gym date, `YYYY-MM-DD`).
 */
export async function heldBookings(member: Types.ObjectId, since: string, until: string): Promise<HeldBooking[]> {
  const found = await Promise.all(
    (await memberEntries(member, since, until)).map(async ({ entry, doc }): Promise<HeldBooking | null> => {
      const part = partIn(doc, member);
      if (!doc || !part) return null;
      const position = part === 'waitlisted' ? doc.waitlist.findIndex((w) => w.member.equals(member)) + 1 : null;
      return {
        session: entry.session,
        lessonName: entry.lessonName,
        start: entry.start,
        end: entry.end,
        part,
        position,
      };
    }),
  );
  return found.filter((b): b is HeldBooking => b !== null);
}

/**
 * The member's list entries of sessions that have not ended before `since` and start by `until`
 * (gym dates), each with the session's document: one point read of the list and one per session.
 */
async function memberEntries(
  member: Types.ObjectId,
  since: string,
  until: string,
): Promise<{ entry: HeldEntry; doc: SessionDoc | null }[]> {
  const held = (await memberSessions().findOne({ _id: member })) as MemberSessionsDoc | null;
  const inRange = (held?.entries ?? []).filter((e) => e.end.slice(0, 10) >= since && e.start.slice(0, 10) <= until);
  return Promise.all(
    inRange.map(async (entry) => ({
      entry,
      doc: (await sessions().findOne({ _id: entry.session })) as SessionDoc | null,
    })),
  );
}

/** A session the member holds a place in, as their calendar feed lists it. */
export interface BookedSession {
  session: string;
  lessonId: string;
  lessonName: string;
  /** Local start and end at the gym (`YYYY-MM-DDTHH:mm`). */
  start: string;
  end: string;
  seat: number;
  /** The gym cancelled the session (the member's place is kept on it, so they are told). */
  cancelled: boolean;
  cancelReason: string;
}

/**
 * The sessions the member holds a confirmed place in (not those they wait for) between two gym
 * dates, those the gym cancelled included: their calendar feed. Same reads as heldBookings.
 */
export async function bookedSessions(member: Types.ObjectId, since: string, until: string): Promise<BookedSession[]> {
  const found = (await memberEntries(member, since, until)).map(({ entry, doc }): BookedSession | null => {
    const place = doc?.confirmed.find((p) => p.member.equals(member));
    if (!doc || !place) return null;
    return {
      session: entry.session,
      lessonId: doc.lesson.toString(),
      lessonName: entry.lessonName,
      start: entry.start,
      end: entry.end,
      seat: place.seat,
      cancelled: !!doc.cancelledAt,
      cancelReason: doc.cancelReason ?? '',
    };
  });
  return found.filter((b): b is BookedSession => b !== null);
}

/** The member's part in a session, read from the session (the one place it is decided). */
export function partIn(doc: SessionDoc | null, member: Types.ObjectId): 'confirmed' | 'waitlisted' | null {
  if (!doc || doc.cancelledAt) return null;
  if (doc.confirmed.some((p) => p.member.equals(member))) return 'confirmed';
  if (doc.waitlist.some((w) => w.member.equals(member))) return 'waitlisted';
  return null;
}

/**
 * A member books a session: a place, or the waitlist when it is full. Needs a membership active on
 * the session's date, the booking window open, and no other session of theirs (booked or waited
 * for) at an overlapping time. The member's own bookings are serialised by their lock, so two
 * overlapping sessions booked at the same moment cannot both pass that check; the place itself is
 * decided by the session's batch (bookings.engine.ts).
 */
export async function bookSession(
  id: string,
  caller: Pick<AuthUser, 'id' | 'membership'>,
  rules: BookingRules,
  now = new Date(),
): Promise<BookingResultDto> {
  const member = new Types.ObjectId(caller.id);
  const context = await sessionContext(id, rules);
  if (now >= context.startsAt) throw fail(409, ERROR_CODES.CONFLICT, m.closed);
  if (now < context.opensAt) throw fail(409, ERROR_CODES.CONFLICT, m.notOpenYet(rules.opensDays));
  // The account as the request's authentication read it (the read cache drops it on any write).
  const { membership } = caller;
  if (!membership || membership.start > now || membership.end < context.startsAt) {
    throw fail(403, ERROR_CODES.FORBIDDEN, MESSAGES.lessons.membershipRequired);
  }
  return withMemberLock(member, async () => {
    let entries = await heldEntries(member);
    const clashing = entries.filter((e) => e.session !== id && spansOverlap(e, context.frame));
    for (const entry of clashing) {
      const other = (await sessions().findOne({ _id: entry.session })) as SessionDoc | null;
      if (partIn(other, member)) throw fail(409, ERROR_CODES.CONFLICT, m.overlap(entry.lessonName));
    }
    const { outcome, state } = await changeSession(context.frame, { op: 'book', member: member.toString() });
    if (outcome.result === 'session-cancelled') throw fail(409, ERROR_CODES.CONFLICT, m.sessionCancelled);
    if (outcome.result === 'confirmed' || outcome.result === 'waitlisted') {
      entries = entries.filter((e) => e.session !== id && !clashing.includes(e));
      entries.push({
        session: id,
        lessonName: context.lesson.name,
        start: context.frame.start,
        end: context.frame.end,
      });
      await writeEntries(member, entries, context.frame.date);
    }
    // The answer shows the session as the booking's batch stored it: no second read of it.
    return resultOf(outcome, await stateDto(context, state, member, now));
  });
}

/**
 * A member gives up their place or leaves the waitlist, until the session starts. A place given
 * up inside the late-cancel limit is recorded as a late cancel; before it, the first waiting member
 * takes it.
 */
export async function cancelBooking(
  id: string,
  member: Types.ObjectId,
  rules: BookingRules,
  delivery: NoticeDelivery,
  now = new Date(),
): Promise<BookingResultDto> {
  const context = await sessionContext(id, rules);
  if (now >= context.startsAt) throw fail(409, ERROR_CODES.CONFLICT, m.closed);
  return withMemberLock(member, async () => {
    const { outcome, notices, state } = await changeSession(context.frame, {
      op: 'cancel',
      member: member.toString(),
    });
    // The member promoted into the freed place is told right away (the job retries a failed send).
    delivery.send(notices);
    if (outcome.result !== 'cancelled') throw fail(409, ERROR_CODES.CONFLICT, m.notBooked);
    if (outcome.late && outcome.held) {
      const entry = { session: id, lessonName: context.lesson.name, start: context.frame.start, at: now };
      await addAttendance(member, [{ ...entry, kind: 'late-cancel' }], now);
    }
    const held = (await memberSessions().findOne({ _id: member })) as MemberSessionsDoc | null;
    if (held?.entries.some((e) => e.session === id)) {
      await writeEntries(
        member,
        held.entries.filter((e) => e.session !== id),
        context.frame.date,
      );
    }
    return resultOf(outcome, await stateDto(context, state, member, now));
  });
}

function resultOf(outcome: SessionOutcome, session: ClassSessionDto): BookingResultDto {
  const result = bookingResultOf(outcome, session);
  if (!result) throw fail(409, ERROR_CODES.CONFLICT, m.notBooked);
  return result;
}
