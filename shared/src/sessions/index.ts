import { SESSION_PLANNING_DAYS, WEEKDAYS } from '../constants';
import { MESSAGES } from '../validation/messages';
import type { WeeklySchedule } from '../schemas/week';
import type { BranchTimetableDto, NextSessionDto } from '../schemas/sessions';
import { seatsLeftOf } from './rules';

/**
 * Class sessions: one date of a class's weekly pattern. A session is named by its class and its
 * date at the gym (`<lessonId>:<YYYY-MM-DD>`), so the server can read it by that key whether or not
 * anything has been stored for it yet, and the client can link to it.
 */

const DAY = 86_400_000;

export const sessionIdOf = (lessonId: string, date: string) => `${lessonId}:${date}`;

/** The class and date a session id names; null for anything else. */
export function parseSessionId(id: string): { lessonId: string; date: string } | null {
  const match = /^([0-9a-f]{24}):(\d{4}-\d{2}-\d{2})$/.exec(id);
  if (!match || !isDate(match[2] as string)) return null;
  return { lessonId: match[1] as string, date: match[2] as string };
}

/** Whether `date` is a real calendar date written `YYYY-MM-DD`. */
export function isDate(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const t = Date.parse(`${date}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === date;
}

/** `date` moved by `days` (calendar days, no time zone involved). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/** The weekday of a date as WEEKDAYS counts it: Monday 0 to Sunday 6. */
export const weekdayIndex = (date: string): number => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;

/** The weekday of a date, as WEEKDAYS names it ('Lunes' ...). */
export function weekdayOf(date: string): (typeof WEEKDAYS)[number] {
  return WEEKDAYS[weekdayIndex(date)] as (typeof WEEKDAYS)[number];
}

const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const;

/** A gym date (`YYYY-MM-DD`) in words: 'Jueves 26 de noviembre'. */
export function sessionDayLabel(date: string): string {
  const [, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${weekdayOf(date)} ${day} de ${MONTHS[month - 1]}`;
}

const pad = (hour: string) => (/^\d:/.test(hour) ? `0${hour}` : hour);

/**
 * A session a class's schedule change left where it was: it had bookings, so it keeps its date and
 * hours (`YYYY-MM-DDTHH:mm`) while the class's other sessions follow the new schedule.
 */
export interface PinnedSession {
  date: string;
  start: string;
  end: string;
}

/** A class's weekly schedule, with the sessions kept at their old times (as stored: fields may be absent). */
export type SessionSchedule = WeeklySchedule & {
  pinnedSessions?: readonly { date?: string | null; start?: string | null; end?: string | null }[] | null;
};

function pinOf(schedule: SessionSchedule, date: string): PinnedSession | undefined {
  const pin = schedule.pinnedSessions?.find((p) => p.date === date);
  return pin?.start && pin.end ? { date, start: pin.start, end: pin.end } : undefined;
}

/**
 * A session's local start and end (`YYYY-MM-DDTHH:mm`); a class ending at '24:00' ends at the next
 * midnight; a pinned session keeps its own.
 */
export function sessionTimes(schedule: SessionSchedule, date: string): { start: string; end: string } {
  const pin = pinOf(schedule, date);
  if (pin) return { start: pin.start, end: pin.end };
  const end =
    schedule.scheduleHourFinish === '24:00'
      ? `${addDays(date, 1)}T00:00`
      : `${date}T${pad(schedule.scheduleHourFinish)}`;
  return { start: `${date}T${pad(schedule.scheduleHourStart)}`, end };
}

/** Whether the class has a session on `date`: one of its weekdays, or a session kept there. */
export const meetsOn = (schedule: SessionSchedule, date: string) =>
  schedule.scheduleDays.includes(weekdayOf(date)) || pinOf(schedule, date) !== undefined;

/** The dates in [from, to) on which the class meets (its weekdays, and the sessions kept). */
export function sessionDates(schedule: SessionSchedule, from: string, to: string): string[] {
  const dates: string[] = [];
  for (let date = from; date < to; date = addDays(date, 1)) {
    if (meetsOn(schedule, date)) dates.push(date);
  }
  return dates;
}

/** Whether two local time spans overlap (touching ends do not). */
export const spansOverlap = (a: { start: string; end: string }, b: { start: string; end: string }) =>
  a.start < b.end && b.start < a.end;

/** What the class list needs of a stored session: places taken, its own capacity, waiting, cancelled. */
export interface SessionSeats {
  taken: number;
  /** The session's own capacity (null: its class's). */
  capacity: number | null;
  waiting: number;
  cancelled: boolean;
}

/** A class's session on `date` with its places: `seats` has what is stored of it (none: every place free). */
function sessionWithSeats(
  lesson: WeeklySchedule & { id: string; capacity: number },
  date: string,
  seats: (id: string) => SessionSeats | undefined,
): NextSessionDto {
  const id = sessionIdOf(lesson.id, date);
  const stored = seats(id);
  const capacity = stored?.capacity ?? lesson.capacity;
  const cancelled = stored?.cancelled ?? false;
  return {
    lessonId: lesson.id,
    id,
    date,
    ...sessionTimes(lesson, date),
    capacity,
    seatsLeft: seatsLeftOf(capacity, stored?.taken ?? 0, cancelled),
    waiting: stored?.waiting ?? 0,
    cancelled,
  };
}

/**
 * A class's next session that has not started at `now` (the gym's wall clock, `YYYY-MM-DDTHH:mm`),
 * with its places: `seats` has what is stored of sessions (none stored: every place is free).
 * Null for a class that does not meet in the coming week.
 */
export function nextSessionOf(
  lesson: WeeklySchedule & { id: string; capacity: number },
  seats: (id: string) => SessionSeats | undefined,
  now: string,
): NextSessionDto | null {
  const today = now.slice(0, 10);
  const date = sessionDates(lesson, today, addDays(today, 8)).find((d) => sessionTimes(lesson, d).start > now);
  return date === undefined ? null : sessionWithSeats(lesson, date, seats);
}

/**
 * A sede's timetable (GET /sessions/branch/:branchId): the sessions of its classes on the 7 days
 * from `now`'s date (the gym's clock, `YYYY-MM-DDTHH:mm`) with their places from `seats`, in order
 * of start; those that have started are marked so.
 */
export function branchTimetableOf<L extends WeeklySchedule & { id: string; name: string; capacity: number }>(
  branch: { id: string; name: string },
  lessons: readonly L[],
  seats: (lesson: L, id: string) => SessionSeats | undefined,
  now: string,
): BranchTimetableDto {
  const today = now.slice(0, 10);
  const slots = lessons
    .flatMap((lesson) =>
      sessionDates(lesson, today, addDays(today, 7)).map((date) => {
        const session = sessionWithSeats(lesson, date, (id) => seats(lesson, id));
        return { ...session, lessonName: lesson.name, started: session.start <= now };
      }),
    )
    .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.lessonName.localeCompare(b.lessonName, 'es')));
  return {
    branchId: branch.id,
    branchName: branch.name,
    dates: Array.from({ length: 7 }, (_, i) => addDays(today, i)),
    slots,
  };
}

export * from './rules';

/**
 * The `days` of `GET /sessions/of/:id?days=N`: undefined when absent (the booking window), a whole
 * number of days from 1 to SESSION_PLANNING_DAYS.max, or the Spanish error for anything else.
 */
export function planningDays(raw: unknown): { days?: number; error?: string } {
  if (raw === undefined || raw === null) return {};
  const days = typeof raw === 'string' && /^\d{1,3}$/.test(raw) ? Number(raw) : NaN;
  if (days >= 1 && days <= SESSION_PLANNING_DAYS.max) return { days };
  return { error: MESSAGES.bookings.daysRange(SESSION_PLANNING_DAYS.max) };
}
