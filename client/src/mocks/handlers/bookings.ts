import {
  addDays,
  applySessionBatch,
  datedMembership,
  bookingResultOf,
  emptySessionState,
  ERROR_CODES,
  LESSON_CAPACITY,
  meetsOn,
  MESSAGES,
  pauseAt,
  pausedOnDate,
  type IsoPause,
  nextSessionOf,
  branchTimetableOf,
  parseSessionId,
  planningDays,
  schemas,
  sessionDates,
  sessionDayLabel,
  sessionIdOf,
  sessionRosterOf,
  sessionTimes,
  sessionView,
  spansOverlap,
  TEACHING_DAYS,
  toText,
  weekdayOf,
  CHECKIN_CODE,
  formatCheckinCode,
  hourToMinutes,
  type AttendanceKind,
  type DemandRowDto,
  type BookingResultDto,
  type CheckinResultDto,
  type MemberAttendanceDto,
  type ClassSessionDto,
  type HeldBooking,
  type NextSessionDto,
  type SessionOutcome,
  type SessionState,
  type TaughtSessionDto,
} from '@pulso/shared';
import { auditChange, checkinAudit, sessionSnapshot } from '../audit';
import type { LessonRec, MockData, StoredSession, UserRec, WishRec } from '../db';
import { clock, today } from '../clock';
import { toStoredSession as stored } from '../db';
import { checkId, MockHttpError } from '../http';
import { findLesson } from '../lookups';
import type { Route } from '../route';
import { listOf } from './lessons';

/**
 * The bookings module (server/src/modules/bookings): a class's sessions, their places and
 * waitlists, by the shared rules. The gym's clock is the browser's: a session's local start is read
 * in the visitor's time zone. The chain's windows are the server's defaults.
 */

const RULES = { opensDays: 7, lateCancelHours: 2 };
const CHECKIN_OPENS_MINUTES = 30;
const c = MESSAGES.checkin;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const m = MESSAGES.bookings;

const fail = (status: number, code: string, message: string) => new MockHttpError(status, code, message);
const sessionNotFound = () => fail(404, ERROR_CODES.NOT_FOUND, m.sessionNotFound);

interface Context {
  id: string;
  lesson: LessonRec;
  date: string;
  start: string;
  end: string;
  startsAt: Date;
  opensAt: Date;
  terms: { classCapacity: number; lateFrom: Date };
}

function contextOf(lesson: LessonRec, date: string): Context {
  const times = sessionTimes(lesson, date);
  const startsAt = new Date(`${times.start}:00`);
  return {
    id: sessionIdOf(lesson.id, date),
    lesson,
    date,
    ...times,
    startsAt,
    opensAt: new Date(startsAt.getTime() - RULES.opensDays * DAY),
    terms: {
      classCapacity: lesson.capacity ?? LESSON_CAPACITY.default,
      lateFrom: new Date(startsAt.getTime() - RULES.lateCancelHours * HOUR),
    },
  };
}

function sessionContext(data: MockData, id: string): Context {
  const parsed = parseSessionId(id);
  if (!parsed) throw sessionNotFound();
  const lesson = data.lessons.find((l) => l.id === parsed.lessonId && !l.deletedAt);
  if (!lesson || !meetsOn(lesson, parsed.date)) throw sessionNotFound();
  return contextOf(lesson, parsed.date);
}

const toDate = (text: string) => new Date(text);

function stateOf(stored: StoredSession | undefined): SessionState {
  if (!stored) return emptySessionState();
  return {
    ...stored,
    confirmed: stored.confirmed.map((e) => ({
      ...e,
      at: toDate(e.at),
      checkedIn: e.checkedIn ? toDate(e.checkedIn) : null,
    })),
    waitlist: stored.waitlist.map((e) => ({ ...e, at: toDate(e.at) })),
    cancellations: stored.cancellations.map((e) => ({ ...e, at: toDate(e.at) })),
    notices: stored.notices.map((e) => ({ ...e, at: toDate(e.at) })),
    cancelledAt: stored.cancelledAt ? toDate(stored.cancelledAt) : null,
    closedAt: stored.closedAt ? toDate(stored.closedAt) : null,
  };
}

/** Whether the membership is paused on the gym date `date`. */
const pausedOn = (membership: { pauses?: IsoPause[] | null }, date: string) => pausedOnDate(membership.pauses, date);

/**
 * The member's membership is paused from `from` to `until` (the server's pauseBookings): their places
 * and waits in the sessions of those dates that have not started are given up, the waitlist moving up.
 */
