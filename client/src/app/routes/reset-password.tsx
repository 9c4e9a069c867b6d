import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { passwordError, type FieldErrors } from '@pulso/shared';
import { paths } from '../../config/paths';
import { resetPassword } from '../../features/auth/api/auth';
import { PasswordField } from '../../features/auth/components/password-field';
import { es } from '../../i18n/es';
import { failureOf } from '../../lib/api-client';
import { useForm } from '../../lib/use-form';
import { usePageTitle } from '../../lib/use-page-title';
import { AuthCard } from '../../features/auth/components/auth-card';

/** /restablecer?token=…: the page the reset e-mail links to. */
export function ResetPasswordRoute() {
  usePageTitle(es.titles.resetPassword);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useForm({
    initial: { password: '', repeat: '' },
    validate: ({ password, repeat }): FieldErrors => {
      const errors: FieldErrors = {};
      const problem = passwordError(password);
      if (problem) errors.password = problem;
      if (password !== repeat) errors.repeat = es.auth.passwordsDiffer;
      return errors;
    },
    checkOn: 'submit',
  });
  const { password, repeat } = form.values;
  const [linkError, setLinkError] = useState<string | null>(token ? null : es.auth.resetMissingToken);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.submit()) return;
    setBusy(true);
    try {
      setDone(await resetPassword(token, password));
    } catch (error) {
      const failure = failureOf(error);
      if (failure.fieldErrors.password) form.showServerErrors({ password: failure.fieldErrors.password });
      else setLinkError((failure.code && failure.fieldErrors.token) || failure.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={es.auth.resetTitle}>
      {done ? (
        <>
          <p className="alert alert--success" role="status">
            {done}
          </p>
          <Link className="button button--primary auth__submit" to={paths.login}>
            {es.auth.goLogin}
          </Link>
        </>
      ) : linkError ? (
        <>
          <p className="alert alert--error" role="alert">
            {linkError}
          </p>
          <Link className="button auth__submit" to={paths.forgotPassword}>
            {es.auth.requestNewLink}
          </Link>
        </>
      ) : (
        <>
          <p className="auth__text">{es.auth.resetText}</p>
          <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
            <PasswordField
              {...form.bind('password')}
              label={es.auth.newPassword}
              autoComplete="new-password"
              hint={es.auth.passwordRules}
              value={password}
            />
            <PasswordField
              {...form.bind('repeat')}
              label={es.auth.repeatPassword}
              autoComplete="new-password"
              value={repeat}
            />
            <button type="submit" className="button button--primary auth__submit" disabled={busy}>
              {busy ? es.auth.saving : es.auth.resetSubmit}
            </button>
          </form>
        </>
      )}
    </AuthCard>
  );
}
