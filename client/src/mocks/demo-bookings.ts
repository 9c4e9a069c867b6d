import {
  addDays,
  DEMO_BOOKINGS,
  DEMO_USERS,
  emptySessionState,
  sessionDates,
  sessionIdOf,
  sessionTimes,
  type SessionState,
} from '@pulso/shared';
import { today } from './clock';
import { toStoredSession as stored, type LessonRec, type MockData, type UserRec } from './db';

/** The booking window of the mock (its handlers' RULES): a session opens this many days before it starts. */
const OPENS_DAYS = 7;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A local date-time (`YYYY-MM-DDTHH:mm`) as an instant of the visitor's clock. */
const instant = (local: string) => new Date(`${local}:00`);

/** The class's first session open for booking at `now`. */
function nextBookable(lesson: LessonRec, now: Date): string | null {
  const day = today(now);
  for (const date of sessionDates(lesson, day, addDays(day, OPENS_DAYS + 1))) {
    const starts = instant(sessionTimes(lesson, date).start);
    if (starts > now && starts.getTime() - OPENS_DAYS * DAY <= now.getTime()) return date;
  }
  return null;
}

/** A session with `booked` holding seats 1, 2, … and `waiting` after them, booked a day before `at`. */
function sessionOf(booked: UserRec[], waiting: UserRec[], at: Date, capacity: number | null = null): SessionState {
  const state = emptySessionState();
  state.capacity = capacity;
  state.confirmed = booked.map((u, i) => ({ member: u.id, seat: i + 1, at, promoted: false, checkedIn: null }));
  state.waitlist = waiting.map((u) => ({ member: u.id, at }));
  state.version = 1;
  return state;
}

/**
 * The demo chain's bookings, as the server's seed makes them (server/src/modules/bookings/
 * bookings.demo.ts, the names in shared DEMO_BOOKINGS): the next session of one class booked by
 * three members, the next session of another given 4 places and booked by six (two wait), and the
 * latest session of the last two days with the demo member and two more, the first two checked in and
 * the third a no-show.
 */
export function seedDemoBookings(data: MockData, now: Date): void {
  const byName = new Map(data.lessons.map((l) => [l.name, l]));
  const others = DEMO_BOOKINGS.members.flatMap((email) => data.users.find((u) => u.email === email) ?? []);
  const member = data.users.find((u) => u.email === DEMO_USERS.find((d) => d.plan)?.email);
  const bookedAt = new Date(now.getTime() - MINUTE);

  const several = byName.get(DEMO_BOOKINGS.several.lesson);
  const severalDate = several ? nextBookable(several, now) : null;
  if (several && severalDate) {
    const booked = others.slice(0, DEMO_BOOKINGS.several.count);
    data.sessions[sessionIdOf(several.id, severalDate)] = stored(sessionOf(booked, [], bookedAt));
  }

  const full = byName.get(DEMO_BOOKINGS.full.lesson);
  const fullDate = full ? nextBookable(full, now) : null;
  if (full && fullDate) {
    const places = DEMO_BOOKINGS.full.capacity;
    data.sessions[sessionIdOf(full.id, fullDate)] = stored(
      sessionOf(others.slice(0, places), others.slice(places), bookedAt, places),
    );
  }

  if (!member) return;
  const day = today(now);
  const ended = DEMO_BOOKINGS.past
    .flatMap((name) => byName.get(name) ?? [])
    .flatMap((lesson) =>
      sessionDates(lesson, addDays(day, -2), addDays(day, 1)).map((date) => ({
        lesson,
        date,
        ...sessionTimes(lesson, date),
      })),
    )
    .filter((s) => instant(s.end).getTime() + MINUTE < now.getTime())
    .sort((a, b) => instant(b.start).getTime() - instant(a.start).getTime());
  const past = ended[0];
  if (!past) return;
  const starts = instant(past.start).getTime();
  const people = [member, ...others.slice(0, 2)];
  const state = sessionOf(people, [], new Date(starts - DAY));
  const attendance = (data.attendance ??= {});
  const id = sessionIdOf(past.lesson.id, past.date);
  state.confirmed.forEach((place, i) => {
    const came = i < people.length - 1;
    const at = came ? new Date(starts - (8 - 5 * i) * MINUTE) : now;
    if (came) place.checkedIn = at;
    (attendance[place.member] ??= []).push({
      session: id,
      lessonName: past.lesson.name,
      start: past.start,
      kind: came ? 'attended' : 'no-show',
      at: at.toISOString(),
    });
  });
  state.closedAt = now;
  data.sessions[id] = stored(state);
}
