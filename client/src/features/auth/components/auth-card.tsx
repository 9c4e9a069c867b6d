import type { InputHTMLAttributes, ReactNode } from 'react';
import { Field } from '../../../components/ui/field';
import { es } from '../../../i18n/es';

interface AuthCardProps {
  title: string;
  /** A line under the title. */
  text?: string;
  children: ReactNode;
}

/** The card of the sign-in pages (login, register, password reset, profile edit). */
export function AuthCard({ title, text, children }: AuthCardProps) {
  return (
    <section className="section auth">
      <div className="auth__card">
        <h1 className="auth__title">{title}</h1>
        {text && <p className="auth__text">{text}</p>}
        {children}
      </div>
    </section>
  );
}

interface EmailFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> {
  error?: string | null;
}

/** The e-mail input of the sign-in pages. */
export function EmailField(props: EmailFieldProps) {
  return <Field label={es.auth.email} type="email" name="email" autoComplete="email" inputMode="email" {...props} />;
}
