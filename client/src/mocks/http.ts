import {
  ERROR_CODES,
  hasErrors,
  MESSAGES,
  toFieldErrorDetails,
  type FieldErrorDetail,
  type FieldErrors,
} from '@pulso/shared';

/**
 * The request/response plumbing of the mock API, mirroring the server's: HttpError and the error
 * handler's body `{ ...legacy, code, message, details? }`, and the two validation steps of
 * server/src/lib/validate.ts (JSON types of the accepted fields, then the shared form rules).
 */
export class MockHttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: FieldErrorDetail[] | Record<string, unknown>,
    readonly legacy?: Record<string, unknown>,
  ) {
    super(message);
  }

  static validation(errors: FieldErrors): MockHttpError {
    const message = Object.values(errors)[0] ?? MESSAGES.api.validation;
    return new MockHttpError(400, ERROR_CODES.VALIDATION_FAILED, message, toFieldErrorDetails(errors));
  }
  static notFound(message: string = MESSAGES.api.notFound): MockHttpError {
    return new MockHttpError(404, ERROR_CODES.NOT_FOUND, message);
  }
  static unauthenticated(message: string = MESSAGES.api.unauthenticated): MockHttpError {
    return new MockHttpError(401, ERROR_CODES.UNAUTHENTICATED, message);
  }
  static forbidden(message: string = MESSAGES.api.forbidden): MockHttpError {
    return new MockHttpError(403, ERROR_CODES.FORBIDDEN, message);
  }
  static invalidId(): MockHttpError {
    return new MockHttpError(400, ERROR_CODES.INVALID_ID, MESSAGES.api.invalidId);
  }
  static conflict(message: string): MockHttpError {
    return new MockHttpError(409, ERROR_CODES.CONFLICT, message);
  }
}

export function errorResponse(error: MockHttpError): Response {
  const body: Record<string, unknown> = { ...(error.legacy ?? {}), code: error.code, message: error.message };
  if (error.details) body.details = error.details;
  return json(body, error.status);
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
  });
}

/** An id the server would read as an ObjectId; anything else is its 400 INVALID_ID. */
export function checkId(id: string): string {
  if (!/^[0-9a-f]{24}$/i.test(id)) throw MockHttpError.invalidId();
  return id.toLowerCase();
}

export type FieldType =
  'string' | 'boolean' | 'number' | 'numberOrString' | 'booleanOrString' | 'stringArray' | 'stringOrStringArray';

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
const MAX_STRING = 5000;

function typeOk(v: unknown, type: FieldType): boolean {
  switch (type) {
    case 'string':
      return typeof v === 'string' && v.length <= MAX_STRING;
    case 'boolean':
      return typeof v === 'boolean';
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'numberOrString':
      return (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && v.length <= 50);
    case 'booleanOrString':
      return typeof v === 'boolean' || (typeof v === 'string' && v.length <= 20);
    case 'stringOrStringArray':
      return (
        (typeof v === 'string' && v.length <= 200) ||
        (Array.isArray(v) && v.length <= 5 && v.every((x) => typeof x === 'string' && x.length <= 200))
      );
    case 'stringArray':
      return Array.isArray(v) && v.length <= 50 && v.every((x) => typeof x === 'string' && x.length <= 200);
  }
}

export interface ValidateOptions {
  legacy?: (message: string) => Record<string, unknown>;
}

/**
 * The accepted fields of `body` (null and absent ones left out), after the type check and the
 * form rules; throws the server's 400 otherwise.
 */
export function validateBody<T = Record<string, unknown>>(
  body: unknown,
  fields: Record<string, FieldType>,
  rules?: (input: Record<string, unknown>) => FieldErrors,
  options: ValidateOptions = {},
): T {
  const fail = (errors: FieldErrors) => {
    const error = MockHttpError.validation(errors);
    return options.legacy
      ? new MockHttpError(error.status, error.code, error.message, error.details, options.legacy(error.message))
      : error;
  };
  const source =
    typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const input: Record<string, unknown> = {};
  const typeErrors: FieldErrors = {};
  for (const [field, type] of Object.entries(fields)) {
    const value = source[field];
    if (value === undefined || value === null) continue;
    if (!typeOk(value, type)) typeErrors[field] = MESSAGES.users.wrongType;
    else if ((Array.isArray(value) ? value : [value]).some((x) => typeof x === 'string' && CONTROL_CHARACTERS.test(x)))
      typeErrors[field] = MESSAGES.api.invalidValue;
    else input[field] = value;
  }
  if (hasErrors(typeErrors)) throw fail(typeErrors);
  if (rules) {
    const errors = rules(input);
    if (hasErrors(errors)) throw fail(errors);
  }
  return input as T;
}

/** The request body: JSON (400 INVALID_JSON when broken), multipart fields and file, or nothing. */
export interface ParsedBody {
  json: unknown;
  form: FormData | null;
}

export async function readBody(request: Request): Promise<ParsedBody> {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('multipart/form-data')) {
    try {
      const form = await request.formData();
      const fields: Record<string, unknown> = {};
      form.forEach((value, key) => {
        if (typeof value === 'string') fields[key] = value;
      });
      return { json: fields, form };
    } catch {
      throw new MockHttpError(400, ERROR_CODES.VALIDATION_FAILED, MESSAGES.api.malformedUpload);
    }
  }
  const text = await request.text();
  if (!text || !type.includes('json')) return { json: {}, form: null };
  try {
    return { json: JSON.parse(text) as unknown, form: null };
  } catch {
    throw new MockHttpError(400, ERROR_CODES.INVALID_JSON, MESSAGES.api.invalidJson);
  }
}
