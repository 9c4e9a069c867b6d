import { localDate } from '../lib/local-date';

const pad = (n: number) => String(n).padStart(2, '0');

/** The visitor's date (`YYYY-MM-DD`) at `now`: the mock's sessions follow the visitor's clock. */
export const today = (now: Date): string => localDate(now);

/** The visitor's wall clock (`YYYY-MM-DDTHH:mm`). */
export const clock = (now: Date) => `${today(now)}T${pad(now.getHours())}:${pad(now.getMinutes())}`;
