import mongoose, { Types } from 'mongoose';
import {
  meetsOn,
  addDays,
  bookingResultOf,
  ERROR_CODES,
  LESSON_CAPACITY,
  MESSAGES,
  pauseAt,
  type MembershipPause,
  parseSessionId,
  rosterMembers,
  isSedeScoped,
  sessionRosterOf,
  sessionDates,
  sessionDayLabel,
  sessionIdOf,
  sessionTimes,
  sessionView,
  spansOverlap,
  type BookingResultDto,
  type ClassSessionDto,
  type HeldBooking,
  type SessionRosterDto,
  type SessionState,
} from '@pulso/shared';
import type { Config } from '../../config/env';
import { CombinedReads } from '../../lib/combined-reads';
import { CombinedWrites } from '../../lib/combined-writes';
import { withDocumentLock } from '../../lib/document-lock';
import { gymDate, gymInstant } from '../../lib/gym-time';
import { HttpError } from '../../lib/http-error';
import { readCache } from '../../lib/read-cache';
import { findLessonById, setPinnedSessions } from '../lessons/lessons.service';
import { objectIdOrNull } from '../../lib/object-id';
import { isActiveTrainer, userName, type AuthUser } from '../users/users.service';
import { changeSession, stateOf, type SessionFrame, type SessionOutcome } from './bookings.engine';
import { indexSubstitute, unindexSubstitute } from './bookings.trainer-index';
import { addAttendance } from './bookings.attendance';
import { SessionModel, waitlistOf, type SessionDoc } from './bookings.model';
import { storeNotices } from './bookings.notices';
import {
  addStandingMember,
  holdsOn,
  moveStandingEnd,
  setStandingOff,
  type DateWindow,
  readStanding,
  removeStandingMember,
  mayBeStored,
  standingOf,
  standingState,
  standingViewOf,
  withStandingLock,
  type StandingChange,
} from './bookings.standing';
import { standingChanged } from './bookings.seats';

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
  if (!meetsOn(lesson, parsed.date)) throw sessionNotFound();
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
/**
 * A session's state: as stored, or, when nothing happened to it yet, the places its class's standing
 * members hold (bookings.standing.ts): the state its first batch will start from.
 */
export async function sessionStateOf(frame: SessionFrame, doc: SessionDoc | null): Promise<SessionState> {
  return doc ? stateOf(doc) : standingState(await standingOf(frame.lesson), frame.date, frame);
}

