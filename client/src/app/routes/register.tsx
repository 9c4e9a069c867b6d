import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { AxiosError } from 'axios';
import { fieldErrorsOf, hasErrors, isApiErrorBody, validateRegister, type FieldErrors } from '@pulso/shared';
import { Field } from '../../components/ui/field';
import { ResultModal } from '../../components/ui/modal';
import { paths } from '../../config/paths';
import { register } from '../../features/auth/api/auth';
import { PasswordField } from '../../features/auth/components/password-field';
import { useReturnPath, withReturn } from '../../lib/return-path';
import { useAuthStore } from '../../features/auth/store';
import { es } from '../../i18n/es';
import { errorMessage } from '../../lib/api-client';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * /register (SPEC §2.10): e-mail and password; the new session is stored and the visitor goes to /,
 * or on to where they were going (`?volver=`, carried over from /login).
 */
export function RegisterRoute() {
  usePageTitle(es.titles.register);
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const signIn = useAuthStore((s) => s.signIn);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const errors = touched ? { ...validateRegister({ email, password }), ...serverErrors } : serverErrors;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setServerErrors({});
    if (hasErrors(validateRegister({ email, password }))) return;
    setBusy(true);
    try {
      await signIn(await register(email.trim(), password));
      void navigate(returnPath, { replace: true });
    } catch (error) {
      const body: unknown = error instanceof AxiosError ? error.response?.data : null;
      const fields = isApiErrorBody(body) ? fieldErrorsOf(body) : {};
      if (fields.email || fields.password) setServerErrors(fields);
      else setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="section auth">
      <div className="auth__card">
        <h1 className="auth__title">{es.auth.registerTitle}</h1>
        <p className="auth__text">{es.auth.registerText}</p>
        <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
          <Field
            label={es.auth.email}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setServerErrors({});
            }}
            error={errors.email}
          />
          <PasswordField
            label={es.auth.password}
            name="password"
            autoComplete="new-password"
            hint={es.auth.passwordRules}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password}
          />
          <button type="submit" className="button button--primary auth__submit" disabled={busy}>
            {busy ? es.auth.registering : es.auth.submitRegister}
          </button>
        </form>
        <p className="auth__switch">
          {es.auth.haveAccount} <Link to={withReturn(paths.login, returnPath)}>{es.auth.goLogin}</Link>
        </p>
      </div>
      {failure && (
        <ResultModal
          title={es.auth.errorTitle}
          message={failure}
          failed
          closeLabel={es.auth.accept}
          onClose={() => setFailure(null)}
        />
      )}
    </section>
  );
}
