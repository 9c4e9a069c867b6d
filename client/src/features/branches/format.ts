import { WEEKDAYS } from '@pulso/shared';

/** Working days Monday first, joined by commas: 'Lunes, Martes, Miércoles'. */
export function formatDays(days: readonly string[]): string {
  const order = (day: string) => {
    const index = (WEEKDAYS as readonly string[]).indexOf(day);
    return index === -1 ? WEEKDAYS.length : index;
  };
  return [...days].sort((a, b) => order(a) - order(b)).join(', ');
}

/** Hours arrive as '9:00' or as whole hours ('9'); both read '9:00'. */
export function formatHour(value: string | number): string {
  const text = String(value).trim();
  return /^\d{1,2}$/.test(text) ? `${Number(text)}:00` : text;
}