export function pauseBookingsOf(data: MockData, member: string, from: string, until: string, now: Date): void {
  for (const [id, session] of Object.entries(data.sessions)) {
    const held =
      session.confirmed.some((p) => p.member === member) || session.waitlist.some((w) => w.member === member);
    const context = held ? sessionContextOrNull(data, id) : null;
    if (!context || now >= context.startsAt || context.date < from || context.date >= until) continue;
    change(data, context, { op: 'cancel', member });
    offerFreedPlacesOf(data, context, now);
  }
}

/**
 * A session's state: as stored, or, nothing happened to it yet, its standing members' places (the
 * server's bookings.standing.ts): the users whose schedule holds the class and whose membership
 * covers the date, the first ones by the class's capacity holding seats, the others waiting.
 */
function stateFor(data: MockData, context: Context): SessionState {
  const saved = data.sessions[context.id];
  if (saved) return stateOf(saved);
  const state = emptySessionState();
  const members = data.users.filter(
    (u) =>
      !u.deletedAt &&
      u.lessons.includes(context.lesson.id) &&
      u.membership !== null &&
      u.membership.start.slice(0, 10) <= context.date &&
      u.membership.end.slice(0, 10) >= context.date &&
      !pausedOn(u.membership, context.date),
  );
  const at = new Date(0);
  members.forEach((u, i) => {
    if (i < context.terms.classCapacity) {
      state.confirmed.push({ member: u.id, seat: i + 1, at, promoted: false, checkedIn: null });
    } else state.waitlist.push({ member: u.id, at });
  });
  return state;
}

function view(data: MockData, context: Context, member: string | null, now: Date): ClassSessionDto {
  const state = stateFor(data, context);
  return sessionView({
    substitute: state.trainer ? (data.users.find((u) => u.id === state.trainer)?.fullName ?? '') : null,
    id: context.id,
    lessonId: context.lesson.id,
    lessonName: context.lesson.name,
    date: context.date,
    start: context.start,
    end: context.end,
    state,
    terms: context.terms,
    opensAt: context.opensAt,
    startsAt: context.startsAt,
    member,
    now,
  });
}

/** One request applied to the session, as the server's batch of one. */
function change(
  data: MockData,
  context: Context,
  request: Parameters<typeof applySessionBatch>[2][number],
): SessionOutcome {
  const state = stateFor(data, context);
  const [outcome] = applySessionBatch(state, context.terms, [request], new Date());
  state.version += 1;
  data.sessions[context.id] = stored(state);
  return outcome as SessionOutcome;
}

/** The member's other sessions at an overlapping time that they still hold or wait for. */
function clash(data: MockData, context: Context, member: string): string | null {
  for (const [id, session] of Object.entries(data.sessions)) {
    if (id === context.id) continue;
    const held =
      session.confirmed.some((p) => p.member === member) || session.waitlist.some((w) => w.member === member);
    if (!held || session.cancelledAt) continue;
    const other = sessionContextOrNull(data, id);
    if (other && spansOverlap(other, context)) return other.lesson.name;
  }
  return null;
}

/**
 * The sessions a member holds a place in or waits for (their calendar), as the server lists them:
 * the stored ones and, from `from` to `to`, the dates of the classes of their schedule.
 */
export function heldBookingsOf(data: MockData, member: string, from?: Date, to?: Date): HeldBooking[] {
  const ids = new Set(Object.keys(data.sessions));
  const user = data.users.find((u) => u.id === member);
  if (user && from && to) {
    const until = addDays(today(to), 1);
    for (const lesson of data.lessons.filter((l) => user.lessons.includes(l.id))) {
      for (const date of sessionDates(lesson, addDays(today(from), -1), until)) ids.add(sessionIdOf(lesson.id, date));
    }
  }
  const held: HeldBooking[] = [];
  for (const id of ids) {
    const context = sessionContextOrNull(data, id);
    if (!context) continue;
    const state = stateFor(data, context);
    if (state.cancelledAt) continue;
    const confirmed = state.confirmed.some((p) => p.member === member);
    const position = state.waitlist.findIndex((w) => w.member === member) + 1;
    if (!confirmed && position === 0) continue;
    held.push({
      session: id,
      lessonName: context.lesson.name,
      start: context.start,
      end: context.end,
      part: confirmed ? 'confirmed' : 'waitlisted',
      position: confirmed ? null : position,
    });
  }
  return held;
}

