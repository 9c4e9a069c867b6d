/**
 * Stable error codes of the API. Every failure body is `{ code, message, details? }`:
 * `code` is for programs, `message` is Spanish for people.
 */
export const ERROR_CODES = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  INVALID_JSON: 'INVALID_JSON',
  INVALID_ID: 'INVALID_ID',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  ROUTE_NOT_FOUND: 'ROUTE_NOT_FOUND',
  CONFLICT: 'CONFLICT',
  USER_NOT_FOUND: 'USER_NOT_FOUND',
  WRONG_PASSWORD: 'WRONG_PASSWORD',
  ACCOUNT_SUSPENDED: 'ACCOUNT_SUSPENDED',
  LAST_ADMIN: 'LAST_ADMIN',
  TRAINER_IN_USE: 'TRAINER_IN_USE',
  WRONG_CURRENT_PASSWORD: 'WRONG_CURRENT_PASSWORD',
  PAYMENTS_UNAVAILABLE: 'PAYMENTS_UNAVAILABLE',
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  RATE_LIMITED: 'RATE_LIMITED',
  INVALID_SIGNATURE: 'INVALID_SIGNATURE',
  DATABASE_UNAVAILABLE: 'DATABASE_UNAVAILABLE',
  CHECKIN_INVALID_CODE: 'CHECKIN_INVALID_CODE',
  CHECKIN_NO_BOOKING: 'CHECKIN_NO_BOOKING',
  CHECKIN_WRONG_BRANCH: 'CHECKIN_WRONG_BRANCH',
  CHECKIN_TOO_EARLY: 'CHECKIN_TOO_EARLY',
  MEMBERSHIP_INACTIVE: 'MEMBERSHIP_INACTIVE',
  PAUSE_REFUSED: 'PAUSE_REFUSED',
  REFUND_REFUSED: 'REFUND_REFUSED',
  OUT_OF_SCOPE: 'OUT_OF_SCOPE',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** Field name -> Spanish message, as the shared form validators return them. */
export type FieldErrors = Record<string, string>;

/** One entry of the `details` of a VALIDATION_FAILED response. */
export interface FieldErrorDetail {
  field: string;
  message: string;
}

export interface ApiErrorBody {
  code: ErrorCode | string;
  message: string;
  details?: FieldErrorDetail[] | Record<string, unknown>;
}

export function toFieldErrorDetails(errors: FieldErrors): FieldErrorDetail[] {
  return Object.entries(errors).map(([field, message]) => ({ field, message }));
}

/** The field messages of a failure body, keyed by field, for forms to show under each input. */
export function fieldErrorsOf(body: ApiErrorBody): FieldErrors {
  if (!Array.isArray(body.details)) return {};
  return Object.fromEntries(body.details.map((d) => [d.field, d.message]));
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'string' &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}
