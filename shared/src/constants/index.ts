/** Days of the week in Spanish, Monday first. */
export const WEEKDAYS = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** The hour label of the forms for minutes since midnight: 540 is '9:00', 570 '9:30'. */
export function hourLabel(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${h}:${m === 0 ? '00' : String(m).padStart(2, '0')}`;
}

/** Whole-hour choices 1:00 .. 24:00 used by the branch forms (24 options). */
export const WHOLE_HOUR_CHOICES: readonly string[] = Array.from({ length: 24 }, (_, i) => hourLabel((i + 1) * 60));

/** 30-minute choices 1:00 .. 24:00 used by the lesson and trainer forms. */
export const HALF_HOUR_CHOICES: readonly string[] = Array.from({ length: 47 }, (_, i) => hourLabel(60 + i * 30));

/**
 * The start-hour choices of a form: every choice but the last, because an end hour must come after
 * the start and nothing comes after 24:00 (issue 18: a 24:00 start left the end select empty).
 */
export function startHourChoices(choices: readonly string[]): string[] {
  return choices.slice(0, -1);
}

/** Start hours of the sede forms: 1:00 .. 23:00. */
export const BRANCH_START_HOURS: readonly string[] = startHourChoices(WHOLE_HOUR_CHOICES);

/** Start hours of the lesson form: 1:00 .. 23:30. */
export const LESSON_START_HOURS: readonly string[] = startHourChoices(HALF_HOUR_CHOICES);

/** Minutes since midnight for an hour label such as '9:00', '09:30' or '9'; NaN when malformed. */
export function hourToMinutes(value: string): number {
  const match = /^(\d{1,2})(?::([0-5]\d))?$/.exec(value.trim());
  if (!match) return Number.NaN;
  const minutes = Number(match[1]) * 60 + Number(match[2] ?? 0);
  return minutes >= 0 && minutes <= 24 * 60 ? minutes : Number.NaN;
}

/** The choices strictly after `start`, for the end-hour selects of every form. */
export function endHourChoices(choices: readonly string[], start: string): string[] {
  const from = hourToMinutes(start);
  if (Number.isNaN(from)) return [...choices];
  return choices.filter((c) => hourToMinutes(c) > from);
}

/** Exercise types offered in the class filter. */
export const EXERCISE_TYPES = [
  'Fuerza',
  'Cardio',
  'Flexibilidad',
  'Equilibrio',
  'Coordinación',
  'Velocidad',
  'Resistencia',
  'Agilidad',
  'Potencia',
  'Movilidad',
  'Estiramiento',
  'Relajación',
] as const;

export const INTENSITY_LEVELS = [1, 2, 3, 4, 5] as const;
export const STAR_RATINGS = [1, 2, 3, 4, 5] as const;

/** Plan names of the spec; each has its own image and badge colour. */
export const PLAN_NAMES = ['Standar', 'Plus', 'Premium'] as const;
export type PlanBadge = 'bronze' | 'silver' | 'gold';
/** Standar bronze, Plus silver, anything else gold. */
export function planBadge(name: string): PlanBadge {
  if (name === 'Standar') return 'bronze';
  if (name === 'Plus') return 'silver';
  return 'gold';
}

/** Separates one benefit of a plan from the next in its one `benefits` text. */
export const BENEFITS_SEPARATOR = ',';

/**
 * A plan's benefits as the list pages show: 'Todas las sedes, Nutricionista' → two items. (Kept here,
 * away from the schemas, so the pages that list plans need no zod.)
 */
export function benefitList(benefits: string): string[] {
  return benefits
    .split(BENEFITS_SEPARATOR)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

export const PHONE_DIGITS = 10;
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png'] as const;
/** The largest image upload the server takes (and the forms check before sending). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export const GALLERY_IMAGE_COUNT = 3;
export const GALLERY_INTERVAL_MS = 5000;
export const RELOAD_DELAY_MS = 2000;
export const CONTACT_REPLY_HOURS = 48;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const TOKEN_STORAGE_KEY = 'token';

/** Load statuses of every store. */
export const LOAD_STATUSES = ['idle', 'loading', 'succeeded', 'failed'] as const;
export type LoadStatus = (typeof LOAD_STATUSES)[number];

/** Default and largest page sizes of paginated lists. */
export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = 200;

/** A class's places in each session ('Cupo'): the form's default and limits. */
export const LESSON_CAPACITY = { default: 20, min: 1, max: 1000 } as const;

/**
 * A member's own pauses, unless the PAUSE_* settings say otherwise: 7 to 90 days, asked 2 days
 * ahead, 2 in any 365 days. The bounds are those the settings accept.
 */
export const PAUSE_DEFAULTS = { minDays: 7, maxDays: 90, perYear: 2, noticeDays: 2 } as const;
export const PAUSE_LIMITS = { days: 365, perYear: 12, noticeDays: 60 } as const;

/** How far ahead the dashboard plans a class's sessions (`GET /sessions/of/:id?days=`): default and most. */
export const SESSION_PLANNING_DAYS = { default: 28, max: 56 } as const;

/** How far ahead a trainer's 'Mis Clases' lists the sessions they teach (`GET /sessions/teaching?days=`). */
export const TEACHING_DAYS = { default: 7 } as const;

/**
 * A member's calendar feed (iCal): the sessions from `pastDays` ago; bookings up to the booking
 * horizon, the sessions a trainer teaches up to `teachingDays` ahead.
 */
export const CALENDAR_FEED = { pastDays: 30, teachingDays: 28 } as const;
/**
 * A member's check-in code (server/src/modules/checkin/checkin.card.ts): 8 characters of their card
 * (Crockford base32) and 6 digits that change every `stepSeconds`; a code is accepted for
 * `acceptedSteps` steps after it was shown. Check-in opens `CHECKIN_OPENS_MINUTES` before a session.
 */
export const CHECKIN_CODE = {
  cardLength: 8,
  stepSeconds: 30,
  acceptedSteps: 4,
  pattern: /^[0-9A-HJKMNP-TV-Z]{8}\d{6}$/,
} as const;

/** A code as people read it aloud: `K7QX-M2PA-482913`. */
export const formatCheckinCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
