import { MESSAGES, type CalendarEventDto, type FieldErrors } from '@pulso/shared';

export type EventKind = CalendarEventDto['kind'];

export const EVENT_KINDS: readonly EventKind[] = ['plan', 'class', 'gym'];

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

export interface EventFormValues {
  title: string;
  /** `<input type="datetime-local">` values: local 'YYYY-MM-DDTHH:mm'. */
  start: string;
  end: string;
}

export const EMPTY_EVENT_FORM: EventFormValues = { title: '', start: '', end: '' };

export const TITLE_MAX_LENGTH = 100;

/** A local date-time typed in the form, or null when it is missing or not a date. */
export function parseLocalDateTime(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const date = new Date(value); // no offset: read as the visitor's local time
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The same rules and words as the server's event validator. */
export function validateEventForm(values: EventFormValues): FieldErrors {
  const m = MESSAGES.events;
  const errors: FieldErrors = {};
  const title = values.title.trim();
  if (!title) errors.title = m.titleRequired;
  else if (title.length > TITLE_MAX_LENGTH) errors.title = m.titleTooLong;
  const start = parseLocalDateTime(values.start);
  const end = parseLocalDateTime(values.end);
  if (!start) errors.start = m.startRequired;
  if (!end) errors.end = m.endRequired;
  else if (start && end <= start) errors.end = m.endOrder;
  return errors;
}

/** The body POST /events expects, from valid form values. */
export function toNewEvent(values: EventFormValues): { title: string; start: string; end: string } {
  const start = parseLocalDateTime(values.start);
  const end = parseLocalDateTime(values.end);
  if (!start || !end) throw new Error('validateEventForm must pass before toNewEvent');
  return { title: values.title.trim(), start: start.toISOString(), end: end.toISOString() };
}

/** The member's name as the title line shows it (SPEC §2.12: upper case). */
export function displayName(fullName: string | undefined): string {
  return (fullName ?? '').trim().toLocaleUpperCase('es');
}
