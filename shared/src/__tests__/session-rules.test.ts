import { describe, expect, test } from 'vitest';
import {
  addDays,
  bookingEvents,
  memberSessionEvents,
  nextSessionOf,
  sessionOfEvent,
  applySessionBatch,
  applySessionRequest as apply,
  emptySessionState,
  parseSessionId,
  planningDays,
  rosterMembers,
  sessionRosterOf,
  sessionDates,
  sessionTimes,
  spansOverlap,
  weekdayOf,
  weekly,
  type SessionTerms,
} from '../index';

const HOUR = 3_600_000;
let n = 0;
const members = (count: number) =>
  Array.from({ length: count }, () => `member-${++n}`) as [string, string, string, string, ...string[]];
const ids = (list: { member: string }[]) => list.map((e) => e.member);
const frameOf = (classCapacity: number, lateFrom = new Date(Date.now() + HOUR)): SessionTerms => ({
  classCapacity,
  lateFrom,
});

describe('the rules of a session (apply)', () => {
  const state = emptySessionState;
  const now = new Date();

  test('when more members book than there are places, then the first get the places and the rest wait in order', () => {
    const s = state();
    const frame = frameOf(2);
    const [a, b, c, d] = members(4);
    for (const member of [a, b, c, d]) apply(s, frame, { op: 'book', member }, now);
    expect(ids(s.confirmed)).toEqual([a, b]);
    expect(s.confirmed.map((p) => p.seat)).toEqual([1, 2]);
    expect(ids(s.waitlist)).toEqual([c, d]);
  });

  test('when a member cancels before the late-cancel limit, then the first waiting member takes the place and is told', () => {
    const s = state();
    const frame = frameOf(1);
    const [a, b, c] = members(3);
    for (const member of [a, b, c]) apply(s, frame, { op: 'book', member }, now);
    apply(s, frame, { op: 'cancel', member: a }, now);
    expect(ids(s.confirmed)).toEqual([b]);
    expect(ids(s.waitlist)).toEqual([c]);
    expect(s.notices).toEqual([expect.objectContaining({ kind: 'promoted', member: b })]);
    expect(s.cancellations).toEqual([expect.objectContaining({ member: a, late: false, held: true })]);
  });

  test('when a member cancels after the late-cancel limit, then it counts as late and the place stays open for anyone', () => {
    const s = state();
    const frame = frameOf(1, new Date(now.getTime() - 1));
    const [a, b, c] = members(3);
    apply(s, frame, { op: 'book', member: a }, now);
    apply(s, frame, { op: 'book', member: b }, now);
    apply(s, frame, { op: 'cancel', member: a }, now);
    expect(s.cancellations).toEqual([expect.objectContaining({ member: a, late: true })]);
    expect(s.confirmed).toEqual([]);
    expect(ids(s.waitlist)).toEqual([b]);
    apply(s, frame, { op: 'book', member: c }, now);
    expect(ids(s.confirmed)).toEqual([c]);
  });

  test('when the capacity is lowered below the places taken, then every place stays and nobody else gets one', () => {
    const s = state();
    const frame = frameOf(3);
    const [a, b, c, d] = members(4);
    for (const member of [a, b, c]) apply(s, frame, { op: 'book', member }, now);
    apply(s, frame, { op: 'capacity', capacity: 1 }, now);
    apply(s, frame, { op: 'cancel', member: a }, now);
    apply(s, frame, { op: 'book', member: d }, now);
    expect(ids(s.confirmed)).toEqual([b, c]);
    expect(ids(s.waitlist)).toEqual([d]);
  });

  test('when the capacity is raised, then waiting members are promoted into the new places', () => {
    const s = state();
    const frame = frameOf(1);
    const [a, b, c] = members(3);
    for (const member of [a, b, c]) apply(s, frame, { op: 'book', member }, now);
    apply(s, frame, { op: 'capacity', capacity: 3 }, now);
    expect(ids(s.confirmed)).toEqual([a, b, c]);
    expect(s.notices.map((n) => n.kind)).toEqual(['promoted', 'promoted']);
  });

  test('when a session is cancelled, then it takes no bookings and everyone on it is told', () => {
    const s = state();
    const frame = frameOf(1);
    const [a, b, c] = members(3);
    for (const member of [a, b]) apply(s, frame, { op: 'book', member }, now);
    apply(s, frame, { op: 'cancel-session', reason: 'Feriado' }, now);
    apply(s, frame, { op: 'book', member: c }, now);
    expect(ids(s.notices)).toEqual([a, b]);
    expect(ids([...s.confirmed, ...s.waitlist])).toEqual([a, b]);
  });

  test('when a member books twice, then they keep the one place or waitlist entry they had', () => {
    const s = state();
    const frame = frameOf(1);
    const [a, b] = members(2);
    for (const member of [a, b, a, b]) apply(s, frame, { op: 'book', member }, now);
    expect(ids(s.confirmed)).toEqual([a]);
    expect(ids(s.waitlist)).toEqual([b]);
  });
});

