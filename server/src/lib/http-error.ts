import {
  ERROR_CODES,
  MESSAGES,
  toFieldErrorDetails,
  type ErrorCode,
  type FieldErrorDetail,
  type FieldErrors,
} from '@pulso/shared';

/**
 * The one error type of the API. Services throw it; only the error middleware turns it into a
 * response `{ code, message, details? }` plus any legacy fields the spec's client reads.
 */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode | string,
    message: string,
    readonly details?: FieldErrorDetail[] | Record<string, unknown>,
    /** Extra top-level fields for clients of the original API (e.g. `{ error }`, `{ success: false }`). */
    readonly legacy?: Record<string, unknown>,
  ) {
    super(message);
  }

  static validation(details: FieldErrors, message: string = firstMessage(details)): HttpError {
    return new HttpError(400, ERROR_CODES.VALIDATION_FAILED, message, toFieldErrorDetails(details));
  }

  static notFound(message: string = MESSAGES.api.notFound): HttpError {
    return new HttpError(404, ERROR_CODES.NOT_FOUND, message);
  }

  static unauthenticated(message: string = MESSAGES.api.unauthenticated): HttpError {
    return new HttpError(401, ERROR_CODES.UNAUTHENTICATED, message);
  }

  static forbidden(message: string = MESSAGES.api.forbidden): HttpError {
    return new HttpError(403, ERROR_CODES.FORBIDDEN, message);
  }

  static tooManyRequests(message: string = MESSAGES.api.rateLimited): HttpError {
    return new HttpError(429, ERROR_CODES.RATE_LIMITED, message);
  }

  static invalidId(): HttpError {
    return new HttpError(400, ERROR_CODES.INVALID_ID, MESSAGES.api.invalidId);
  }
}

function firstMessage(details: FieldErrors): string {
  return Object.values(details)[0] ?? MESSAGES.api.validation;
}
