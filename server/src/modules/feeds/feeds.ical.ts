/**
 * iCalendar text (RFC 5545) for the calendar feeds: small and exact, so it is written here rather
 * than through a package. Lines end in CRLF and are folded at 75 octets (a continuation line starts
 * with one space and never splits a character); TEXT values escape backslashes, semicolons, commas
 * and line breaks; times are UTC (`...Z`), so no VTIMEZONE is needed.
 */

export interface IcalEvent {
  /** Unique and stable across fetches, so calendar apps update the event instead of adding one. */
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  location: string;
  description: string;
  cancelled: boolean;
}

export interface IcalCalendar {
  /** The calendar's name in the apps (X-WR-CALNAME). */
  name: string;
  /** The product that wrote it, as `-//Owner//Product//ES`. */
  prodId: string;
  events: readonly IcalEvent[];
  /** DTSTAMP of every event: when this text was written. */
  now: Date;
}

const CRLF = '\r\n';
const MAX_OCTETS = 75;

/** A TEXT value: `\`, `;`, `,` and line breaks escaped; other control characters dropped. */
export function escapeText(value: string): string {
  return (
    value
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n')
      // eslint-disable-next-line no-control-regex -- control characters are what it removes
      .replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, '')
  );
}

/** A UTC DATE-TIME: 20250105T180000Z. */
export function utcDateTime(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** One content line folded at 75 octets, the continuations starting with a space. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  // The first line may hold 75 octets; each continuation 74 after its leading space.
  let limit = MAX_OCTETS;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = MAX_OCTETS - 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

function eventLines(event: IcalEvent, stamp: string): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${stamp}`,
    `DTSTART:${utcDateTime(event.start)}`,
    `DTEND:${utcDateTime(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    `STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
  ];
}

/** The whole calendar as iCalendar text, ending in CRLF. */
export function icalendar({ name, prodId, events, now }: IcalCalendar): string {
  const stamp = utcDateTime(now);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${prodId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(name)}`,
    // How often subscribers should fetch it again (Apple Calendar and Outlook read these).
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
    ...events.flatMap((event) => eventLines(event, stamp)),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
