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

/** The wall-clock fields of `instant` in `timeZone`. */
function wallClock(instant: Date, timeZone: string) {
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

/** How far `timeZone` is ahead of UTC at `instant`, in ms. */
function offsetAt(instant: Date, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
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
  // Two passes settle the offset on either side of a change of clocks.
  let guess = asUtc - offsetAt(new Date(asUtc), timeZone);
  guess = asUtc - offsetAt(new Date(guess), timeZone);
  return new Date(guess);
}

/** The gym's date (`YYYY-MM-DD`) at `instant`. */
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
