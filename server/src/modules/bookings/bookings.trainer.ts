import type { Types } from 'mongoose';
import { addDays, meetsOn, parseSessionId, sessionDates, sessionIdOf, type TaughtSessionDto } from '@pulso/shared';
import { gymDate, gymInstant } from '../../lib/gym-time';
import { currentLessonsWhere } from '../lessons/lessons.views';
import {
  contextOf,
  lessonOf,
  sessionStateOf,
  stateDto,
  storedSession,
  teacherOf,
  type BookingRules,
} from './bookings.service';
import { substituteEntries } from './bookings.trainer-index';

/**
 * The sessions a trainer teaches on the gym dates from `from` to `to` (both included), by start:
 * every date of every current class whose trainer they are (from the stored list of classes, the
 * one the class list reads), less the dates an admin gave to a substitute, plus the sessions they
 * are the substitute of (their list in `trainer_sessions`). Each with its places and waitlist from
 * the session's document: one point read of the class list, one of the trainer's list, and one of
 * each session (and of its class, through the read cache); no search of sessions or bookings.
 * Cancelled sessions are listed, as cancelled.
 */
export async function teachingSessions(
  trainer: Types.ObjectId,
  from: string,
  to: string,
  rules: BookingRules,
  now = new Date(),
): Promise<TaughtSessionDto[]> {
  const me = trainer.toString();
  const [lessons, substitutes] = await Promise.all([
    currentLessonsWhere(() => true),
    substituteEntries(trainer, from, to),
  ]);
  const branchOf = new Map(lessons.map((l) => [l.id, l.branchoffice]));
  const candidates = new Map<string, { lessonId: string; date: string }>();
  for (const lesson of lessons) {
    if (lesson.monitorId !== me) continue;
    for (const date of sessionDates(lesson, from, addDays(to, 1))) {
      candidates.set(sessionIdOf(lesson.id, date), { lessonId: lesson.id, date });
    }
  }
  for (const entry of substitutes) {
    const parsed = parseSessionId(entry.session);
    if (parsed) candidates.set(entry.session, parsed);
  }
  const found = await Promise.all(
    [...candidates].map(async ([id, { lessonId, date }]): Promise<TaughtSessionDto | null> => {
      // A class retired since, or whose days changed, has no session that date any more.
      const lesson = await lessonOf(lessonId).catch(() => null);
      if (!lesson || !meetsOn(lesson, date)) return null;
      const context = contextOf(id, lesson, date, rules);
      // As stored, or (never stored) with its class's standing members in their places.
      const state = await sessionStateOf(context.frame, await storedSession(id));
      // The session's document decides: a substitute set there teaches it instead.
      if (teacherOf(lesson, state) !== me) return null;
      const session = await stateDto(context, state, null, now);
      return { ...session, branch: branchOf.get(lessonId) ?? '', substituting: lesson.monitor.toString() !== me };
    }),
  );
  return found
    .filter((s): s is TaughtSessionDto => s !== null)
    .sort((a, b) => a.start.localeCompare(b.start) || a.lessonName.localeCompare(b.lessonName));
}

/**
 * A trainer's sessions that have not ended, from today to `days` days ahead (the gym's clock):
 * their 'Mis Clases'.
 */
export async function upcomingTeaching(
  trainer: Types.ObjectId,
  days: number,
  rules: BookingRules,
  now = new Date(),
): Promise<TaughtSessionDto[]> {
  const today = gymDate(now, rules.timeZone);
  const sessions = await teachingSessions(trainer, today, addDays(today, days), rules, now);
  return sessions.filter((s) => gymInstant(s.end, rules.timeZone) > now);
}