/** How far ahead joining or leaving a class changes stored sessions (the server's planning horizon). */
const STANDING_HORIZON_DAYS = 56;

/**
 * The class's schedule changed from `before` to `after` (the server's scheduleChanged): its sessions
 * with bookings of single dates (a place or a wait of someone who does not hold the class) keep their
 * date and hours, pinned on the class; the others follow the new schedule. Answers the pins.
 */
export function pinnedAfterChange(
  data: MockData,
  before: LessonRec,
  after: LessonRec,
  now: Date,
): NonNullable<LessonRec['pinnedSessions']> {
  const from = today(now);
  const kept = (before.pinnedSessions ?? []).filter((p) => p.date >= from);
  const standing = new Set(data.users.filter((u) => u.lessons.includes(before.id)).map((u) => u.id));
  const plain = { ...after, pinnedSessions: [] };
  for (const date of sessionDates(before, from, addDays(from, STANDING_HORIZON_DAYS))) {
    if (kept.some((p) => p.date === date)) continue;
    const old = sessionTimes(before, date);
    const next = meetsOn(plain, date) ? sessionTimes(plain, date) : null;
    if (next && next.start === old.start && next.end === old.end) continue;
    if (new Date(`${old.start}:00`) <= now) continue;
    const saved = data.sessions[sessionIdOf(before.id, date)];
    if (!saved || saved.cancelledAt) continue;
    const members = [...saved.confirmed, ...saved.waitlist].map((e) => e.member).filter((m) => !standing.has(m));
    if (members.length > 0) kept.push({ date, ...old });
  }
  return kept;
}

/**
 * 'Añadir clase' (after the class is on the user's schedule): the sessions open for booking and any
 * stored later one are booked now, as the server does; answers the ones the member waits for.
 */
export function joinStandingOf(
  data: MockData,
  lesson: LessonRec,
  member: string,
): { label: string; position: number }[] {
  const now = new Date();
  const day = today(now);
  const waiting: { label: string; position: number }[] = [];
  const membership = data.users.find((u) => u.id === member)?.membership;
  for (const date of sessionDates(lesson, day, addDays(day, STANDING_HORIZON_DAYS))) {
    const context = contextOf(lesson, date);
    if (context.startsAt <= now || (membership && pausedOn(membership, date))) continue;
    if (context.opensAt > now && !data.sessions[context.id]) continue;
    const outcome = change(data, context, { op: 'book', member });
    if (outcome.result === 'waitlisted') waiting.push({ label: sessionDayLabel(date), position: outcome.position });
  }
  return waiting;
}

/** The class left the user's schedule: their places in its stored sessions that have not started are given up. */
export function leaveStandingOf(data: MockData, lesson: LessonRec, member: string): void {
  const now = new Date();
  const day = today(now);
  for (const date of sessionDates(lesson, day, addDays(day, STANDING_HORIZON_DAYS))) {
    const context = contextOf(lesson, date);
    const saved = data.sessions[context.id];
    if (context.startsAt <= now || !saved) continue;
    const state = stateOf(saved);
    if (state.confirmed.some((p) => p.member === member) || state.waitlist.some((w) => w.member === member)) {
      change(data, context, { op: 'cancel', member });
    }
  }
}

function sessionContextOrNull(data: MockData, id: string): Context | null {
  try {
    return sessionContext(data, id);
  } catch {
    return null;
  }
}

/** Who teaches a session: its substitute for that date, else its class's trainer. */
const teacherOf = (context: Context, state: SessionState) => state.trainer ?? context.lesson.trainer;

/**
 * The sessions `trainer` teaches that have not ended, from today to `days` ahead: their classes'
 * dates (less those a substitute has) and the sessions they substitute in, by start.
 */
function teachingOf(data: MockData, trainer: string, days: number, now: Date): TaughtSessionDto[] {
  const day = today(now);
  const to = addDays(day, days + 1);
  const candidates = new Set<string>();
  for (const lesson of data.lessons) {
    if (lesson.trainer !== trainer || lesson.deletedAt) continue;
    for (const date of sessionDates(lesson, day, to)) candidates.add(sessionIdOf(lesson.id, date));
  }
  for (const [id, session] of Object.entries(data.sessions)) {
    const date = parseSessionId(id)?.date ?? '';
    if (session.trainer === trainer && date >= day && date < to) candidates.add(id);
  }
  const taught: TaughtSessionDto[] = [];
  for (const id of candidates) {
    const context = sessionContextOrNull(data, id);
    if (!context || new Date(`${context.end}:00`) <= now) continue;
    if (teacherOf(context, stateFor(data, context)) !== trainer) continue;
    taught.push({
      ...view(data, context, null, now),
      branch: data.branches.find((b) => b.id === context.lesson.branch)?.name ?? '',
      substituting: context.lesson.trainer !== trainer,
    });
  }
  return taught.sort((a, b) => a.start.localeCompare(b.start) || a.lessonName.localeCompare(b.lessonName));
}

