import * as z from 'zod';
import type { FieldErrors } from '../api';
import { MESSAGES } from '../validation/messages';

/**
 * The building blocks of every schema in this folder.
 *
 * A form field is one zod schema in two stages joined by `.pipe()`:
 *  1. its wire type: what JSON may carry for it (a string, a number or a string, a list of
 *     strings...), with the API's type messages; null and absent both mean "not sent";
 *  2. its rules: the form's checks in the order the form reports them, each with its Spanish
 *     message, on the value as the form judges it (trimmed text, '' when absent).
 * The server checks the wire types of every field first and answers with those alone when any is
 * wrong; otherwise it runs the rules (`formErrors`). Forms run the whole schema and show the first
 * message of each field.
 */

/** Marks the issues of the wire stage, so the rules' issues can be told apart. */
const WIRE = { stage: 'wire' } as const;

/**
 * Characters no form text contains: C0 controls other than tab and line breaks, DEL, C1 controls,
 * and the bidirectional overrides and isolates that make a name or review read differently from
 * what it stores ("Trojan Source" spoofing).
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

/** The longest text any field takes on the wire (a field's rules may allow less). */
export const MAX_WIRE_TEXT = 5000;

const wrongType = { error: MESSAGES.users.wrongType, params: WIRE };
const cleanText = (v: string) => !CONTROL_CHARACTERS.test(v);
const clean = { error: MESSAGES.api.invalidValue, params: WIRE };

/** What JSON may carry for a field; every one of them may be absent or null. */
export const wire = {
  /** A string of at most 5000 characters without control characters. */
  text: () =>
    z
      .string(wrongType)
      .refine((v) => v.length <= MAX_WIRE_TEXT, { ...wrongType, abort: true })
      .refine(cleanText, clean)
      .nullish(),
  /** A finite number, or a string of at most 50 characters (form inputs send numbers as text). */
  textOrNumber: () =>
    z
      .union(
        [z.number(wrongType).refine(Number.isFinite, wrongType), z.string(wrongType).max(50, wrongType)],
        wrongType,
      )
      .refine((v) => typeof v !== 'string' || cleanText(v), clean)
      .nullish(),
  /** A boolean, or a short text such as the dashboard's 'Si' / 'No'. */
  boolOrText: () =>
    z
      .union([z.boolean(wrongType), z.string(wrongType).max(20, wrongType)], wrongType)
      .refine((v) => typeof v !== 'string' || cleanText(v), clean)
      .nullish(),
  /** A list of at most `max` ids (strings of at most 24 characters). */
  idList: (max: number) => z.array(z.string(wrongType).max(24, wrongType), wrongType).max(max, wrongType).nullish(),
  /** A list of at most 50 strings of at most 200 characters. */
  textList: () =>
    z
      .array(z.string(wrongType).max(200, wrongType), wrongType)
      .max(50, wrongType)
      .refine((v) => v.every(cleanText), clean)
      .nullish(),
  /** A string, or a list of at most 5 strings (the spec sends a sede as a one-item list). */
  textOrTextList: () =>
    z
      .union(
        [
          z.string(wrongType).max(200, wrongType),
          z.array(z.string(wrongType).max(200, wrongType), wrongType).max(5, wrongType),
        ],
        wrongType,
      )
      .refine((v) => (Array.isArray(v) ? v : [v]).every(cleanText), clean)
      .nullish(),
};

/**
 * A form field: its wire type, then its rules on what the wire let through. (zod's own `.pipe()`
 * wants the rules to declare the wire's output as their input; the rules here take `unknown`.)
 */
export function field<W extends z.ZodType, R extends z.ZodType>(wireType: W, rules: R): z.ZodPipe<W, R> {
  return wireType.pipe(rules as never) as unknown as z.ZodPipe<W, R>;
}

/** The values a form holds and sends: every field of its schema, as the wire takes it. */
export type FormValues<S extends z.ZodType> = { [K in keyof z.input<S>]-?: NonNullable<z.input<S>[K]> };

/** A form value as the rules judge it: text trimmed, numbers as their digits, absent as ''. */
export function toText(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** The rules of a text field, run on its trimmed text ('' when absent). */
export const text = <T extends z.ZodType<unknown, string>>(rules: T) => z.preprocess(toText, rules);

/** The rules of a list field, run on its non-empty entries ([] when absent). */
export const list = <T extends z.ZodType<unknown, string[]>>(rules: T) =>
  z.preprocess((v) => (Array.isArray(v) ? v.filter((x) => toText(x) !== '') : []), rules);

/** Runs `rules` only on a value that is not '' (an optional field: empty means "not given"). */
export function whenTyped(rules: z.ZodType<unknown, string>) {
  return (value: string, ctx: z.RefinementCtx) => {
    if (value === '') return;
    const result = rules.safeParse(value);
    for (const issue of result.success ? [] : result.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message });
  };
}

/** 'Seleccione' (or nothing) counts as empty in every select of the spec. */
export const SELECT_PLACEHOLDER = 'Seleccione';

/** True when a select holds a choice: a boolean, or a text other than '' and 'Seleccione'. */
export function isSelected(value: unknown): boolean {
  if (typeof value === 'boolean') return true;
  const t = toText(value);
  return t !== '' && t !== SELECT_PLACEHOLDER;
}

/** A select's rules: it must hold a choice. */
export const selected = (message: string) => z.unknown().refine(isSelected, { error: message });

/** The first message of each field that failed (the form's order), keyed by field. */
export function issuesToFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

const isWireIssue = (issue: z.core.$ZodIssue) =>
  issue.code === 'invalid_type' ||
  issue.code === 'invalid_union' ||
  (issue as { params?: { stage?: string } }).params?.stage === 'wire';

/** The first message of each field, as a form shows them (wire and rules together). */
export function fieldErrors(schema: z.ZodType, input: unknown): FieldErrors {
  const result = schema.safeParse(input ?? {});
  return result.success ? {} : issuesToFieldErrors(result.error.issues);
}

/**
 * What the API answers for a request body: the wire-type messages alone when any field has the
 * wrong type, else the first rule message of each field. `data` is the rules' output when valid.
 */
export function formErrors<S extends z.ZodType>(
  schema: S,
  input: unknown,
): { errors: FieldErrors; data?: z.output<S> } {
  const result = schema.safeParse(input ?? {});
  if (result.success) return { errors: {}, data: result.data };
  const wireIssues = result.error.issues.filter(isWireIssue);
  return { errors: issuesToFieldErrors(wireIssues.length > 0 ? wireIssues : result.error.issues) };
}

/** The wire stage of one field of a form schema (its `.in` when it is a pipe). */
export function wireOf(field: z.ZodType): z.ZodType {
  return field instanceof z.ZodPipe ? (field.in as z.ZodType) : field;
}

/**
 * A request whose form depends on who sends it (registration or an admin's user form, one's own
 * profile or the admin's form): `fields` are the fields any of its forms accepts, `choose` picks
 * the form for the caller and what was sent.
 */
export interface FormChoice<C, F extends z.ZodObject = z.ZodObject> {
  fields: F;
  choose: (caller: C, input: Record<string, unknown>) => z.ZodType;
}

/** A request body's schema: one form, or a choice of forms by the caller. */
export type RequestForm<C = never> = z.ZodObject | FormChoice<C>;
