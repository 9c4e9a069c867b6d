import { useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { useDescription } from './field';
import './form-controls.css';

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
}

/** A labelled textarea with its message under it, like Field. */
export function TextAreaField({ label, error, hint, ...textarea }: TextAreaFieldProps) {
  const { id, describedBy, notes } = useDescription(error, hint);
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <textarea id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...textarea} />
      {notes}
    </div>
  );
}

/** A select's choice: a text that is its own value, or a value shown with a label (an id and a name). */
export type SelectOption = string | { value: string; label: string };

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  options: readonly SelectOption[];
  /** A first choice that means "none yet" ('Seleccione', which counts as empty). */
  placeholder?: string;
  /** The placeholder's value, when it is not its text (a sede's hour selects hold ''). */
  placeholderValue?: string;
}

/** A labelled select with its message under it. */
export function SelectField({
  label,
  error,
  hint,
  options,
  placeholder,
  placeholderValue = placeholder,
  ...select
}: SelectFieldProps) {
  const { id, describedBy, notes } = useDescription(error, hint);
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...select}>
        {placeholder !== undefined && <option value={placeholderValue}>{placeholder}</option>}
        {options.map((option) => {
          const { value, label: text } = typeof option === 'string' ? { value: option, label: option } : option;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </select>
      {notes}
    </div>
  );
}

interface CheckboxGroupProps {
  legend: ReactNode;
  name: string;
  options: readonly string[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  error?: string | null;
}

/** A fieldset of checkboxes for a list field (types, goals, days); the chosen ones keep the options' order. */
export function CheckboxGroup({ legend, name, options, value, onChange, error }: CheckboxGroupProps) {
  const { describedBy, notes } = useDescription(error);
  return (
    <fieldset className={`field checkbox-group${error ? ' field--invalid' : ''}`} aria-describedby={describedBy}>
      <legend className="field__label">{legend}</legend>
      <div className="checkbox-group__options">
        {options.map((option) => (
          <label key={option} className="checkbox-group__option">
            <input
              type="checkbox"
              name={name}
              value={option}
              checked={value.includes(option)}
              onChange={(e) => {
                const chosen = e.target.checked ? [...value, option] : value.filter((v) => v !== option);
                onChange(options.filter((o) => chosen.includes(o)));
              }}
            />
            <span>{option}</span>
          </label>
        ))}
      </div>
      {notes}
    </fieldset>
  );
}

interface CheckFieldProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
  disabled?: boolean;
}

/** One yes-or-no choice: a checkbox with its sentence, and a hint under it tied to the box. */
export function CheckField({ label, checked, onChange, hint, disabled }: CheckFieldProps) {
  const hintId = useId();
  return (
    <div className="check-field">
      <label className="check-field__option">
        <input
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-describedby={hint ? hintId : undefined}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
        <span>{label}</span>
      </label>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
