import { useCallback, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { AxiosError } from 'axios';
import { ERROR_CODES, fieldErrorsOf, isApiErrorBody, MESSAGES, validateLogin } from '@pulso/shared';
import { Field } from '../../components/ui/field';
import { ResultModal } from '../../components/ui/modal';
import { paths } from '../../config/paths';
import { login, signInWithGoogle } from '../../features/auth/api/auth';
import { GoogleButton } from '../../features/auth/components/google-button';
import { PasswordField } from '../../features/auth/components/password-field';
import { useReturnPath, withReturn } from '../../lib/return-path';
import { useAuthStore } from '../../features/auth/store';
import { useUiStore } from '../../features/ui/store';
import { es } from '../../i18n/es';
import { errorMessage } from '../../lib/api-client';
import { usePageTitle } from '../../lib/use-page-title';

interface Errors {
  email?: string;
  password?: string;
}

/**
 * /login (SPEC §2.10): e-mail, password with show/hide, Enter submits, Google when configured.
 * Success goes to / or, when the visitor was sent here on the way somewhere (`?volver=`), there.
 * 'No se encontró un usuario con ese email' shows under the e-mail; other refusals under the password;
 * missing fields and network errors in a modal.
 */
export function LoginRoute() {
  usePageTitle(es.titles.login);
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const signIn = useAuthStore((s) => s.signIn);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [dialog, setDialog] = useState<{ title: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const finish = useCallback(
    async (token: string) => {
      await signIn(token);
      void navigate(returnPath, { replace: true });
    },
    [navigate, returnPath, signIn],
  );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const missing = validateLogin({ email, password });
    if (missing.email || missing.password) {
      setDialog({ title: es.auth.missingTitle, message: MESSAGES.auth.loginRequired });
      return;
    }
    setBusy(true);
    try {
      await finish(await login(email.trim(), password));
    } catch (error) {
      const body: unknown = error instanceof AxiosError ? error.response?.data : null;
      if (isApiErrorBody(body)) {
        const fields = fieldErrorsOf(body);
        if (body.code === ERROR_CODES.USER_NOT_FOUND) setErrors({ email: body.message });
        else if (fields.email) setErrors({ email: fields.email });
        else setErrors({ password: fields.password ?? body.message });
      } else {
        setDialog({ title: es.auth.errorTitle, message: errorMessage(error) });
      }
    } finally {
      setBusy(false);
    }
  };

  const onGoogle = useCallback(
    async (credential: string) => {
      setBusy(true);
      try {
        await finish(await signInWithGoogle(credential));
      } catch (error) {
        const body: unknown = error instanceof AxiosError ? error.response?.data : null;
        setDialog({
          title: es.auth.errorTitle,
          message: isApiErrorBody(body) ? body.message : MESSAGES.auth.googleRejected,
        });
      } finally {
        setBusy(false);
      }
    },
    [finish],
  );

  return (
    <section className="section auth">
      <div className="auth__card">
        <h1 className="auth__title">{es.auth.loginTitle}</h1>
        <p className="auth__text">{es.auth.loginText}</p>
        <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
          <Field
            label={es.auth.email}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={errors.email}
          />
          <PasswordField
            label={es.auth.password}
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password}
          />
          <Link className="auth__link" to={paths.forgotPassword}>
            {es.auth.forgot}
          </Link>
          <button type="submit" className="button button--primary auth__submit" disabled={busy}>
            {busy ? es.auth.signingIn : es.auth.submitLogin}
          </button>
        </form>
        <GoogleButtonBlock
          onCredential={(c) => void onGoogle(c)}
          onError={(message) => setDialog({ title: es.auth.errorTitle, message })}
        />
        <p className="auth__switch">
          {es.auth.noAccount}{' '}
          <Link className="button button--small" to={withReturn(paths.register, returnPath)}>
            {es.auth.createAccount}
          </Link>
        </p>
      </div>
      {dialog && (
        <ResultModal
          title={dialog.title}
          message={dialog.message}
          failed
          closeLabel={es.auth.accept}
          onClose={() => setDialog(null)}
        />
      )}
    </section>
  );
}

/** The 'o' separator and Google's button, only when Google sign-in is configured. */
function GoogleButtonBlock(props: { onCredential: (credential: string) => void; onError: (message: string) => void }) {
  const enabled = useUiStore((s) => Boolean(s.site.googleClientId));
  if (!enabled) return null;
  return (
    <>
      <p className="auth__or">
        <span>{es.auth.or}</span>
      </p>
      <GoogleButton {...props} />
    </>
  );
}