function resultOf(outcome: SessionOutcome, session: ClassSessionDto): BookingResultDto {
  if (outcome.result === 'session-cancelled') throw fail(409, ERROR_CODES.CONFLICT, m.sessionCancelled);
  const result = bookingResultOf(outcome, session);
  if (!result) throw fail(409, ERROR_CODES.CONFLICT, m.notBooked);
  return result;
}

function memberOf(data: MockData, id: string): UserRec {
  const user = data.users.find((u) => u.id === id && !u.deletedAt);
  if (!user) throw MockHttpError.unauthenticated();
  return user;
}

export const bookingsHandlers = (route: Route) => [
  route(
    'GET /sessions/branch/:branchId',
    { access: 'anyone', ok: [200, schemas.branchTimetable] },
    ({ params, data }) => {
      const branch = data.branches.find((b) => b.id === checkId(params.branchId));
      if (!branch) throw MockHttpError.notFound(MESSAGES.branches.notFound);
      // As the server's seats board: a session's places from its state (standing members included).
      const seats = (_lesson: unknown, id: string) => {
        const context = sessionContextOrNull(data, id);
        if (!context) return undefined;
        const state = stateFor(data, context);
        return {
          taken: state.confirmed.length,
          capacity: state.capacity ?? null,
          waiting: state.waitlist.length,
          cancelled: !!state.cancelledAt,
        };
      };
      const lessons = listOf(data, 'available').filter((lesson) => lesson.officeId === branch.id);
      return branchTimetableOf(branch, lessons, seats, clock(new Date()));
    },
  ),

  route('GET /sessions/next', { access: 'anyone', ok: [200, schemas.nextSession.array()] }, ({ data }) => {
    const now = clock(new Date());
    const seats = (id: string) => {
      const session = data.sessions[id];
      if (!session) return undefined;
      return {
        taken: session.confirmed.length,
        capacity: session.capacity,
        waiting: session.waitlist.length,
        cancelled: !!session.cancelledAt,
      };
    };
    return listOf(data, 'available')
      .map((lesson) => nextSessionOf(lesson, seats, now))
      .filter((s): s is NextSessionDto => s !== null);
  }),

  route('GET /sessions/demand', { access: 'manager', ok: [200, schemas.demandRow.array()] }, ({ data }) => {
    const now = new Date();
    const day = today(now);
    const rows: DemandRowDto[] = [];
    for (const lesson of listOf(data, 'available')) {
      const rec = data.lessons.find((l) => l.id === lesson.id);
      if (!rec) continue;
      for (const weekday of rec.scheduleDays) {
        let waiting = 0;
        for (const date of sessionDates(rec, day, addDays(day, RULES.opensDays + 1))) {
          if (weekdayOf(date) !== weekday) continue;
          const context = contextOf(rec, date);
          if (context.startsAt > now) waiting += stateFor(data, context).waitlist.length;
        }
        const start = `2000-01-01T${rec.scheduleHourStart.padStart(5, '0')}`;
        const wishes = waitingWishes(data).filter(
          ({ wish }) => wishMatchesLesson(wish, rec) && wishMatchesTime(wish, weekday, start),
        ).length;
        if (waiting === 0 && wishes === 0) continue;
        const branchName = data.branches.find((b) => b.id === rec.branch)?.name ?? '';
        rows.push({
          lessonId: rec.id,
          lessonName: rec.name,
          branchName,
          weekday,
          hour: rec.scheduleHourStart,
          waiting,
          wishes,
        });
      }
    }
    return rows.sort((a, b) => b.waiting + b.wishes - (a.waiting + a.wishes));
  }),

  route(
    'GET /sessions/of/:lessonId',
    { access: 'anyone', ok: [200, schemas.classSession.array()] },
    ({ params, user, data, url }) => {
      const lesson = findLesson(data, params.lessonId);
      const { days, error } = planningDays(url.searchParams.get('days') ?? undefined);
      if (error) throw MockHttpError.validation({ days: error });
      const now = new Date();
      const day = today(now);
      return sessionDates(lesson, day, addDays(day, (days ?? RULES.opensDays) + 1))
        .map((date) => contextOf(lesson, date))
        .filter((c) => c.startsAt > now && (days !== undefined || c.opensAt <= now))
        .map((c) => view(data, c, user?.id ?? null, now));
    },
  ),

  route(
    'GET /sessions/teaching',
    { access: 'staff', ok: [200, schemas.taughtSession.array()] },
    ({ user, data, url }) => {
      const { days, error } = planningDays(url.searchParams.get('days') ?? undefined);
      if (error) throw MockHttpError.validation({ days: error });
      return teachingOf(data, user.id, days ?? TEACHING_DAYS.default, new Date());
    },
  ),

  route(
    'GET /sessions/:sessionId/roster',
    { access: 'staff', ok: [200, schemas.sessionRoster] },
    ({ params, user, data }) => {
      const context = sessionContext(data, params.sessionId);
      if (!user.isAdmin && teacherOf(context, stateFor(data, context)) !== user.id) {
        throw fail(403, ERROR_CODES.FORBIDDEN, m.notYourSession);
      }
      const nameOf = (member: string) => data.users.find((u) => u.id === member)?.fullName ?? '';
      return {
        session: view(data, context, null, new Date()),
        ...sessionRosterOf(stateFor(data, context), nameOf),
      };
    },
  ),

  route('GET /sessions/:sessionId', { access: 'anyone', ok: [200, schemas.classSession] }, ({ params, user, data }) =>
    view(data, sessionContext(data, params.sessionId), user?.id ?? null, new Date()),
  ),

  route(
    'PUT /sessions/:sessionId',
    {
      access: 'manager',
      audit: auditChange('session', 'update', sessionSnapshot, 'sessionId'),
      body: schemas.sessionChangeForm,
      ok: [200, schemas.sessionSaved],
    },
    ({ params, input, data }) => {
      const context = sessionContext(data, params.sessionId);
      const trainerId = toText(input.trainerId);
      let trainer: string | null = null;
      if (trainerId !== '' && trainerId !== context.lesson.trainer) {
        if (!data.users.some((u) => u.id === trainerId && u.isMonitor && !u.deletedAt)) {
          throw MockHttpError.validation({ trainerId: MESSAGES.lessons.unknownTrainer });
        }
        trainer = trainerId;
      }
      const capacity = Number(toText(input.capacity));
      change(data, context, { op: 'capacity', capacity: capacity === context.terms.classCapacity ? null : capacity });
      change(data, context, { op: 'trainer', trainer });
      return { message: m.sessionUpdated, session: view(data, context, null, new Date()) };
    },
  ),

  route(
    'POST /sessions/:sessionId/cancel',
    {
      access: 'manager',
      audit: auditChange('session', 'cancel', sessionSnapshot, 'sessionId'),
      body: schemas.sessionCancelForm,
      ok: [200, schemas.sessionSaved],
    },
    ({ params, input, data }) => {
      const context = sessionContext(data, params.sessionId);
      if (data.sessions[context.id]?.cancelledAt) throw fail(409, ERROR_CODES.CONFLICT, m.alreadyCancelled);
      change(data, context, { op: 'cancel-session', reason: toText(input.reason) });
      return { message: m.sessionCancelledDone, session: view(data, context, null, new Date()) };
    },
  ),

  route(
    'POST /sessions/:sessionId/checkin',
    { access: 'staff', audit: checkinAudit, body: schemas.rosterCheckinForm, ok: [200, schemas.checkinResult] },
    ({ params, input, user, data }) => {
      const context = sessionContext(data, params.sessionId);
      const state = stateFor(data, context);
      if (!mayCheckIn(user, context, state)) throw fail(403, ERROR_CODES.FORBIDDEN, c.notTrainer);
      const now = new Date();
      const { opensAt, endsAt } = checkinWindow(context);
      if (now < opensAt || now >= endsAt) {
        throw fail(409, ERROR_CODES.CHECKIN_TOO_EARLY, c.notOpen(CHECKIN_OPENS_MINUTES));
      }
      const member = toText(input.memberId);
      const name = data.users.find((u) => u.id === member)?.fullName ?? '';
      return checkInto(data, context, member, name, now);
    },
  ),

  route(
    'POST /sessions/:sessionId/booking',
    { access: 'member', ok: [200, schemas.bookingResult] },
    ({ params, user, data }) => {
      const context = sessionContext(data, params.sessionId);
      const now = new Date();
      if (now >= context.startsAt) throw fail(409, ERROR_CODES.CONFLICT, m.closed);
      if (now < context.opensAt) throw fail(409, ERROR_CODES.CONFLICT, m.notOpenYet(RULES.opensDays));
      const membership = memberOf(data, user.id).membership;
      if (!membership || new Date(membership.start) > now || new Date(membership.end) < context.startsAt) {
        throw fail(403, ERROR_CODES.FORBIDDEN, MESSAGES.lessons.membershipRequired);
      }
      if (pausedOn(membership, context.date)) throw fail(403, ERROR_CODES.FORBIDDEN, MESSAGES.pauses.bookingPaused);
      const other = clash(data, context, user.id);
      if (other) throw fail(409, ERROR_CODES.CONFLICT, m.overlap(other));
      const outcome = change(data, context, { op: 'book', member: user.id });
      return resultOf(outcome, view(data, context, user.id, now));
    },
  ),

  route(
    'DELETE /sessions/:sessionId/booking',
    { access: 'member', ok: [200, schemas.bookingResult] },
    ({ params, user, data }) => {
      const context = sessionContext(data, params.sessionId);
      const now = new Date();
      if (now >= context.startsAt) throw fail(409, ERROR_CODES.CONFLICT, m.closed);
      const outcome = change(data, context, { op: 'cancel', member: user.id });
      if (outcome.result !== 'cancelled') throw fail(409, ERROR_CODES.CONFLICT, m.notBooked);
      if (outcome.late && outcome.held) addAttendance(data, user.id, context, 'late-cancel', now);
      const answer = resultOf(outcome, view(data, context, user.id, now));
      // The place given up may be free for anyone: the wider waits take it first.
      offerFreedPlacesOf(data, context, now);
      return answer;
    },
  ),
];

