import { useState } from 'react';
import type { FieldErrors } from '@pulso/shared';

export interface FormOptions<V> {
  initial: V | (() => V);
  /**
   * The form's rules on its values: the first message of each field, from the shared schema
   * (`(v) => fieldErrors(schemas.planForm, v)`), so the form says what the server says.
   */
  validate: (values: V) => FieldErrors;
  /** Every rule message shows at once (an edit screen), not only once its field was touched. */
  showAll?: boolean;
  /**
   * 'change' (the default): a field's rule message follows what is typed, once the field was
   * touched or the form submitted. 'submit': the rules are checked on submit, and each message then
   * shows until its field changes.
   */
  checkOn?: 'change' | 'submit';
  /** Typing in a field touches it (the default); without, rule messages wait for a submit or a blur. */
  touchOnChange?: boolean;
  /** Leaving a field touches it, so an empty required field says so once passed over. */
  touchOnBlur?: boolean;
  /**
   * The fields whose server messages a change of `field` makes stale: by default its own; 'all'
   * when the change alters which rules apply (a user's role).
   */
  stale?: (field: keyof V & string) => readonly string[] | 'all';
  /** Adjusts the values after a change (a later start hour clears an end hour before it). */
  adjust?: (next: V, field: keyof V & string) => V;
}

/** The fields of a form that hold text. */
type TextField<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

function without(errors: FieldErrors, fields: readonly string[] | 'all'): FieldErrors {
  if (fields === 'all') return Object.keys(errors).length > 0 ? {} : errors;
  if (!fields.some((field) => field in errors)) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([field]) => !fields.includes(field)));
}

/**
 * A form's state: its values, which fields were touched, and the messages under each field. A rule
 * message shows once its field was touched, after a submit, or at once with `showAll`; a message
 * the server sent (its `details`) shows under its field until that field changes.
 */
export function useForm<V extends object>(options: FormOptions<V>) {
  const { initial, validate, showAll = false, checkOn = 'change', touchOnChange = true, touchOnBlur = false } = options;
  const { stale, adjust } = options;
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Partial<Record<string, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  /** With checkOn 'submit': the messages of the last submit still standing. */
  const [checked, setChecked] = useState<FieldErrors>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});

  const ruleErrors = validate(values);
  /** Every message, the server's first: what each field would show. */
  const errors: FieldErrors = { ...ruleErrors, ...serverErrors };

  const touch = (field: string) => setTouched((t) => (t[field] ? t : { ...t, [field]: true }));
  /** A field was edited: it is touched (see `touchOnChange`), and what the server said about it is stale. */
  const edited = (field: string) => {
    if (touchOnChange) touch(field);
    const fields = stale ? stale(field as keyof V & string) : [field];
    setServerErrors((e) => without(e, fields));
    setChecked((e) => without(e, [field]));
  };
  const ruleErrorOf = (field: string) => {
    if (checkOn === 'submit') return checked[field];
    return showAll || submitted || touched[field] ? ruleErrors[field] : undefined;
  };

  const change = <K extends keyof V & string>(field: K, value: V[K]) => {
    setValues((current) => {
      const next = { ...current, [field]: value };
      return adjust ? adjust(next, field) : next;
    });
    edited(field);
  };
  const errorOf = (field: string): string | undefined => serverErrors[field] ?? ruleErrorOf(field);

  return {
    values,
    ruleErrors,
    errors,
    /** Neither a rule nor the server has anything to say against the values. */
    valid: Object.keys(errors).length === 0,
    /** The message under a field, if any shows now. */
    errorOf,
    change,
    /** The props that tie an input, a textarea or a select to a text field of the form. */
    bind: <K extends TextField<V>>(field: K) => ({
      name: field,
      value: values[field] as string,
      onChange: (event: { target: { value: string } }) => change(field, event.target.value as V[K]),
      onBlur: touchOnBlur ? () => touch(field) : undefined,
      error: errorOf(field),
    }),
    touch,
    edited,
    /** A submit: every message shows from now on. True when the rules let the values through. */
    submit: () => {
      setSubmitted(true);
      setChecked(ruleErrors);
      return Object.keys(ruleErrors).length === 0;
    },
    /** The messages the server gave per field, standing until their fields change. */
    serverErrors,
    /** The server's field messages after it refused the values. */
    showServerErrors: setServerErrors,
    /** Starts again from `next` (or the initial values), with nothing touched. */
    reset: (next?: V) => {
      setValues(next ?? initial);
      setTouched({});
      setSubmitted(false);
      setChecked({});
      setServerErrors({});
    },
  };
}

export type FormState<V extends object> = ReturnType<typeof useForm<V>>;
