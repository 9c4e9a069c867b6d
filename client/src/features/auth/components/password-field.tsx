import { useState, type InputHTMLAttributes } from 'react';
import { Field } from '../../../components/ui/field';
import { EyeIcon } from '../../../components/ui/icons';
import { es } from '../../../i18n/es';

interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> {
  label: string;
  error?: string | null;
  hint?: string;
}

/** A password input with the show/hide toggle. */
export function PasswordField({ label, error, hint, ...input }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      type={visible ? 'text' : 'password'}
      {...input}
      addon={
        <button
          type="button"
          className="button field__toggle"
          aria-pressed={visible}
          aria-label={visible ? es.auth.hidePassword : es.auth.showPassword}
          title={visible ? es.auth.hidePassword : es.auth.showPassword}
          onClick={() => setVisible((v) => !v)}
        >
          <EyeIcon crossed={visible} />
        </button>
      }
    />
  );
}