/**
 * The member's places and waits in sessions to come, given up as their cancellations would be (an
 * erased account, the server's account-erasure.ts): whoever waits moves up.
 */
export function giveUpBookingsOf(data: MockData, member: string, now: Date): void {
  const user = data.users.find((u) => u.id === member);
  for (const lesson of data.lessons.filter((l) => user?.lessons.includes(l.id))) leaveStandingOf(data, lesson, member);
  for (const [id, session] of Object.entries(data.sessions)) {
    const held =
      session.confirmed.some((p) => p.member === member) || session.waitlist.some((w) => w.member === member);
    const context = held ? sessionContextOrNull(data, id) : null;
    if (!context || now >= context.startsAt) continue;
    change(data, context, { op: 'cancel', member });
    offerFreedPlacesOf(data, context, now);
  }
  if (data.wishes?.[member]) data.wishes[member] = [];
}

// ---------------------------------------------------------------------------------------------
// Check-in (server/src/modules/checkin and bookings.checkin.ts): the member's rotating code, the
// desk's check-in at a sede, and each member's attendance.

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** FNV-1a, mixed: the mock has no server secret; its codes only have to look and behave like the server's. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  // MurmurHash3's finaliser: FNV's low bits barely differ for ids that differ in one character.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

const cardOf = (member: string) =>
  Array.from({ length: CHECKIN_CODE.cardLength }, (_, i) => ALPHABET[hash(`${member}:${i}`) % 32]).join('');
