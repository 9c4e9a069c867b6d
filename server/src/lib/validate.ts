import type { Request, RequestHandler } from 'express';
import { body, matchedData, validationResult, type ValidationChain } from 'express-validator';
import { hasErrors, MESSAGES, type FieldErrors } from '@pulso/shared';
import { HttpError } from './http-error';

/**
 * Request validation in two steps, both before the controller:
 *  1. express-validator checks each accepted field's JSON type (so `{ "$gt": "" }` is never a
 *     string) and marks it as accepted; fields not listed never reach the controller;
 *  2. the form rules of @pulso/shared give the spec's Spanish messages.
 * Controllers then read `validated(req)`.
 */
export type FieldType =
  'string' | 'boolean' | 'number' | 'numberOrString' | 'booleanOrString' | 'stringArray' | 'stringOrStringArray';

const MAX_STRING = 5000;

/**
 * Characters no form text contains: C0 controls other than tab and line breaks, DEL, C1 controls,
 * and the bidirectional overrides and isolates that make a name or review read differently from
 * what it stores ("Trojan Source" spoofing).
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

const cleanText = (v: unknown) => typeof v === 'string' && !CONTROL_CHARACTERS.test(v);

function typeCheck(field: string, type: FieldType): ValidationChain {
  const chain = body(field).optional({ values: 'null' });
  const message = MESSAGES.users.wrongType;
  const typed = typeChain(chain, type, message);
  // Once the type is right, every text in the value must be free of control characters.
  return typed
    .bail()
    .custom((v) => (Array.isArray(v) ? v : [v]).every((x) => typeof x !== 'string' || cleanText(x)))
    .withMessage(MESSAGES.api.invalidValue);
}

function typeChain(chain: ValidationChain, type: FieldType, message: string): ValidationChain {
  switch (type) {
    case 'string':
      return chain.isString().withMessage(message).bail().isLength({ max: MAX_STRING }).withMessage(message);
    case 'boolean':
      return chain.isBoolean({ strict: true }).withMessage(message);
    case 'number':
      return chain.custom((v) => typeof v === 'number' && Number.isFinite(v)).withMessage(message);
    case 'numberOrString':
      return chain
        .custom((v) => (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && v.length <= 50))
        .withMessage(message);
    case 'booleanOrString':
      return chain
        .custom((v) => typeof v === 'boolean' || (typeof v === 'string' && v.length <= 20))
        .withMessage(message);
    case 'stringOrStringArray':
      return chain
        .custom(
          (v) =>
            (typeof v === 'string' && v.length <= 200) ||
            (Array.isArray(v) && v.length <= 5 && v.every((x) => typeof x === 'string' && x.length <= 200)),
        )
        .withMessage(message);
    case 'stringArray':
      return chain
        .custom((v) => Array.isArray(v) && v.length <= 50 && v.every((x) => typeof x === 'string' && x.length <= 200))
        .withMessage(message);
  }
}

export interface ValidateOptions {
  /** Extra top-level fields of the failure body that the spec's client reads (e.g. `login`). */
  legacy?: (message: string) => Record<string, unknown>;
}

export function validateBody(
  fields: Record<string, FieldType>,
  rules?: (input: Record<string, unknown>, req: Request) => FieldErrors,
  options: ValidateOptions = {},
): RequestHandler[] {
  const fail = (errors: FieldErrors): HttpError => {
    const error = HttpError.validation(errors);
    return options.legacy
      ? new HttpError(error.status, error.code, error.message, error.details, options.legacy(error.message))
      : error;
  };
  const checks = Object.entries(fields).map(([field, type]) => typeCheck(field, type));
  const apply: RequestHandler = (req, _res, next) => {
    const typeErrors: FieldErrors = {};
    for (const error of validationResult(req).array()) {
      if (error.type === 'field' && !typeErrors[error.path]) typeErrors[error.path] = String(error.msg);
    }
    if (hasErrors(typeErrors)) throw fail(typeErrors);
    if (rules) {
      const errors = rules(validated(req), req);
      if (hasErrors(errors)) throw fail(errors);
    }
    next();
  };
  return [...checks, apply];
}

/** The accepted body fields (only those the route declared). */
export function validated<T = Record<string, unknown>>(req: Request): T {
  return matchedData(req, { locations: ['body'], includeOptionals: false }) as T;
}
