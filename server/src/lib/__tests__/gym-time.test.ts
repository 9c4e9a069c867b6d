import { gymDate, gymDateTime, gymInstant, gymDaysRange } from '../gym-time';

const references = new Map<string, Intl.DateTimeFormat>();

/** The wall clock straight from the runtime's time-zone data, as a reference. */
function reference(instant: Date, timeZone: string): string {
  let format = references.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    references.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

// Zones with summer time both ways, half-hour offsets, a half-hour change of clocks, and none.
const ZONES = [
  'Europe/Madrid',
  'America/New_York',
  'America/Santiago',
  'Australia/Lord_Howe',
  'Asia/Kolkata',
  'America/Bogota',
  'UTC',
];

describe("the gym's wall clock", () => {
  test.each(ZONES)('in %s, every 37 minutes of 2026 reads as the runtime says, and back', (zone) => {
    const start = Date.UTC(2026, 0, 1);
    const end = Date.UTC(2027, 0, 1);
    for (let t = start; t < end; t += 37 * 60_000 + 13_000) {
      const instant = new Date(t);
      const wall = gymDateTime(instant, zone);
      expect(wall).toBe(reference(instant, zone));
      expect(gymDate(instant, zone)).toBe(wall.slice(0, 10));
    }
  });

  test.each(ZONES)('in %s, a local time read as an instant shows that local time again (unless skipped)', (zone) => {
    for (let day = 0; day < 365; day += 1) {
      for (const hm of ['00:00', '01:30', '02:00', '02:30', '03:00', '12:15', '23:45']) {
        const date = new Date(Date.UTC(2026, 0, 1 + day)).toISOString().slice(0, 10);
        const local = `${date}T${hm}`;
        const shown = gymDateTime(gymInstant(local, zone), zone);
        // A time that does not exist (clocks moved forward over it) reads as the instant after the gap.
        if (shown !== local) expect(shown > local).toBe(true);
      }
    }
  });

  test('when the clocks skip an hour, a time inside it is the instant after the gap; when they repeat one, its first occurrence', () => {
    expect(gymInstant('2026-03-08T02:30', 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(gymInstant('2026-09-06T00:00', 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(gymInstant('2026-11-01T01:30', 'America/New_York').toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(gymInstant('2026-03-29T02:15', 'Europe/Madrid').toISOString()).toBe('2026-03-29T01:15:00.000Z');
    expect(gymInstant('2026-10-25T02:15', 'Europe/Madrid').toISOString()).toBe('2026-10-25T00:15:00.000Z');
  });
});

describe('gymDaysRange', () => {
  test('a span of gym dates runs from its first midnight to the midnight after its last, also across a clock change', () => {
    // Madrid moves from +2 to +1 on 2026-10-25: that day has 25 hours.
    expect(gymDaysRange({ from: '2026-10-25', to: '2026-10-25' }, 'Europe/Madrid')).toEqual({
      $gte: new Date('2026-10-24T22:00:00.000Z'),
      $lt: new Date('2026-10-25T23:00:00.000Z'),
    });
    expect(gymDaysRange({ from: '', to: '2026-01-31' }, 'UTC')).toEqual({ $lt: new Date('2026-02-01T00:00:00.000Z') });
    expect(gymDaysRange({ from: '', to: '' }, 'UTC')).toEqual({});
  });
});