const stepOf = (at: Date) => Math.floor(at.getTime() / (CHECKIN_CODE.stepSeconds * 1000));
const digitsOf = (card: string, step: number) => String(hash(`${card}:${step}`) % 1_000_000).padStart(6, '0');

function memberOfCode(data: MockData, raw: string, now: Date): UserRec | null {
  const code = raw.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (!CHECKIN_CODE.pattern.test(code)) return null;
  const card = code.slice(0, CHECKIN_CODE.cardLength);
  const step = stepOf(now);
  let valid = false;
  for (let s = step + 1; s > step - CHECKIN_CODE.acceptedSteps; s--) {
    if (digitsOf(card, s) === code.slice(CHECKIN_CODE.cardLength)) valid = true;
  }
  return valid ? (data.users.find((u) => cardOf(u.id) === card) ?? null) : null;
}

function checkinWindow(context: Context) {
  return {
    opensAt: new Date(context.startsAt.getTime() - CHECKIN_OPENS_MINUTES * 60_000),
    endsAt: new Date(`${context.end}:00`),
  };
}

function mayCheckIn(user: { id: string; isAdmin: boolean }, context: Context, state: SessionState): boolean {
  return user.isAdmin || (state.trainer ?? context.lesson.trainer) === user.id;
}

const localTime = (at: string) => String(Number(at.slice(11, 13))) + at.slice(13, 16);

