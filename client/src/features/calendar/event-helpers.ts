import { fieldErrors, schemas, type CalendarEventDto, type FieldErrors } from '@pulso/shared';
import type { NewEventInput } from './api/events';

export type EventKind = CalendarEventDto['kind'];

export const EVENT_KINDS: readonly EventKind[] = ['plan', 'class', 'booked', 'waiting', 'gym'];

/** The shape FullCalendar reads, kept free of FullCalendar's types so it is tested without it. */
export interface CalendarEventInput {
  id: string;
  title: string;
  start: string;
  end: string;
  allDay: boolean;
  classNames: string[];
  extendedProps: { kind: EventKind };
}

export function toEventInput(event: CalendarEventDto): CalendarEventInput {
  return {
    id: event.id,
    title: event.title,
    start: event.start,
    end: event.end,
    allDay: event.allDay,
    classNames: ['calendar-event', `calendar-event--${event.kind}`],
    extendedProps: { kind: event.kind },
  };
}

/** The form's values: its title, and `<input type="datetime-local">` values (local 'YYYY-MM-DDTHH:mm'). */
export type EventFormValues = NewEventInput;

export const EMPTY_EVENT_FORM: EventFormValues = { title: '', start: '', end: '' };

/** A local date-time typed in the form, or null when it is missing or not a date. */
export function parseLocalDateTime(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const date = new Date(value); // no offset: read as the visitor's local time
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The server's own event rules and words (the shared schema), on the form's local date-times. */
export function validateEventForm(values: EventFormValues): FieldErrors {
  return fieldErrors(schemas.eventForm, values);
}

/** The body POST /events expects, from valid form values. */
export function toNewEvent(values: EventFormValues): NewEventInput {
  const start = parseLocalDateTime(values.start);
  const end = parseLocalDateTime(values.end);
  if (!start || !end) throw new Error('validateEventForm must pass before toNewEvent');
  return { title: values.title.trim(), start: start.toISOString(), end: end.toISOString() };
}

/** The member's name as the title line shows it (upper case). */
export function displayName(fullName: string | undefined): string {
  return (fullName ?? '').trim().toLocaleUpperCase('es');
}
