import { addDays } from '@pulso/shared';
/**
 * The gym's wall clock. Classes are scheduled in the gym's local hours ("Lunes 18:00"), stored as
 * floating date-times (`YYYY-MM-DDTHH:mm`, no zone), and shown as such to everyone; the instants
 * that decide things (a booking window opening, the late-cancel limit, a session having ended)
 * are those wall-clock times in the gym's time zone (GYM_TIME_ZONE).
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock fields of `instant` in `timeZone`, as the runtime's time-zone data gives them. */
function zoneFields(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/**
 * Zones change their offset only at whole quarters of an hour (UTC), so the offset found for a
 * quarter holds for every instant in it: each is asked of the runtime once (formatToParts is slow,
 * and a booking needs the gym's clock a dozen times).
 */
const QUARTER_MS = 15 * 60_000;
const HALF_DAY_MS = 12 * 3_600_000;
const offsets = new Map<string, number>();

/** How far `timeZone` is ahead of UTC at `instant`, in ms. */
function offsetAt(instant: Date, timeZone: string): number {
  const quarter = Math.floor(instant.getTime() / QUARTER_MS);
  const key = `${timeZone}\n${quarter}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const start = quarter * QUARTER_MS;
    const w = zoneFields(new Date(start), timeZone);
    offset = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - start;
    if (offsets.size >= 10_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/** The wall-clock fields of `instant` in `timeZone`. */
function wallClock(instant: Date, timeZone: string) {
  const local = new Date(instant.getTime() + offsetAt(instant, timeZone));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  };
}

/**
 * The instant a floating local date-time (`YYYY-MM-DDTHH:mm`, '24:00' allowed) happens in
 * `timeZone`. A time skipped by a change to summer time is read as the instant after the gap; a
 * time that happens twice, as its first occurrence.
 */
export function gymInstant(local: string, timeZone: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) throw new Error(`not a local date-time: ${local}`);
  const [, y, mo, d, h, mi] = match.map(Number) as number[];
  const asUtc = Date.UTC(y as number, (mo as number) - 1, d as number, h as number, mi as number);
  // Read with the zone's offsets half a day before and after: the same, except near a change of
  // clocks, where the first that shows `local` is its first occurrence; when neither does (the
  // clocks skipped it), the later one is the instant after the gap.
  const [first, later] = [
    asUtc - offsetAt(new Date(asUtc - HALF_DAY_MS), timeZone),
    asUtc - offsetAt(new Date(asUtc + HALF_DAY_MS), timeZone),
  ].sort((a, b) => a - b) as [number, number];
  const shown = (instant: number) => gymDateTime(new Date(instant), timeZone);
  if (shown(first) === local) return new Date(first);
  return new Date(later);
}

/** The gym's date (`YYYY-MM-DD`) at `instant`. */
/**
 * The moments of a span of the gym's dates (`YYYY-MM-DD`, both days included; either may be '' for
 * none) as a query's bounds: from the first day's midnight, until the midnight after the last.
 */
export function gymDaysRange(span: { from: string; to: string }, timeZone: string): { $gte?: Date; $lt?: Date } {
  const range: { $gte?: Date; $lt?: Date } = {};
  if (span.from) range.$gte = gymInstant(`${span.from}T00:00`, timeZone);
  if (span.to) range.$lt = gymInstant(`${addDays(span.to, 1)}T00:00`, timeZone);
  return range;
}

export function gymDate(instant: Date, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/** The gym's wall clock (`YYYY-MM-DDTHH:mm`) at `instant`. */
export function gymDateTime(instant: Date, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${gymDate(instant, timeZone)}T${two(w.hour)}:${two(w.minute)}`;
}

/** The system's time zone (the default of GYM_TIME_ZONE). */
export function systemTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
