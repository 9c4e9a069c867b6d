import { WEEKDAYS, WHOLE_HOUR_CHOICES } from '@pulso/shared';

/** Working days Monday first, joined by commas ('Días'). */
export function formatDays(days: readonly string[]): string {
  const order = (day: string) => {
    const index = (WEEKDAYS as readonly string[]).indexOf(day);
    return index === -1 ? WEEKDAYS.length : index;
  };
  return [...days].sort((a, b) => order(a) - order(b)).join(', ');
}

/**
 * Hours arrive as '9:00' or as whole hours ('9'); both become the select's '9:00'. A value
 * the whole-hour selects do not offer becomes '' so the form asks for it again.
 */
export function toHourChoice(value: string | number | null | undefined): string {
  const text = String(value ?? '').trim();
  const hour = /^\d{1,2}$/.test(text) ? `${Number(text)}:00` : text.replace(/^0(\d):/, '$1:');
  return WHOLE_HOUR_CHOICES.includes(hour) ? hour : '';
}
