import { WEEKDAYS } from '../constants';
import { MESSAGES } from '../validation/messages';
import type { CalendarEventDto, LessonSummaryDto } from '../dto';
import { pausedOnDate } from '../memberships';
import { sessionIdOf } from '../sessions';

// The member's own calendar events, computed the same way by the server and the client's mock:
// the plan event and the class occurrences of the membership.

const DAY = 86_400_000;

const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const pad = (hour: string) => (/^\d:/.test(hour) ? `0${hour}` : hour);

/** Calendar event ids that name a session: a class of the member's schedule, a held booking. */
const CLASS_EVENT = 'class:';
const BOOKING_EVENT = 'booking:';

/**
 * The member's classes on their weekdays inside the range, as local ("floating") date-times so the
 * calendar shows them at the gym's hours whatever the viewer's time zone; '24:00' ends at midnight.
 * Each event's id names that date's session (`class:<sessionId>`), which the member can book.
 */
export function lessonOccurrences(lessons: LessonSummaryDto[], from: Date, to: Date): CalendarEventDto[] {
  const events: CalendarEventDto[] = [];
  for (let t = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()); t < to.getTime(); t += DAY) {
    const day = new Date(t);
    const weekday = WEEKDAYS[(day.getUTCDay() + 6) % 7];
    for (const lesson of lessons) {
      if (!weekday || !lesson.scheduleDays.includes(weekday)) continue;
      const date = isoDate(day);
      const endsAtMidnight = lesson.scheduleHourFinish === '24:00';
      events.push({
        id: `${CLASS_EVENT}${sessionIdOf(lesson.id, date)}`,
        title: lesson.name,
        start: `${date}T${pad(lesson.scheduleHourStart)}:00`,
        end: endsAtMidnight ? `${isoDate(new Date(t + DAY))}T00:00:00` : `${date}T${pad(lesson.scheduleHourFinish)}:00`,
        kind: 'class',
        allDay: false,
      });
    }
  }
  return events;
}

/**
 * The member's classes while their membership lasts: from the day it starts (a plan bought in the
 * afternoon still shows that day's classes) until it ends, inside the requested range, but on the
 * days of its pauses.
 */
export function membershipLessons(
  membership: { start: string; end: string; pauses?: readonly { from: string; until: string }[] },
  lessons: LessonSummaryDto[],
  from: Date,
  to: Date,
): CalendarEventDto[] {
  const start = new Date(membership.start);
  const startDay = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate()));
  const end = new Date(membership.end);
  const lo = startDay > from ? startDay : from;
  const hi = end < to ? end : to;
  const pauses = membership.pauses ?? [];
  const events = lo < hi ? lessonOccurrences(lessons, lo, hi) : [];
  return pauses.length > 0 ? events.filter((e) => !pausedOnDate(pauses, e.start.slice(0, 10))) : events;
}

/** The plan event: plan name and class names, from the membership start to its end. */
export function planEvent(
  membership: { name: string; start: string; end: string } | null,
  lessons: LessonSummaryDto[],
  from: Date,
  to: Date,
): CalendarEventDto[] {
  if (!membership) return [];
  const start = new Date(membership.start);
  const end = new Date(membership.end);
  if (start >= to || end <= from) return [];
  const names = lessons.map((l) => l.name).join(', ');
  return [
    {
      id: `plan-${isoDate(start)}`,
      title: names ? `${membership.name}: ${names}` : membership.name,
      start: isoDate(start),
      end: isoDate(new Date(end.getTime() + DAY)),
      kind: 'plan',
      allDay: true,
    },
  ];
}

/** A session the member holds a place in or waits for, as their calendar shows it. */
export interface HeldBooking {
  session: string;
  lessonName: string;
  /** The gym's local start and end (`YYYY-MM-DDTHH:mm`). */
  start: string;
  end: string;
  part: 'confirmed' | 'waitlisted';
  /** The place in the waitlist (null with a place). */
  position: number | null;
}

/**
 * The member's booked and waited-for sessions inside the range, as local ("floating") date-times
 * like their classes; each event's id names its session (`booking:<sessionId>`).
 */
export function bookingEvents(held: readonly HeldBooking[], from: Date, to: Date): CalendarEventDto[] {
  const lo = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate());
  return held
    .filter((b) => {
      const start = Date.parse(`${b.start}:00Z`);
      return start >= lo && start < to.getTime();
    })
    .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0))
    .map((b) => ({
      id: `${BOOKING_EVENT}${b.session}`,
      title:
        b.part === 'confirmed'
          ? MESSAGES.bookings.calendarBooked(b.lessonName)
          : MESSAGES.bookings.calendarWaiting(b.lessonName, b.position ?? 0),
      start: `${b.start}:00`,
      end: `${b.end}:00`,
      kind: b.part === 'confirmed' ? ('booked' as const) : ('waiting' as const),
      allDay: false,
    }));
}

/** The session a calendar event names (a class of the schedule, a booking); null for any other event. */
export function sessionOfEvent(eventId: string): string | null {
  for (const prefix of [BOOKING_EVENT, CLASS_EVENT])
    if (eventId.startsWith(prefix)) return eventId.slice(prefix.length);
  return null;
}

/**
 * The member's sessions inside the range: the classes of their schedule while the membership lasts
 * (none without one), and the sessions they hold a place in or wait for. A class's date the member
 * holds is shown once, as the booking.
 */
export function memberSessionEvents(
  membership: { start: string; end: string; pauses?: readonly { from: string; until: string }[] } | null,
  lessons: LessonSummaryDto[],
  held: readonly HeldBooking[],
  from: Date,
  to: Date,
): CalendarEventDto[] {
  const holds = new Set(held.map((b) => b.session));
  const classes = membership ? membershipLessons(membership, lessons, from, to) : [];
  return [...classes.filter((e) => !holds.has(sessionOfEvent(e.id) ?? '')), ...bookingEvents(held, from, to)];
}