function addAttendance(data: MockData, member: string, context: Context, kind: AttendanceKind, now: Date) {
  data.attendance ??= {};
  const entries = (data.attendance[member] ??= []);
  if (entries.some((e) => e.session === context.id && e.kind === kind)) return;
  entries.push({
    session: context.id,
    lessonName: context.lesson.name,
    start: context.start,
    kind,
    at: now.toISOString(),
  });
}

function checkInto(data: MockData, context: Context, member: string, name: string, now: Date): CheckinResultDto {
  const outcome = change(data, context, { op: 'check-in', member });
  if (outcome.result === 'session-cancelled') throw fail(409, ERROR_CODES.CONFLICT, m.sessionCancelled);
  if (outcome.result !== 'checked-in') throw fail(409, ERROR_CODES.CHECKIN_NO_BOOKING, c.noBooking(name));
  addAttendance(data, member, context, 'attended', now);
  return {
    message: outcome.already
      ? c.already(name, context.lesson.name)
      : c.done(name, context.lesson.name, localTime(context.start)),
    memberId: member,
    memberName: name,
    already: outcome.already,
    session: view(data, context, null, now),
  };
}

export const checkinHandlers = (route: Route) => [
  route('GET /checkin/card', { access: 'signed-in', ok: [200, schemas.checkinCard] }, ({ user }) => {
    const now = new Date();
    const card = cardOf(user.id);
    const step = stepOf(now);
    const code = `${card}${digitsOf(card, step)}`;
    const changesAt = new Date((step + 1) * CHECKIN_CODE.stepSeconds * 1000).toISOString();
    return { code, display: formatCheckinCode(code), changesAt };
  }),

  route(
    'POST /checkin',
    { access: 'staff', audit: checkinAudit, body: schemas.checkinForm, ok: [200, schemas.checkinResult] },
    ({ input, user, data }) => {
      const branchId = toText(input.branchId);
      const branch = data.branches.find((b) => b.id === branchId);
      if (!branch) throw MockHttpError.validation({ branchId: c.unknownBranch });
      const now = new Date();
      const member = memberOfCode(data, toText(input.code), now);
      if (!member || member.deletedAt) throw fail(404, ERROR_CODES.CHECKIN_INVALID_CODE, c.invalidCode);
      const name = member.fullName;
      const { membership } = member;
      if (!membership || new Date(membership.start) > now || new Date(membership.end) < now) {
        throw fail(403, ERROR_CODES.MEMBERSHIP_INACTIVE, c.membershipInactive(name));
      }
      if (pauseAt(datedMembership(membership).pauses, now)) {
        throw fail(403, ERROR_CODES.MEMBERSHIP_INACTIVE, MESSAGES.pauses.checkinPaused(name));
      }
      // Today's sessions, and tomorrow's whose check-in is open already (one just after midnight).
      const day = today(now);
      const relevant = (context: Context | null): context is Context => {
        if (!context) return false;
        const window = checkinWindow(context);
        return now < window.endsAt && (context.date === day || now >= window.opensAt);
      };
      const held = Object.entries(data.sessions)
        .filter(([, session]) => session.confirmed.some((p) => p.member === member.id))
        .map(([id]) => sessionContextOrNull(data, id))
        .filter(relevant)
        .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
      const here = held.filter((context) => context.lesson.branch === branchId);
      const open = here.find((context) => now >= checkinWindow(context).opensAt);
      if (open) {
        if (!mayCheckIn(user, open, stateFor(data, open))) throw fail(403, ERROR_CODES.FORBIDDEN, c.notTrainer);
        return checkInto(data, open, member.id, name, now);
      }
      const later = here[0];
      if (later) {
        throw fail(
          409,
          ERROR_CODES.CHECKIN_TOO_EARLY,
          c.tooEarly(later.lesson.name, localTime(later.start), CHECKIN_OPENS_MINUTES),
        );
      }
      const elsewhere = held[0];
      if (elsewhere) {
        const other = data.branches.find((b) => b.id === elsewhere.lesson.branch)?.name ?? '';
        throw fail(409, ERROR_CODES.CHECKIN_WRONG_BRANCH, c.wrongBranch(name, elsewhere.lesson.name, other));
      }
      throw fail(409, ERROR_CODES.CHECKIN_NO_BOOKING, c.noBooking(name));
    },
  ),

  route(
    'GET /checkin/members/:memberId',
    { access: 'manager', ok: [200, schemas.memberAttendance] },
    ({ params, data }) => attendanceOf(data, checkId(params.memberId)),
  ),
];

