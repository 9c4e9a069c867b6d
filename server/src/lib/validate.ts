import type { Request, RequestHandler } from 'express';
import { body, matchedData, validationResult } from 'express-validator';
import type * as z from 'zod';
import { formErrors, hasErrors, MESSAGES, wireOf, type FieldErrors, type RequestForm } from '@pulso/shared';
import { HttpError } from './http-error';

/**
 * Request validation with the shared schemas, through express-validator:
 *  1. one express-validator check per field of the form checks the field's wire type (so
 *     `{ "$gt": "" }` is never a string) and marks it accepted; fields the form does not name never
 *     reach a controller;
 *  2. the form's rules give the spec's Spanish messages.
 * A failure is 400 VALIDATION_FAILED with `details: [{ field, message }]`: the type messages alone
 * when any field has the wrong type, else the first rule message of each field. Controllers then
 * read `validated(req)`.
 */
export interface ValidateOptions<C> {
  /** Who is asking, for forms chosen by the caller (`FormChoice`). */
  caller?: (req: Request) => C;
  /** Values the form judges that are not in the JSON body (an uploaded file's name). */
  extra?: (req: Request) => Record<string, unknown>;
  /** Extra top-level fields of the failure body that the spec's client reads (e.g. `login`). */
  legacy?: (message: string) => Record<string, unknown>;
}

/** The form each validation middleware judges with, so tests can compare it with the document. */
const FORMS = new WeakMap<RequestHandler, RequestForm<never>>();

/** The request form `handler` validates the body with, when `validate` made it. */
export function formValidatedBy(handler: RequestHandler): RequestForm<never> | undefined {
  return FORMS.get(handler);
}

export function validate<C = never>(form: RequestForm<C>, options: ValidateOptions<C> = {}): RequestHandler[] {
  const fields = 'choose' in form ? form.fields : form;
  const fail = (errors: FieldErrors): HttpError => {
    const error = HttpError.validation(errors);
    return options.legacy
      ? new HttpError(error.status, error.code, error.message, error.details, options.legacy(error.message))
      : error;
  };
  const checks = Object.entries(fields.shape as Record<string, z.ZodType>).map(([name, schema]) =>
    body(name)
      .optional({ values: 'null' })
      .custom((value) => {
        const result = wireOf(schema).safeParse(value);
        if (!result.success) throw new Error(result.error.issues[0]?.message);
        return true;
      }),
  );
  const apply: RequestHandler = (req, _res, next) => {
    const typeErrors: FieldErrors = {};
    for (const error of validationResult(req).array()) {
      if (error.type === 'field' && !typeErrors[error.path]) typeErrors[error.path] = String(error.msg);
    }
    if (hasErrors(typeErrors)) throw fail(typeErrors);
    const input = { ...validated(req), ...options.extra?.(req) };
    const schema = 'choose' in form ? form.choose(options.caller?.(req) as C, input) : form;
    const { errors } = formErrors(schema, input);
    if (hasErrors(errors)) throw fail(errors);
    next();
  };
  FORMS.set(apply, form as RequestForm<never>);
  return [...checks, apply];
}

/** The accepted body fields (only those the route's form names). */
export function validated<T = Record<string, unknown>>(req: Request): T {
  return matchedData(req, { locations: ['body'], includeOptionals: false }) as T;
}

/**
 * A list's filters from the query string, by the shared rule that reads them (parseUserQuery,
 * parsePaymentQuery, parseAuditQuery...): 400 VALIDATION_FAILED naming the first that is not valid.
 */
export function listQuery<Q>(
  req: Request,
  parse: (raw: Record<string, unknown>) => { query: Q } | { invalid: string },
): Q {
  const parsed = parse(req.query as Record<string, unknown>);
  if ('invalid' in parsed) {
    throw HttpError.validation({ [parsed.invalid]: MESSAGES.users.queryInvalid(parsed.invalid) });
  }
  return parsed.query;
}
