import * as z from 'zod';
import { MESSAGES } from '../validation/messages';
import { field, text, wire } from './core';

const m = MESSAGES.events;

/** A date-time as the calendar sends it (ISO 8601); null when it is not one. */
export function parseDate(value: unknown): Date | null {
  if (typeof value !== 'string' || value.length > 40) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const dateTime = (message: string) =>
  field(
    wire.text(),
    z.unknown().refine((v) => parseDate(v) !== null, { error: message }),
  );

/** 'Nuevo Evento': a title of at most 100 characters, a start and an end after it. */
export const eventForm = z
  .object({
    title: field(wire.text(), text(z.string().min(1, m.titleRequired).max(100, m.titleTooLong))),
    start: dateTime(m.startRequired),
    end: dateTime(m.endRequired),
  })
  .superRefine((form, ctx) => {
    const start = parseDate(form.start);
    const end = parseDate(form.end);
    if (start && end && end <= start) ctx.addIssue({ code: 'custom', path: ['end'], message: m.endOrder });
  });

/** A calendar entry (title, start, end). Class times are local ("floating") date-times. */
export const calendarEvent = z.object({
  id: z.string(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  /** 'class': a class of the member's schedule (id `class:<sessionId>`); 'booked' and 'waiting': their bookings (id `booking:<sessionId>`). */
  kind: z.enum(['gym', 'plan', 'class', 'booked', 'waiting']),
  allDay: z.boolean(),
});
z.globalRegistry.add(calendarEvent, { id: 'CalendarEvent' });

/** A gym event created. */
export const eventSaved = z.object({ message: z.string(), event: calendarEvent });

export type CalendarEventDto = z.infer<typeof calendarEvent>;