describe("a session's list of people (sessionRosterOf)", () => {
  test('when places were taken, people wait and some cancelled, then the list shows places by seat, the waitlist in order and only late cancellations of places', () => {
    const s = emptySessionState();
    const now = new Date();
    const [a, b, c, d] = members(4);
    const [e] = members(1);
    const early = frameOf(2);
    for (const member of [a, b, c, d]) apply(s, early, { op: 'book', member }, now);
    // Cancelled early: c (first waiting) takes a's place, seat 1.
    apply(s, early, { op: 'cancel', member: a }, now);
    // Inside the late-cancel limit: b's cancel is late, d still waits, the place stays open.
    const late = frameOf(2, new Date(now.getTime() - HOUR));
    apply(s, late, { op: 'cancel', member: b }, now);
    apply(s, late, { op: 'book', member: e }, now);
    const names: Record<string, string> = { [a]: 'Ana', [b]: 'Bea', [c]: 'Cris', [d]: 'Dani', [e]: 'Eva' };
    const roster = sessionRosterOf(s, (member) => names[member] ?? '');
    expect(roster.confirmed.map((p) => [p.seat, p.name, p.promoted])).toEqual([
      [1, 'Cris', true],
      [2, 'Eva', false],
    ]);
    expect(roster.waiting.map((p) => [p.position, p.name])).toEqual([[1, 'Dani']]);
    expect(roster.lateCancels.map((p) => p.name)).toEqual(['Bea']);
    expect(rosterMembers(s).sort()).toEqual([b, c, d, e].sort());
  });

  test('when the dashboard asks for a period, then 1 to 56 whole days are taken and anything else is refused in Spanish', () => {
    expect(planningDays(undefined)).toEqual({});
    expect(planningDays('1')).toEqual({ days: 1 });
    expect(planningDays('56')).toEqual({ days: 56 });
    for (const bad of ['0', '57', 'x', '2.5', '-3', '', ['7']]) {
      expect(planningDays(bad)).toEqual({ error: 'El periodo debe ser un número entero de días entre 1 y 56' });
    }
  });
});

