import * as z from 'zod';
import { ERROR_CODES } from '../api';

/**
 * Every failure: `{ code, message, details? }`. Where the spec's client reads other fields on a
 * failure, they come alongside: `login` (sign-in), `success` (the users forms), `error` (adding a class).
 */
export const apiError = z.object({
  code: z.enum(ERROR_CODES),
  /** Spanish, for people. */
  message: z.string(),
  /** The field messages of VALIDATION_FAILED; the fields of a CONFLICT. */
  details: z
    .union([z.array(z.object({ field: z.string(), message: z.string() })), z.record(z.string(), z.unknown())])
    .optional(),
  login: z.object({ success: z.literal(false), token: z.null(), message: z.string() }).optional(),
  success: z.literal(false).optional(),
  error: z.string().optional(),
});
z.globalRegistry.add(apiError, {
  id: 'Error',
  description: 'Every failure. Legacy fields the spec client reads (login, success, error) may appear alongside.',
});

/** A change done, said in Spanish. */
export const message = z.object({ message: z.string() });
z.globalRegistry.add(message, { id: 'Message' });

/** The users routes' answers as the spec's client reads them (`success`, `message`). */
export const outcome = z.object({ success: z.boolean(), message: z.string() });
z.globalRegistry.add(outcome, { id: 'Outcome' });
