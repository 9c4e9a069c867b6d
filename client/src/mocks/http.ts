import type * as z from 'zod';
import {
  ERROR_CODES,
  formErrors,
  hasErrors,
  MAX_IMAGE_BYTES,
  MESSAGES,
  toFieldErrorDetails,
  wireOf,
  type FieldErrorDetail,
  type FieldErrors,
  type RequestForm,
} from '@pulso/shared';

/**
 * The request/response plumbing of the mock API, mirroring the server's: HttpError and the error
 * handler's body `{ ...legacy, code, message, details? }`, the JSON and multipart body parsers, and
 * the request validation of server/src/lib/validate.ts run with the same shared schemas.
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

export function json(body: unknown, status = 200, headers?: HeadersInit): Response {
  const all = new Headers(headers);
  all.set('Content-Type', 'application/json; charset=utf-8');
  return new Response(JSON.stringify(body), { status, headers: all });
}

/** An id the server would read as an ObjectId; anything else is its 400 INVALID_ID. */
export function checkId(id: string): string {
  if (!/^[0-9a-f]{24}$/i.test(id)) throw MockHttpError.invalidId();
  return id.toLowerCase();
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The fields a form accepted, each as the wire carried it (absent when not sent). */
export type Submitted<S extends z.ZodType> = { [K in keyof z.input<S>]?: NonNullable<z.input<S>[K]> };

/** A request body's form with how the server judges it: who is asking, the failure's legacy fields. */
export interface JudgedForm<C> {
  form: RequestForm<C>;
  caller?: C;
  /** Values the form judges that are not in the body (an uploaded file's name). */
  extra?: Record<string, unknown>;
  /** Extra top-level fields of the failure body that the spec's client reads (e.g. `login`). */
  legacy?: (message: string) => Record<string, unknown>;
}

/**
 * server/src/lib/validate.ts on a parsed body: each field the form names is checked against its
 * wire type (null and absent ones left out), and the type messages alone are the answer when any is
 * wrong; then the form (chosen by the caller when it is a `FormChoice`) judges the accepted fields
 * with its rules. Returns the accepted fields; throws the server's 400 VALIDATION_FAILED otherwise.
 */
export function validateBody<C>(body: unknown, judged: JudgedForm<C>): Record<string, unknown> {
  const { form, legacy } = judged;
  const fail = (errors: FieldErrors) => {
    const error = MockHttpError.validation(errors);
    return legacy
      ? new MockHttpError(error.status, error.code, error.message, error.details, legacy(error.message))
      : error;
  };
  const fields = 'choose' in form ? form.fields : form;
  const source = isRecord(body) ? body : {};
  const accepted: Record<string, unknown> = {};
  const typeErrors: FieldErrors = {};
  for (const [name, schema] of Object.entries(fields.shape as Record<string, z.ZodType>)) {
    const value = source[name];
    if (value === undefined || value === null) continue;
    const result = wireOf(schema).safeParse(value);
    if (result.success) accepted[name] = value;
    else typeErrors[name] = result.error.issues[0]?.message ?? MESSAGES.api.validation;
  }
  if (hasErrors(typeErrors)) throw fail(typeErrors);
  const input = { ...accepted, ...judged.extra };
  const schema = 'choose' in form ? form.choose(judged.caller as C, input) : form;
  const { errors } = formErrors(schema, input);
  if (hasErrors(errors)) throw fail(errors);
  return accepted;
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

/** The spec's multipart forms: the form's fields as JSON text in one field, beside an `image` file. */
export type MultipartField = 'lessonAttributes' | 'officeAttributes';

export interface Upload {
  name: string;
  bytes: Uint8Array;
}

/** The `image` file of a multipart form (413 when larger than the server's limit). */
export async function uploadOf(form: FormData | null): Promise<Upload | null> {
  const file = form?.get('image');
  if (!file || typeof file === 'string') return null;
  if (file.size > MAX_IMAGE_BYTES) {
    throw new MockHttpError(413, ERROR_CODES.PAYLOAD_TOO_LARGE, MESSAGES.api.imageTooLarge, [
      { field: 'image', message: MESSAGES.api.imageTooLarge },
    ]);
  }
  return { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
}

/** `lessonAttributes` / `officeAttributes`: the JSON text of a multipart form (server jsonField). */
export function jsonField(body: ParsedBody, name: MultipartField): Record<string, unknown> {
  const raw = isRecord(body.json) ? body.json[name] : undefined;
  if (typeof raw !== 'string') {
    throw new MockHttpError(400, ERROR_CODES.VALIDATION_FAILED, MESSAGES.api.validation, [
      { field: name, message: MESSAGES.api.missingAttributes },
    ]);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new MockHttpError(400, ERROR_CODES.INVALID_JSON, MESSAGES.api.invalidJson);
  }
  if (!isRecord(parsed)) throw new MockHttpError(400, ERROR_CODES.INVALID_JSON, MESSAGES.api.invalidJson);
  return parsed;
}

/** The real type of an upload from its first bytes, as server/src/lib/upload.ts sniffs it. */
function sniffImage(data: Uint8Array): 'jpg' | 'png' | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (data.length >= 8 && png.every((b, i) => data[i] === b)) return 'png';
  return null;
}

/**
 * An upload as a data URL (so it survives a reload with the rest of the demo data); 415 unless it
 * really is a JPEG or PNG, as the server's requireImageContent.
 */
export function imageContent(upload: Upload | null): string | undefined {
  if (!upload) return undefined;
  const kind = sniffImage(upload.bytes);
  if (!kind) {
    throw new MockHttpError(415, ERROR_CODES.UNSUPPORTED_MEDIA_TYPE, MESSAGES.lessonForm.imageType, [
      { field: 'image', message: MESSAGES.lessonForm.imageType },
    ]);
  }
  let binary = '';
  for (let i = 0; i < upload.bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...upload.bytes.subarray(i, i + 0x8000));
  }
  return `data:image/${kind === 'jpg' ? 'jpeg' : 'png'};base64,${btoa(binary)}`;
}