describe('session dates and times', () => {
  test('when a class meets on Mondays and Wednesdays, then its sessions are those dates of the range', () => {
    const schedule = weekly(['Lunes', 'Miércoles'], '18:00', '19:30');
    // 2030-01-07 is a Monday.
    expect(weekdayOf('2030-01-07')).toBe('Lunes');
    expect(sessionDates(schedule, '2030-01-07', '2030-01-14')).toEqual(['2030-01-07', '2030-01-09']);
    expect(sessionTimes(schedule, '2030-01-07')).toEqual({ start: '2030-01-07T18:00', end: '2030-01-07T19:30' });
  });

  test('when a class ends at 24:00, then its session ends at the next midnight, and hours are padded', () => {
    expect(sessionTimes(weekly(['Lunes'], '9:00', '24:00'), '2030-01-31')).toEqual({
      start: '2030-01-31T09:00',
      end: '2030-02-01T00:00',
    });
    expect(addDays('2030-12-31', 1)).toBe('2031-01-01');
  });

  test('when a session id is read, then only a class id and a real date make one', () => {
    expect(parseSessionId('0123456789abcdef01234567:2030-01-07')).toEqual({
      lessonId: '0123456789abcdef01234567',
      date: '2030-01-07',
    });
    expect(parseSessionId('0123456789abcdef01234567:2030-02-30')).toBeNull();
    expect(parseSessionId('nothing')).toBeNull();
  });

  test('when two spans touch, then they do not overlap', () => {
    expect(spansOverlap({ start: 'a T18:00', end: 'a T19:00' }, { start: 'a T19:00', end: 'a T20:00' })).toBe(false);
    expect(spansOverlap({ start: 'a T18:00', end: 'a T19:00' }, { start: 'a T18:30', end: 'a T20:00' })).toBe(true);
  });
});

describe('a batch of requests (applySessionBatch)', () => {
  test('when a batch cancels a place and books, then each outcome says where its member ended up', () => {
    const s = emptySessionState();
    const [a, b, c, d] = members(4) as [string, string, string, string];
    const terms = frameOf(1);
    expect(
      applySessionBatch(
        s,
        terms,
        [a, b, c].map((member) => ({ op: 'book' as const, member })),
        new Date(),
      ),
    ).toEqual([
      { result: 'confirmed', seat: 1, already: false },
      { result: 'waitlisted', position: 1, already: false },
      { result: 'waitlisted', position: 2, already: false },
    ]);
    expect(
      applySessionBatch(
        s,
        terms,
        [
          { op: 'cancel', member: a },
          { op: 'book', member: d },
          { op: 'book', member: c },
        ],
        new Date(),
      ),
    ).toEqual([
      { result: 'cancelled', late: false, held: true },
      { result: 'waitlisted', position: 2, already: false },
      { result: 'waitlisted', position: 1, already: true },
    ]);
    expect(ids(s.confirmed)).toEqual([b]);
  });
});

describe("a member's bookings in their calendar (bookingEvents)", () => {
  const held = [
    {
      session: 'abc:2030-01-08',
      lessonName: 'Spinning',
      start: '2030-01-08T18:00',
      end: '2030-01-08T19:00',
      part: 'waitlisted' as const,
      position: 2,
    },
    {
      session: 'abc:2030-01-07',
      lessonName: 'Yoga',
      start: '2030-01-07T09:00',
      end: '2030-01-07T10:00',
      part: 'confirmed' as const,
      position: null,
    },
    {
      session: 'abc:2030-02-01',
      lessonName: 'Boxeo',
      start: '2030-02-01T09:00',
      end: '2030-02-01T10:00',
      part: 'confirmed' as const,
      position: null,
    },
  ];

  test('when the calendar shows a range, then the sessions in it come in order, booked or waiting, named by their session', () => {
    const events = bookingEvents(held, new Date('2030-01-06T00:00:00Z'), new Date('2030-01-13T00:00:00Z'));
    expect(events).toEqual([
      {
        id: 'booking:abc:2030-01-07',
        title: 'Reserva: Yoga',
        start: '2030-01-07T09:00:00',
        end: '2030-01-07T10:00:00',
        kind: 'booked',
        allDay: false,
      },
      {
        id: 'booking:abc:2030-01-08',
        title: 'En espera: Spinning (posición 2)',
        start: '2030-01-08T18:00:00',
        end: '2030-01-08T19:00:00',
        kind: 'waiting',
        allDay: false,
      },
    ]);
    expect(events.map((e) => sessionOfEvent(e.id))).toEqual(['abc:2030-01-07', 'abc:2030-01-08']);
    expect(sessionOfEvent('0123-2030-01-07')).toBeNull();
    expect(sessionOfEvent('plan-2030-01-01')).toBeNull();
  });

  test("when the member's schedule has a class on a date they hold, then that date shows once, as the booking; the others can be booked", () => {
    const yoga = {
      id: 'abc',
      name: 'Yoga',
      scheduleDays: ['Lunes', 'Martes'],
      scheduleHourStart: '09:00',
      scheduleHourFinish: '10:00',
    } as Parameters<typeof memberSessionEvents>[1][number];
    const membership = { start: '2030-01-01T00:00:00Z', end: '2030-02-01T00:00:00Z' };
    const from = new Date('2030-01-06T00:00:00Z');
    const to = new Date('2030-01-16T00:00:00Z');
    const events = memberSessionEvents(membership, [yoga], held, from, to);
    expect(events.map((e) => [e.id, e.kind])).toEqual([
      ['class:abc:2030-01-14', 'class'],
      ['class:abc:2030-01-15', 'class'],
      ['booking:abc:2030-01-07', 'booked'],
      ['booking:abc:2030-01-08', 'waiting'],
    ]);
    expect(sessionOfEvent('class:abc:2030-01-14')).toBe('abc:2030-01-14');
    // Without a membership there is no schedule to show, but the bookings still are.
    expect(memberSessionEvents(null, [yoga], held, from, to).map((e) => e.kind)).toEqual(['booked', 'waiting']);
  });
});

