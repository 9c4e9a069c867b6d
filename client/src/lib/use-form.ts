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
   * The fields whose server messages a change of `field` makes stale: by default its own; 'all'
   * when the change alters which rules apply (a user's role).
   */
  stale?: (field: keyof V & string) => readonly string[] | 'all';
  /** Adjusts the values after a change (a later start hour clears an end hour before it). */
  adjust?: (next: V, field: keyof V & string) => V;
}

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
export function useForm<V extends object>({ initial, validate, showAll = false, stale, adjust }: FormOptions<V>) {
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Partial<Record<string, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});

  const ruleErrors = validate(values);
  /** Every message, the server's first: what each field would show. */
  const errors: FieldErrors = { ...ruleErrors, ...serverErrors };

  const touch = (field: string) => setTouched((t) => (t[field] ? t : { ...t, [field]: true }));
  /** A field was edited: it is touched, and what the server said about it is stale. */
  const edited = (field: string) => {
    touch(field);
    setServerErrors((e) => without(e, stale ? stale(field as keyof V & string) : [field]));
  };

  return {
    values,
    ruleErrors,
    errors,
    /** Neither a rule nor the server has anything to say against the values. */
    valid: Object.keys(errors).length === 0,
    /** The message under a field, if any shows now. */
    errorOf: (field: string): string | undefined =>
      serverErrors[field] ?? (showAll || submitted || touched[field] ? ruleErrors[field] : undefined),
    change: <K extends keyof V & string>(field: K, value: V[K]) => {
      setValues((current) => {
        const next = { ...current, [field]: value };
        return adjust ? adjust(next, field) : next;
      });
      edited(field);
    },
    touch,
    edited,
    /** A submit: every message shows from now on. True when the rules let the values through. */
    submit: () => {
      setSubmitted(true);
      return Object.keys(ruleErrors).length === 0;
    },
    /** The server's field messages after it refused the values. */
    showServerErrors: setServerErrors,
    /** Starts again from `next` (or the initial values), with nothing touched. */
    reset: (next?: V) => {
      setValues(next ?? initial);
      setTouched({});
      setSubmitted(false);
      setServerErrors({});
    },
  };
}

export type FormState<V extends object> = ReturnType<typeof useForm<V>>;