/** A member's attendance: counts and the latest `latest` entries, newest first (the server's attendanceOf). */
export function attendanceOf(data: MockData, member: string, latest = 20): MemberAttendanceDto {
  const entries = data.attendance?.[member] ?? [];
  const count = (kind: AttendanceKind) => entries.filter((e) => e.kind === kind).length;
  return {
    attended: count('attended'),
    noShows: count('no-show'),
    lateCancels: count('late-cancel'),
    latest: [...entries]
      .reverse()
      .slice(0, latest)
      .map((e) => ({ sessionId: e.session, lessonName: e.lessonName, start: e.start, kind: e.kind, at: e.at })),
  };
}

// ---------------------------------------------------------------------------------------------
// Wider waits (server: bookings.wishes.ts): any session of a class or an exercise type, on some
// weekdays, starting within an hour band; the first matching place that frees is the oldest wait's.

/** Every wait not fulfilled yet, oldest first, with its member. */
export function waitingWishes(data: MockData): { member: string; wish: WishRec }[] {
  return Object.entries(data.wishes ?? {})
    .flatMap(([member, wishes]) => wishes.filter((w) => !w.session).map((wish) => ({ member, wish })))
    .sort((a, b) => a.wish.createdAt.localeCompare(b.wish.createdAt));
}

export const wishMatchesLesson = (wish: WishRec, lesson: LessonRec) =>
  wish.kind === 'lesson' ? wish.target === lesson.id : (lesson.types ?? []).includes(wish.target);

export function wishMatchesTime(wish: Pick<WishRec, 'days' | 'from' | 'to'>, weekday: string, start: string): boolean {
  const minutes = hourToMinutes(start.slice(11));
  return wish.days.includes(weekday) && hourToMinutes(wish.from) <= minutes && minutes < hourToMinutes(wish.to);
}

/** The places the session has free for anyone now: open, before the late-cancel limit, nobody waiting. */
function freePlacesOf(data: MockData, context: Context, now: Date): number {
  if (now < context.opensAt || now >= context.startsAt || now >= context.terms.lateFrom) return 0;
  const state = stateFor(data, context);
  if (state.cancelledAt || state.waitlist.length > 0) return 0;
  return (state.capacity ?? context.terms.classCapacity) - state.confirmed.length;
}

/** Books the wait's member into the session when they hold nothing in it; answers whether they got a place. */
function fulfilWish(data: MockData, member: string, wish: WishRec, context: Context): boolean {
  const state = stateFor(data, context);
  if (state.confirmed.some((p) => p.member === member) || state.waitlist.some((w) => w.member === member)) return false;
  const user = data.users.find((u) => u.id === member && !u.deletedAt);
  if (!user || clash(data, context, member)) return false;
  const outcome = change(data, context, { op: 'book', member });
  if (outcome.result !== 'confirmed') {
    change(data, context, { op: 'cancel', member });
    return false;
  }
  wish.session = context.id;
  return true;
}

/** Free places of the session go to the oldest matching waits. */
export function offerFreedPlacesOf(data: MockData, context: Context, now: Date): void {
  let free = freePlacesOf(data, context, now);
  for (const { member, wish } of waitingWishes(data)) {
    if (free <= 0) return;
    if (!wishMatchesLesson(wish, context.lesson) || !wishMatchesTime(wish, weekdayOf(context.date), context.start))
      continue;
    if (fulfilWish(data, member, wish, context)) free -= 1;
  }
}

/** A new wait: a matching session open for booking with a place free now is booked at once. */
export function fulfilNow(data: MockData, member: string, wish: WishRec, now: Date): Context | null {
  const day = today(now);
  const sessions = data.lessons
    .filter((l) => !l.deletedAt && l.isAvailable && wishMatchesLesson(wish, l))
    .flatMap((lesson) =>
      sessionDates(lesson, day, addDays(day, RULES.opensDays + 1)).map((date) => contextOf(lesson, date)),
    )
    .filter((c) => wishMatchesTime(wish, weekdayOf(c.date), c.start))
    .sort((a, b) => a.start.localeCompare(b.start));
  for (const context of sessions) {
    if (freePlacesOf(data, context, now) > 0 && fulfilWish(data, member, wish, context)) return context;
  }
  return null;
}