async function sessionDto(
  context: SessionContext,
  doc: SessionDoc | null,
  member: Types.ObjectId | null,
  now: Date,
): Promise<ClassSessionDto> {
  return stateDto(context, await sessionStateOf(context.frame, doc), member, now);
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

/** Staff as a session's roster and check-in judge them. */
export type StaffCaller = Pick<AuthUser, 'id' | 'role' | 'branch'>;

/**
 * Whether staff may see and check in a session at `office` taught by `teacher`: an admin always, a
 * sede's manager or front desk at their sede, a trainer the sessions they teach.
 */
export function staffReaches(staff: StaffCaller, office: string, teacher: string): boolean {
  if (staff.role === 'admin') return true;
  if (isSedeScoped(staff.role) && staff.branch === office) return true;
  return teacher === staff.id;
}

/**
 * Who holds a place in a session (by seat), who waits (in order) and who cancelled late, named: one
 * point read of the class, one of the session, one per person named. An admin reads any session's;
 * a sede's manager or front desk those at their sede; a trainer those they teach (the class's,
 * unless a substitute has that date: then the substitute's).
 */
export async function sessionRoster(
  id: string,
  rules: BookingRules,
  caller: StaffCaller,
  now = new Date(),
): Promise<SessionRosterDto> {
  const context = await sessionContext(id, rules);
  const doc = (await sessions().findOne({ _id: id })) as SessionDoc | null;
  const state = await sessionStateOf(context.frame, doc);
  if (!staffReaches(caller, context.lesson.office.toString(), teacherOf(context.lesson, state))) {
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

/** Members' lists read at the same moment (bookings opening) go in one command. */
const memberListReads = new CombinedReads<MemberSessionsDoc>(() => mongoose.connection.collection(MEMBER_SESSIONS));

/** The sessions on the member's list (held or waited for), as last written. */
export async function heldEntries(member: Types.ObjectId): Promise<HeldEntry[]> {
  const held = await memberListReads.findById(member);
  return held?.entries ?? [];
}

/** Members' lists written at the same moment (bookings opening) go in one command. */
const memberLists = new CombinedWrites(() => mongoose.connection.collection(MEMBER_SESSIONS));

async function writeEntries(member: Types.ObjectId, entries: HeldEntry[], today: string): Promise<void> {
  const cutoff = new Date(Date.parse(`${today}T00:00:00Z`) - KEEP_ENDED_DAYS * DAY).toISOString().slice(0, 16);
  await memberLists.replace({ _id: member, entries: entries.filter((e) => e.end >= cutoff) });
}

/** Puts a session on the member's list (the demo's past bookings, bookings.demo.ts). */
export async function addHeldEntry(member: Types.ObjectId, entry: HeldEntry, today: string): Promise<void> {
  await withMemberLock(member, async () => {
    const entries = (await heldEntries(member)).filter((e) => e.session !== entry.session);
    await writeEntries(member, [...entries, entry], today);
  });
}

/**
 * The sessions the member may hold or wait for from `since` to `until` (gym dates, `YYYY-MM-DD`):
 * those on the member's list and the dates of the classes of their schedule (`standing`: standing
 * bookings). One point read of the list, and each standing class through the read cache.
 */
async function heldSessionIds(
  member: Types.ObjectId,
  since: string,
  until: string,
  standing: readonly string[],
): Promise<Set<string>> {
  const entries = await heldEntries(member);
  const ids = new Set(
    entries.filter((e) => e.end.slice(0, 10) >= since && e.start.slice(0, 10) <= until).map((e) => e.session),
  );
  for (const lessonId of standing) {
    const lesson = await lessonOf(lessonId).catch(() => null);
    if (!lesson) continue;
    // Only the dates the member holds the class on (from the day they joined to their end).
    const mine = (await standingOf(lesson._id)).find((s) => s.member.equals(member));
    if (!mine) continue;
    const from = mine.since > since ? mine.since : since;
    const to = mine.until !== null && mine.until < until ? mine.until : until;
    for (const date of sessionDates(lesson, from, addDays(to, 1))) {
      if (holdsOn(mine, date)) ids.add(sessionIdOf(lessonId, date));
    }
  }
  return ids;
}

/**
 * A session's state for views (the calendar, the feed): read by `_id` only when its class's list of
 * stored sessions says it may be stored, else its standing members' (bookings.standing.ts).
 */
async function viewedState(frame: SessionFrame): Promise<SessionState> {
  const view = await standingViewOf(frame.lesson);
  const doc = mayBeStored(view.stored, frame.date) ? await storedSession(frame.id) : null;
  return doc ? stateOf(doc) : standingState(view.members, frame.date, frame);
}

/**
 * The sessions the member holds a place in or waits for, with their part and place in the waitlist
 * (their calendar), from `since` to `until` (gym dates, `YYYY-MM-DD`): those on the member's list
 * and the dates of the classes of their schedule (`standing`: standing bookings), each session read
 * by `_id` when it may be stored (viewedState), else from its class's standing members.
 */
export async function heldBookings(
  member: Types.ObjectId,
  since: string,
  until: string,
  rules: BookingRules,
  standing: readonly string[] = [],
): Promise<HeldBooking[]> {
  const ids = await heldSessionIds(member, since, until, standing);
  const found = await Promise.all(
    [...ids].map(async (id): Promise<HeldBooking | null> => {
      const context = await sessionContext(id, rules).catch(() => null);
      if (!context) return null;
      const state = await viewedState(context.frame);
      const part = partOf(state, member);
      if (!part) return null;
      const position =
        part === 'waitlisted' ? state.waitlist.findIndex((w) => w.member === member.toString()) + 1 : null;
      return {
        session: id,
        lessonName: context.lesson.name,
        start: context.frame.start,
        end: context.frame.end,
        part,
        position,
      };
    }),
  );
  return found.filter((b): b is HeldBooking => b !== null);
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
 * dates, standing bookings and those the gym cancelled included: their calendar feed. Same reads
 * as heldBookings.
 */
export async function bookedSessions(
  member: Types.ObjectId,
  since: string,
  until: string,
  rules: BookingRules,
  standing: readonly string[] = [],
): Promise<BookedSession[]> {
  const ids = await heldSessionIds(member, since, until, standing);
  const found = await Promise.all(
    [...ids].map(async (id): Promise<BookedSession | null> => {
      const context = await sessionContext(id, rules).catch(() => null);
      if (!context) return null;
      const state = await viewedState(context.frame);
      const place = state.confirmed.find((p) => p.member === member.toString());
      if (!place) return null;
      return {
        session: id,
        lessonId: context.lesson._id.toString(),
        lessonName: context.lesson.name,
        start: context.frame.start,
        end: context.frame.end,
        seat: place.seat,
        cancelled: state.cancelledAt !== null,
        cancelReason: state.cancelReason,
      };
    }),
  );
  return found.filter((b): b is BookedSession => b !== null);
}

/** The member's part in a session, read from the session (the one place it is decided). */
export function partOf(state: SessionState, member: Types.ObjectId): 'confirmed' | 'waitlisted' | null {
  if (state.cancelledAt) return null;
  const id = member.toString();
  if (state.confirmed.some((p) => p.member === id)) return 'confirmed';
  if (state.waitlist.some((w) => w.member === id)) return 'waitlisted';
  return null;
}

/** The session `id` with the member's part in it (null: none, or no such session). */
export async function memberPart(
  id: string,
  member: Types.ObjectId,
  rules: BookingRules,
): Promise<{
  context: SessionContext;
  doc: SessionDoc | null;
  state: SessionState;
  part: 'confirmed' | 'waitlisted';
} | null> {
  const context = await sessionContext(id, rules).catch(() => null);
  if (!context) return null;
  const doc = (await sessions().findOne({ _id: id })) as SessionDoc | null;
  const state = await sessionStateOf(context.frame, doc);
  const part = partOf(state, member);
  return part ? { context, doc, state, part } : null;
}

/** The sessions of the member's standing classes (`schedule`) on the session's date whose hours overlap it. */
async function standingClashes(
  schedule: readonly string[],
  context: SessionContext,
): Promise<{ id: string; lessonName: string }[]> {
  const { frame } = context;
  const found: { id: string; lessonName: string }[] = [];
  for (const lessonId of schedule) {
    if (lessonId === context.lesson._id.toString()) continue;
    const lesson = await lessonOf(lessonId).catch(() => null);
    if (!lesson || !meetsOn(lesson, frame.date)) continue;
    if (spansOverlap(sessionTimes(lesson, frame.date), frame)) {
      found.push({ id: sessionIdOf(lessonId, frame.date), lessonName: lesson.name });
    }
  }
  return found;
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
  caller: Pick<AuthUser, 'id' | 'membership' | 'schedule'>,
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
  if (pauseAt(membership.pauses, context.startsAt))
    throw fail(403, ERROR_CODES.FORBIDDEN, MESSAGES.pauses.bookingPaused);
  return withMemberLock(member, async () => {
    let entries = await heldEntries(member);
    const clashing = entries.filter((e) => e.session !== id && spansOverlap(e, context.frame));
    for (const entry of clashing) {
      if (await memberPart(entry.session, member, rules))
        throw fail(409, ERROR_CODES.CONFLICT, m.overlap(entry.lessonName));
    }
    for (const other of await standingClashes(caller.schedule, context)) {
      if (await memberPart(other.id, member, rules)) throw fail(409, ERROR_CODES.CONFLICT, m.overlap(other.lessonName));
    }
    // The member's list is written at the same time as the seats board.
    const { outcome, state } = await changeSession(
      context.frame,
      { op: 'book', member: member.toString() },
      {
        alongside: async ({ outcome: booked }) => {
          if (booked.result !== 'confirmed' && booked.result !== 'waitlisted') return;
          entries = entries.filter((e) => e.session !== id && !clashing.includes(e));
          entries.push({
            session: id,
            lessonName: context.lesson.name,
            start: context.frame.start,
            end: context.frame.end,
          });
          await writeEntries(member, entries, context.frame.date);
        },
      },
    );
    if (outcome.result === 'session-cancelled') throw fail(409, ERROR_CODES.CONFLICT, m.sessionCancelled);
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
  { excused = false }: { excused?: boolean } = {},
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
    if (outcome.late && outcome.held && !excused) {
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

// ---------------------------------------------------------------------------------------------
// Standing bookings ('Añadir clase', bookings.standing.ts).

/** How far ahead joining or leaving a class changes stored sessions (the dashboard's planning horizon). */
const STANDING_HORIZON_DAYS = 56;

/** The member's places in a standing class: sessions confirmed, and those they wait for (first one first). */
export interface StandingResult {
  confirmed: number;
  waiting: { label: string; position: number }[];
}

/** The gym dates a pause covers: from its first day to the day before it ends. */
export const pausedDates = (pause: MembershipPause, timeZone: string): DateWindow => ({
  from: gymDate(pause.from, timeZone),
  until: gymDate(new Date(pause.until.getTime() - 1), timeZone),
});

/** A membership's last day, as standing places end on it (the date of its end, UTC). */
const lastDayOf = (end: Date | null) => (end ? end.toISOString().slice(0, 10) : null);

/**
 * The member added the class to their schedule: they hold a place in each of its sessions from
 * today until their membership ends (or wait for one). A session never stored is its standing
 * members' (bookings.standing.ts), so joining is one write of the class's standing members; only the
 * sessions stored already (something happened to them) are booked, one batch each. Sessions are
 * first stored under the same standing lock (bookings.engine.ts storeFirst), so none misses the
 * member. The answer counts the places held and the waits in the booking window.
 */
export async function joinStanding(
  lessonId: string,
  member: Types.ObjectId,
  membership: { end: Date; pauses?: readonly MembershipPause[] | null } | null,
  rules: BookingRules,
  now = new Date(),
): Promise<StandingResult> {
  const lesson = await findLessonById(lessonId);
  const today = gymDate(now, rules.timeZone);
  const until = lastDayOf(membership?.end ?? null);
  // The dates of the member's pauses to come: no place on them.
  const off = (membership?.pauses ?? []).map((p) => pausedDates(p, rules.timeZone)).filter((w) => w.until >= today);
  let change: StandingChange | null = null;
  const result: StandingResult = { confirmed: 0, waiting: [] };
  await withStandingLock(lesson._id, async () => {
    // Places go in the order members joined: the order they took the lock in.
    change = await addStandingMember(
      lesson._id,
      member,
      today,
      until,
      new Date(Math.max(Date.now(), now.getTime())),
      off,
    );
    const members = change?.members ?? (await readStanding(lesson._id));
    const tally = (date: string, outcome: SessionOutcome) => {
      if (outcome.result === 'confirmed') result.confirmed += 1;
      if (outcome.result === 'waitlisted') {
        result.waiting.push({ label: sessionDayLabel(date), position: outcome.position });
      }
    };
    for (const date of sessionDates(lesson, today, addDays(today, STANDING_HORIZON_DAYS))) {
      if (until !== null && date > until) break;
      if (off.some((w) => w.from <= date && date <= w.until)) continue;
      const context = contextOf(sessionIdOf(lesson._id.toString(), date), lesson, date, rules);
      if (context.startsAt <= now) continue;
      if (await storedSession(context.frame.id)) {
        const { outcome } = await changeSession(
          context.frame,
          { op: 'book', member: member.toString() },
          { standingHeld: true },
        );
        tally(date, outcome);
      } else if (context.opensAt <= now) {
        tally(date, standingOutcome(standingState(members, date, context.frame), member));
      }
    }
  });
  // The class list's seats follow before the member is answered (bookings.seats.ts).
  await standingChanged(lesson._id, change);
  return result;
}

/** The member's place in a session's state, as the outcome a booking of it would have had. */
function standingOutcome(state: SessionState, member: Types.ObjectId): SessionOutcome {
  const id = member.toString();
  const place = state.confirmed.find((p) => p.member === id);
  if (place) return { result: 'confirmed', seat: place.seat, already: true };
  const position = state.waitlist.findIndex((w) => w.member === id);
  return position >= 0 ? { result: 'waitlisted', position: position + 1, already: true } : { result: 'not-booked' };
}

/**
 * The member removed the class from their schedule: their places (and waits) in its sessions that
 * have not started are given up, each freeing a place for the waitlist as any cancellation does.
 * A session never stored in which the member's place goes to someone waiting is stored first (with
 * the member), so the promotion is a cancellation like any other and the promoted member is
 * e-mailed. Answers the sessions in which a place was freed (they may go to wider waits).
 */
export async function leaveStanding(
  lessonId: string,
  member: Types.ObjectId,
  rules: BookingRules,
  delivery: NoticeDelivery,
  now = new Date(),
): Promise<string[]> {
  const lesson = await findLessonById(lessonId, true);
  let freed: string[] = [];
  let change: StandingChange | null = null;
  await withStandingLock(lesson._id, async () => {
    const today = gymDate(now, rules.timeZone);
    freed = await releaseStanding(lesson, member, today, addDays(today, STANDING_HORIZON_DAYS), rules, delivery, now);
    change = await removeStandingMember(lesson._id, member);
  });
  await standingChanged(lesson._id, change);
  return freed;
}

/**
 * Gives up the member's standing places (and waits) in the class's sessions from `first` to `last`
 * (gym dates) that have not started, the caller holding the class's standing lock: a stored session
 * (or one never stored whose place goes to someone waiting: stored first, with the member) is
 * cancelled for them like any cancellation, so the waitlist moves up and the promoted member is
 * e-mailed. Answers the sessions in which a place was freed (they may go to wider waits).
 */
async function releaseStanding(
  lesson: LessonDoc,
  member: Types.ObjectId,
  first: string,
  last: string,
  rules: BookingRules,
  delivery: NoticeDelivery,
  now: Date,
): Promise<string[]> {
  const members = await readStanding(lesson._id);
  const freed: string[] = [];
  const held: SessionContext[] = [];
  for (const date of sessionDates(lesson, first, addDays(last, 1))) {
    const context = contextOf(sessionIdOf(lesson._id.toString(), date), lesson, date, rules);
    if (context.startsAt <= now) continue;
    const doc = await storedSession(context.frame.id);
    const state = doc ? stateOf(doc) : standingState(members, date, context.frame);
    const part = partOf(state, member);
    if (!part) continue;
    if (doc || (part === 'confirmed' && state.waitlist.length > 0)) held.push(context);
    else if (part === 'confirmed' && context.opensAt <= now) freed.push(context.frame.id);
  }
  for (const context of held) {
    const { outcome, notices } = await changeSession(
      context.frame,
      { op: 'cancel', member: member.toString() },
      { standingHeld: true },
    );
    delivery.send(notices);
    if (outcome.result === 'cancelled') freed.push(context.frame.id);
  }
  return freed;
}

/**
 * The member's membership is paused on the dates of `window` (membership-pauses.ts): in each class
 * of their schedule they hold no place on those dates (the places of sessions not started are given
 * up as leaving the class gives them up, and the class's standing record has the dates off, so
 * sessions stored later leave them out too), and their single bookings and waits in sessions of
 * those dates are cancelled, excused (no late cancel is counted). Each step may run again and does
 * nothing twice. Answers the sessions in which a place was freed.
 */
export async function pauseBookings(
  member: Types.ObjectId,
  schedule: readonly string[],
  window: DateWindow,
  rules: BookingRules,
  delivery: NoticeDelivery,
  now = new Date(),
): Promise<string[]> {
  const freed: string[] = [];
  const today = gymDate(now, rules.timeZone);
  const first = window.from > today ? window.from : today;
  for (const lessonId of schedule) {
    const lesson = await findLessonById(lessonId, true).catch((error: unknown) => {
      if (error instanceof HttpError && error.status === 404) return null;
      throw error;
    });
    if (!lesson) continue;
    let change: StandingChange | null = null;
    await withStandingLock(lesson._id, async () => {
      if (first <= window.until) {
        freed.push(...(await releaseStanding(lesson, member, first, window.until, rules, delivery, now)));
      }
      change = await setStandingOff(lesson._id, member, window);
    });
    await standingChanged(lesson._id, change);
  }
  for (const entry of await heldEntries(member)) {
    const date = entry.start.slice(0, 10);
    if (date < window.from || date > window.until) continue;
    try {
      const result = await cancelBooking(entry.session, member, rules, delivery, now, { excused: true });
      if (result.result === 'cancelled') freed.push(entry.session);
    } catch (error) {
      // Not booked any more, or the session is gone or has started: nothing to give up.
      if (!(error instanceof HttpError && [404, 409].includes(error.status))) throw error;
    }
  }
  return freed;
}

/**
 * The demo chain: the member holds the class from today until their membership ends (not before:
 * sessions that ended before the demo began would count as missed). No session is stored: the places
 * are the sessions' standing members' until something happens to them.
 */
export async function seedStandingMember(
  lessonId: Types.ObjectId,
  member: Types.ObjectId,
  membership: { start: Date; end: Date },
  now = new Date(),
): Promise<void> {
  const change = await withStandingLock(lessonId, () =>
    addStandingMember(lessonId, member, lastDayOf(now) ?? '', lastDayOf(membership.end), membership.start),
  );
  await standingChanged(lessonId, change);
}

/** The member's membership now ends on `end`: their standing places follow it. */
export async function membershipEndMoved(member: Types.ObjectId, schedule: readonly string[], end: Date | null) {
  for (const lessonId of schedule) {
    const id = objectIdOrNull(lessonId);
    if (id) await standingChanged(id, await moveStandingEnd(id, member, lastDayOf(end)));
  }
}

// ---------------------------------------------------------------------------------------------
// A class's schedule changed.

const sameSchedule = (a: LessonDoc, b: LessonDoc) =>
  a.scheduleHourStart === b.scheduleHourStart &&
  a.scheduleHourFinish === b.scheduleHourFinish &&
  a.scheduleDays.length === b.scheduleDays.length &&
  a.scheduleDays.every((d) => b.scheduleDays.includes(d));

/**
 * The admin changed a class's days or hours. Its sessions that have bookings of single dates (a
 * place or a wait) keep their date and hours (pinned on the class: the shared sessionTimes reads
 * them); the others follow the new schedule, with the class's standing members' places. Everyone
 * booked and the standing members are e-mailed once.
 * Reads: each date of the old schedule in the planning horizon, by `_id`.
 */
export async function scheduleChanged(
  before: LessonDoc,
  after: LessonDoc,
  rules: BookingRules,
  delivery: NoticeDelivery,
  now = new Date(),
): Promise<void> {
  if (sameSchedule(before, after)) return;
  const lessonId = after._id.toString();
  const today = gymDate(now, rules.timeZone);
  const kept = (before.pinnedSessions ?? []).flatMap((p) =>
    p.date && p.start && p.end && p.date >= today ? [{ date: p.date, start: p.start, end: p.end }] : [],
  );
  const plain = { ...after, pinnedSessions: [] };
  // Standing members hold the class, not a date: their places move with it.
  const standing = await readStanding(after._id);
  const standingIds = new Set(standing.map((s) => s.member.toString()));
  /** Who is told, with the start of the booking they keep ('' for a standing member's places). */
  const told = new Map<string, string>();
  for (const date of sessionDates(before, today, addDays(today, STANDING_HORIZON_DAYS))) {
    if (kept.some((p) => p.date === date)) continue;
    const old = sessionTimes(before, date);
    const next = meetsOn(plain, date) ? sessionTimes(plain, date) : null;
    if (next && next.start === old.start && next.end === old.end) continue;
    if (gymInstant(old.start, rules.timeZone) <= now) continue;
    const doc = await storedSession(sessionIdOf(lessonId, date));
    if (!doc || doc.cancelledAt) continue;
    const members = [
      ...doc.confirmed.map((e) => e.member.toString()),
      ...waitlistOf(doc.waitlist).map((e) => e.member),
    ].filter((m) => !standingIds.has(m));
    if (members.length === 0) continue;
    kept.push({ date, ...old });
    for (const member of members) if (!told.has(member)) told.set(member, old.start);
  }
  await setPinnedSessions(after._id, kept);
  for (const s of standing) {
    const member = s.member.toString();
    if (!told.has(member) && (s.until === null || s.until >= today)) told.set(member, '');
  }
  const schedule = `${after.scheduleDays.join(', ')} de ${after.scheduleHourStart} a ${after.scheduleHourFinish}`;
  const stamp = now.getTime();
  for (const [member, start] of told) {
    const ids = await storeNotices(
      { id: `${lessonId}:schedule:${stamp}`, lessonName: after.name, start, reason: schedule },
      [{ id: member, member, kind: 'schedule-changed', at: now }],
    );
    delivery.send(ids);
  }
}

function resultOf(outcome: SessionOutcome, session: ClassSessionDto): BookingResultDto {
  const result = bookingResultOf(outcome, session);
  if (!result) throw fail(409, ERROR_CODES.CONFLICT, m.notBooked);
  return result;
}
