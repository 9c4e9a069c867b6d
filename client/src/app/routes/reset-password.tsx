import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AxiosError } from 'axios';
import { fieldErrorsOf, isApiErrorBody, passwordError } from '@pulso/shared';
import { paths } from '../../config/paths';
import { resetPassword } from '../../features/auth/api/auth';
import { PasswordField } from '../../features/auth/components/password-field';
import { es } from '../../i18n/es';
import { errorMessage } from '../../lib/api-client';
import { usePageTitle } from '../../lib/use-page-title';

/** /restablecer?token=…: the page the reset e-mail links to. */
export function ResetPasswordRoute() {
  usePageTitle(es.titles.resetPassword);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ password?: string; repeat?: string }>({});
  const [linkError, setLinkError] = useState<string | null>(token ? null : es.auth.resetMissingToken);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const next = {
      password: passwordError(password),
      repeat: password !== repeat ? es.auth.passwordsDiffer : undefined,
    };
    setErrors(next);
    if (next.password || next.repeat) return;
    setBusy(true);
    try {
      setDone(await resetPassword(token, password));
    } catch (err) {
      const body: unknown = err instanceof AxiosError ? err.response?.data : null;
      const fields = isApiErrorBody(body) ? fieldErrorsOf(body) : {};
      if (fields.password) setErrors({ password: fields.password });
      else if (isApiErrorBody(body)) setLinkError(fields.token ?? body.message);
      else setLinkError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="section auth">
      <div className="auth__card">
        <h1 className="auth__title">{es.auth.resetTitle}</h1>
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
                label={es.auth.newPassword}
                name="password"
                autoComplete="new-password"
                hint={es.auth.passwordRules}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                error={errors.password}
              />
              <PasswordField
                label={es.auth.repeatPassword}
                name="repeat"
                autoComplete="new-password"
                value={repeat}
                onChange={(e) => setRepeat(e.target.value)}
                error={errors.repeat}
              />
              <button type="submit" className="button button--primary auth__submit" disabled={busy}>
                {busy ? es.auth.saving : es.auth.resetSubmit}
              </button>
            </form>
          </>
        )}
      </div>
    </section>
  );
}
