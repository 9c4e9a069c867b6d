import type { FieldErrors } from '../api';
import { hourLabel, hourToMinutes, WEEKDAYS } from '../constants';
import { MESSAGES } from './messages';
import type { WeeklySchedule as Schedule } from '../schemas/week';

/**
 * The rules between classes, their sedes and their trainers (issue 18, item 3). They need data the
 * form itself does not hold (the sede's days and hours, the trainer's other classes), so they run
 * after the form's rules: on the server in the lessons and branches services, in the lesson form
 * with the lists it loads, and in the mock. Only available classes are judged and only available
 * classes count: an unavailable class is not held, so it neither needs its sede open nor keeps its
 * trainer busy; it is judged when it is made available again (or restored).
 */

/** Days of the week and the hours of each of them (what `schemas.weeklySchedule` describes). */
export type WeeklySchedule = Readonly<{
  [K in keyof Schedule]: K extends 'scheduleDays' ? readonly string[] : Schedule[K];
}>;

/** A sede's opening days and hours, or a class's days and hours, with its name for the messages. */
export interface NamedSchedule extends WeeklySchedule {
  name: string;
}

/** A class as the trainer rule reads it; `trainer` is any key of the trainer (an id, a name). */
export interface ScheduledLesson extends NamedSchedule {
  id: string;
  trainer: string;
  isAvailable: boolean;
}

/** The class being created (no id) or saved. */
export type LessonSchedule = WeeklySchedule & Pick<ScheduledLesson, 'trainer' | 'isAvailable'> & { id?: string };

interface Span {
  days: string[];
  start: number;
  finish: number;
}

/** Days in week order and hours in minutes; null when the hours are not a range (the form rules say so). */
function spanOf(schedule: WeeklySchedule): Span | null {
  const start = hourToMinutes(schedule.scheduleHourStart);
  const finish = hourToMinutes(schedule.scheduleHourFinish);
  if (Number.isNaN(start) || Number.isNaN(finish) || finish <= start) return null;
  return { days: WEEKDAYS.filter((d) => schedule.scheduleDays.includes(d)), start, finish };
}

interface Fit {
  /** The class's days the sede does not open. */
  closedDays: string[];
  startsEarly: boolean;
  endsLate: boolean;
}

/** Where a class falls outside a sede's days and hours (a sede without readable hours: days only). */
function fitOf(lesson: Span, branch: WeeklySchedule): Fit {
  const hours = spanOf(branch);
  return {
    closedDays: lesson.days.filter((d) => !branch.scheduleDays.includes(d)),
    startsEarly: !!hours && lesson.start < hours.start,
    endsLate: !!hours && lesson.finish > hours.finish,
  };
}

/** The class's days must be among its sede's, and its hours inside the sede's opening hours. */
export function branchFitErrors(lesson: WeeklySchedule, branch: NamedSchedule): FieldErrors {
  const span = spanOf(lesson);
  if (!span) return {};
  const fit = fitOf(span, branch);
  const m = MESSAGES.schedule;
  const hours = spanOf(branch);
  const opens = hours ? hourLabel(hours.start) : '';
  const closes = hours ? hourLabel(hours.finish) : '';
  const errors: FieldErrors = {};
  if (fit.closedDays.length > 0) {
    const open = WEEKDAYS.filter((d) => branch.scheduleDays.includes(d));
    errors.scheduleDays = m.branchClosed(branch.name, fit.closedDays, open);
  }
  if (fit.startsEarly) errors.scheduleHourStart = m.startOutside(branch.name, opens, closes);
  if (fit.endsLate) errors.scheduleHourFinish = m.finishOutside(branch.name, opens, closes);
  return errors;
}

/**
 * The first (by name) other available class of the same trainer that shares a day with this one and
 * whose hours intersect it; a class ending when the other starts is fine. Undefined when none does.
 */
export function trainerOverlapError(lesson: LessonSchedule, others: readonly ScheduledLesson[]): string | undefined {
  const span = spanOf(lesson);
  if (!span || !lesson.isAvailable) return undefined;
  const candidates = others
    .filter((o) => o.isAvailable && o.trainer === lesson.trainer && (lesson.id === undefined || o.id !== lesson.id))
    .sort((a, b) => a.name.localeCompare(b.name, 'es'));
  for (const other of candidates) {
    const theirs = spanOf(other);
    if (!theirs) continue;
    const shared = span.days.filter((d) => theirs.days.includes(d));
    if (shared.length > 0 && span.start < theirs.finish && theirs.start < span.finish) {
      return MESSAGES.schedule.trainerBusy(other.name, shared, hourLabel(theirs.start), hourLabel(theirs.finish));
    }
  }
  return undefined;
}

/**
 * Every schedule rule of an available class: inside its sede's days and hours (on `scheduleDays`,
 * `scheduleHourStart`, `scheduleHourFinish`) and no other class of its trainer at the same time (on
 * `monitor`). An unavailable class has none. `branch` is null when the sede is unknown (the caller
 * says so with its own message).
 */
export function lessonScheduleErrors(
  lesson: LessonSchedule,
  branch: NamedSchedule | null | undefined,
  others: readonly ScheduledLesson[],
): FieldErrors {
  if (!lesson.isAvailable) return {};
  const errors = branch ? branchFitErrors(lesson, branch) : {};
  const busy = trainerOverlapError(lesson, others);
  if (busy) errors.monitor = busy;
  return errors;
}

/**
 * A sede's new days and hours against the classes held there: the available ones left outside are
 * named under the field that would leave them out. Retired and unavailable classes do not count.
 */
export function branchChangeErrors(
  branch: WeeklySchedule,
  lessons: readonly (NamedSchedule & { isAvailable: boolean })[],
): FieldErrors {
  const m = MESSAGES.schedule;
  const days: string[] = [];
  const early: string[] = [];
  const late: string[] = [];
  for (const lesson of [...lessons].sort((a, b) => a.name.localeCompare(b.name, 'es'))) {
    const span = spanOf(lesson);
    if (!lesson.isAvailable || !span) continue;
    const fit = fitOf(span, branch);
    const hours = m.lessonHours(lesson.name, hourLabel(span.start), hourLabel(span.finish));
    if (fit.closedDays.length > 0) days.push(m.lessonDays(lesson.name, fit.closedDays));
    if (fit.startsEarly) early.push(hours);
    if (fit.endsLate) late.push(hours);
  }
  const errors: FieldErrors = {};
  if (days.length > 0) errors.scheduleDays = m.daysInUse(days);
  if (early.length > 0) errors.scheduleHourStart = m.startInUse(early);
  if (late.length > 0) errors.scheduleHourFinish = m.finishInUse(late);
  return errors;
}
