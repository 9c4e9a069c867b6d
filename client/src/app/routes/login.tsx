import { useCallback, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ERROR_CODES, fieldErrors, MESSAGES, schemas } from '@pulso/shared';
import { ResultModal } from '../../components/ui/modal';
import { paths } from '../../config/paths';
import { login, signInWithGoogle } from '../../features/auth/api/auth';
import { GoogleButton } from '../../features/auth/components/google-button';
import { PasswordField } from '../../features/auth/components/password-field';
import { useReturnPath, withReturn } from '../../lib/return-path';
import { useAuthStore } from '../../features/auth/store';
import { useUiStore } from '../../features/ui/store';
import { es } from '../../i18n/es';
import { failureOf } from '../../lib/api-client';
import { useForm } from '../../lib/use-form';
import { usePageTitle } from '../../lib/use-page-title';
import { AuthCard, EmailField } from '../../features/auth/components/auth-card';

/**
 * /login: e-mail, password with show/hide, Enter submits, Google when configured.
 * Success goes to / or, when the visitor was sent here on the way somewhere (`?volver=`), there.
 * 'No se encontró un usuario con ese email' shows under the e-mail; other refusals under the password;
 * missing fields and network errors in a modal.
 */
export function LoginRoute() {
  usePageTitle(es.titles.login);
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const signIn = useAuthStore((s) => s.signIn);
  const sessionEnded = useAuthStore((s) => s.sessionEnded);
  const form = useForm({
    initial: { email: '', password: '' },
    validate: (values) => fieldErrors(schemas.loginForm, values),
  });
  const { values } = form;
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
    form.showServerErrors({});
    if (Object.keys(form.ruleErrors).length > 0) {
      setDialog({ title: es.auth.missingTitle, message: MESSAGES.auth.loginRequired });
      return;
    }
    setBusy(true);
    try {
      await finish(await login(values.email.trim(), values.password));
    } catch (error) {
      const failure = failureOf(error);
      if (!failure.code) setDialog({ title: es.auth.errorTitle, message: failure.message });
      // 'No se encontró un usuario con ese email' under the e-mail; other refusals under the password.
      else if (failure.code === ERROR_CODES.USER_NOT_FOUND) form.showServerErrors({ email: failure.message });
      else if (failure.fieldErrors.email) form.showServerErrors({ email: failure.fieldErrors.email });
      else form.showServerErrors({ password: failure.fieldErrors.password ?? failure.message });
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
        const failure = failureOf(error);
        setDialog({
          title: es.auth.errorTitle,
          message: failure.code ? failure.message : MESSAGES.auth.googleRejected,
        });
      } finally {
        setBusy(false);
      }
    },
    [finish],
  );

  return (
    <AuthCard title={es.auth.loginTitle} text={es.auth.loginText}>
      {sessionEnded && (
        <p className="alert alert--error" role="status">
          {sessionEnded}
        </p>
      )}
      <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <EmailField
          value={values.email}
          onChange={(e) => form.change('email', e.target.value)}
          error={form.serverErrors.email}
        />
        <PasswordField
          label={es.auth.password}
          name="password"
          autoComplete="current-password"
          value={values.password}
          onChange={(e) => form.change('password', e.target.value)}
          error={form.serverErrors.password}
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
      {dialog && (
        <ResultModal
          title={dialog.title}
          message={dialog.message}
          failed
          closeLabel={es.auth.accept}
          onClose={() => setDialog(null)}
        />
      )}
    </AuthCard>
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
