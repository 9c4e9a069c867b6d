import { describe, expect, test } from 'vitest';
import { MESSAGES, type CalendarEventDto } from '@pulso/shared';
import { displayName, parseLocalDateTime, toEventInput, toNewEvent, validateEventForm } from '../event-helpers';

const m = MESSAGES.events;

describe('validateEventForm', () => {
  test('when everything is empty, then title, start and end are required with the server’s words', () => {
    expect(validateEventForm({ title: '  ', start: '', end: '' })).toEqual({
      title: m.titleRequired,
      start: m.startRequired,
      end: m.endRequired,
    });
  });

  test('when the title is longer than 100 characters, then it is too long', () => {
    const errors = validateEventForm({ title: 'a'.repeat(101), start: '2026-05-01T10:00', end: '2026-05-01T11:00' });
    expect(errors).toEqual({ title: m.titleTooLong });
    expect(validateEventForm({ title: 'a'.repeat(100), start: '2026-05-01T10:00', end: '2026-05-01T11:00' })).toEqual(
      {},
    );
  });

  test('when the end is not after the start, then it says the end must be later', () => {
    expect(validateEventForm({ title: 'Yoga', start: '2026-05-01T10:00', end: '2026-05-01T10:00' })).toEqual({
      end: m.endOrder,
    });
    expect(validateEventForm({ title: 'Yoga', start: '2026-05-01T10:00', end: '2026-04-30T23:00' })).toEqual({
      end: m.endOrder,
    });
  });

  test('when the start is not a date, then only the start is reported', () => {
    expect(validateEventForm({ title: 'Yoga', start: 'mañana', end: '2026-05-01T10:00' })).toEqual({
      start: m.startRequired,
    });
  });
});

describe('toNewEvent', () => {
  test('when the form is valid, then it sends the trimmed title and the local times as ISO instants', () => {
    const body = toNewEvent({ title: '  Maratón  ', start: '2026-05-01T10:00', end: '2026-05-01T11:30' });
    expect(body.title).toBe('Maratón');
    expect(new Date(body.start).getTime()).toBe(new Date(2026, 4, 1, 10, 0).getTime());
    expect(new Date(body.end).getTime()).toBe(new Date(2026, 4, 1, 11, 30).getTime());
    expect(body.start).toMatch(/Z$/);
  });

  test('when a date is missing, then it refuses to build the body', () => {
    expect(() => toNewEvent({ title: 'x', start: '', end: '' })).toThrow();
  });
});

describe('parseLocalDateTime', () => {
  test('reads datetime-local values and rejects anything else', () => {
    expect(parseLocalDateTime('2026-05-01T10:00')?.getHours()).toBe(10);
    expect(parseLocalDateTime('2026-05-01T10:00:30')?.getSeconds()).toBe(30);
    expect(parseLocalDateTime('2026-05-01')).toBeNull();
    expect(parseLocalDateTime('2026-13-45T10:00')).toBeNull();
  });
});

describe('toEventInput', () => {
  test('keeps the event and marks its kind for the colours', () => {
    const dto: CalendarEventDto = {
      id: 'plan-2026-05-01',
      title: 'Plus: Yoga',
      start: '2026-05-01',
      end: '2026-06-02',
      kind: 'plan',
      allDay: true,
    };
    expect(toEventInput(dto)).toEqual({
      id: dto.id,
      title: dto.title,
      start: dto.start,
      end: dto.end,
      allDay: true,
      classNames: ['calendar-event', 'calendar-event--plan'],
      extendedProps: { kind: 'plan' },
    });
  });
});

describe('displayName', () => {
  test('shows the name in upper case, accents included', () => {
    expect(displayName(' Sofía Martínez ')).toBe('SOFÍA MARTÍNEZ');
    expect(displayName(undefined)).toBe('');
  });
});
