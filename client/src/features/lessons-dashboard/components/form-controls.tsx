import { useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

interface ErrorProps {
  id: string;
  error?: string | null;
}

function FieldError({ id, error }: ErrorProps) {
  if (!error) return null;
  return (
    <p id={id} className="field__error" role="alert">
      {error}
    </p>
  );
}

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: ReactNode;
  error?: string | null;
}

/** A labelled textarea with its message under it, like Field. */
export function TextAreaField({ label, error, ...textarea }: TextAreaFieldProps) {
  const id = useId();
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...textarea}
      />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** A select's choice: a text that is its own value, or a value shown with a label (an id and a name). */
export type SelectOption = string | { value: string; label: string };

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: ReactNode;
  error?: string | null;
  /** The choices after the 'Seleccione' placeholder. */
  options: readonly SelectOption[];
  placeholder: string;
}

/** A labelled select that starts at 'Seleccione' (which counts as empty, SPEC §5). */
export function SelectField({ label, error, options, placeholder, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...select}
      >
        <option value={placeholder}>{placeholder}</option>
        {options.map((option) => {
          const { value, label: text } = typeof option === 'string' ? { value: option, label: option } : option;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </select>
      <FieldError id={`${id}-error`} error={error} />
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

/** A fieldset of checkboxes for a list field (types, goals, days); keeps the options' order. */
export function CheckboxGroup({ legend, name, options, value, onChange, error }: CheckboxGroupProps) {
  const id = useId();
  return (
    <fieldset
      className={`field checkbox-group${error ? ' field--invalid' : ''}`}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="field__label">{legend}</legend>
      <div className="checkbox-group__options">
        {options.map((option) => (
          <label key={option} className="checkbox-group__option">
            <input
              type="checkbox"
              name={name}
              value={option}
              checked={value.includes(option)}
              onChange={(e) =>
                onChange(
                  e.target.checked ? [...value.filter((v) => v !== option), option] : value.filter((v) => v !== option),
                )
              }
            />
            <span>{option}</span>
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}
