import { MESSAGES, type FieldErrors } from '@pulso/shared';
import { validateBody } from '../../lib/validate';

export function parseDate(value: unknown): Date | null {
  if (typeof value !== 'string' || value.length > 40) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export const eventValidator = validateBody({ title: 'string', start: 'string', end: 'string' }, (input) => {
  const m = MESSAGES.events;
  const errors: FieldErrors = {};
  const title = typeof input.title === 'string' ? input.title.trim() : '';
  if (!title) errors.title = m.titleRequired;
  else if (title.length > 100) errors.title = m.titleTooLong;
  const start = parseDate(input.start);
  const end = parseDate(input.end);
  if (!start) errors.start = m.startRequired;
  if (!end) errors.end = m.endRequired;
  else if (start && end <= start) errors.end = m.endOrder;
  return errors;
});