describe("a class's next session (the class list)", () => {
  const yoga = {
    id: '0123456789abcdef01234567',
    capacity: 10,
    scheduleDays: ['Lunes', 'Miércoles'],
    scheduleHourStart: '18:00',
    scheduleHourFinish: '19:00',
  } as Parameters<typeof nextSessionOf>[0];
  const none = () => undefined;

  test('when nothing is stored for it, then it is the first date not started, with every place free', () => {
    // Monday 7 January 2030, before and after the class starts.
    expect(nextSessionOf(yoga, none, '2030-01-07T17:59')).toEqual({
      lessonId: yoga.id,
      id: `${yoga.id}:2030-01-07`,
      date: '2030-01-07',
      start: '2030-01-07T18:00',
      end: '2030-01-07T19:00',
      capacity: 10,
      seatsLeft: 10,
      waiting: 0,
      cancelled: false,
    });
    expect(nextSessionOf(yoga, none, '2030-01-07T18:00')?.date).toBe('2030-01-09');
    // Sunday: the next is Monday.
    expect(nextSessionOf(yoga, none, '2030-01-06T23:59')?.date).toBe('2030-01-07');
  });

  test('when its session is stored, then its places, own capacity, waitlist and cancellation show', () => {
    const seats = (id: string) =>
      id.endsWith('2030-01-07') ? { taken: 4, capacity: 4, waiting: 2, cancelled: false } : undefined;
    expect(nextSessionOf(yoga, seats, '2030-01-07T09:00')).toMatchObject({
      capacity: 4,
      seatsLeft: 0,
      waiting: 2,
    });
    const cancelled = () => ({ taken: 1, capacity: null, waiting: 0, cancelled: true });
    expect(nextSessionOf(yoga, cancelled, '2030-01-07T09:00')).toMatchObject({
      capacity: 10,
      seatsLeft: 0,
      cancelled: true,
    });
    // A capacity lowered below the places taken: none left, never fewer than none.
    const over = () => ({ taken: 6, capacity: 5, waiting: 0, cancelled: false });
    expect(nextSessionOf(yoga, over, '2030-01-07T09:00')?.seatsLeft).toBe(0);
  });

  test('when a class meets on no day, then it has no next session', () => {
    expect(nextSessionOf({ ...yoga, scheduleDays: [] }, none, '2030-01-07T09:00')).toBeNull();
  });
});
