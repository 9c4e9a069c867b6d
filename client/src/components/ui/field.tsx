import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  /** The field's validation message, shown under it and announced. */
  error?: string | null;
  /** Something after the input inside the same row (e.g. a show-password toggle). */
  addon?: ReactNode;
  hint?: ReactNode;
}

/** The ids that tie a control to its message and hint, and the props that announce them. */
export function useDescription(error: string | null | undefined, hint?: ReactNode) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return {
    id,
    describedBy,
    /** The message and hint under the control. */
    notes: (
      <>
        {hint && (
          <p id={hintId} className="field__hint">
            {hint}
          </p>
        )}
        {error && (
          <p id={errorId} className="field__error" role="alert">
            {error}
          </p>
        )}
      </>
    ),
  };
}

/** A labelled input with its error under it, linked for screen readers. */
export function Field({ label, error, addon, hint, className, ...input }: FieldProps) {
  const { id, describedBy, notes } = useDescription(error, hint);
  return (
    <div className={`field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="field__control">
        <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
        {addon}
      </div>
      {notes}
    </div>
  );
}
