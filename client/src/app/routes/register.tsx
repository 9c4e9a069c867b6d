import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { fieldErrors, schemas } from '@pulso/shared';
import { ResultModal } from '../../components/ui/modal';
import { paths } from '../../config/paths';
import { register } from '../../features/auth/api/auth';
import { PasswordField } from '../../features/auth/components/password-field';
import { useReturnPath, withReturn } from '../../lib/return-path';
import { useAuthStore } from '../../features/auth/store';
import { es } from '../../i18n/es';
import { failureOf } from '../../lib/api-client';
import { useForm } from '../../lib/use-form';
import { usePageTitle } from '../../lib/use-page-title';
import { AuthCard, EmailField } from '../../features/auth/components/auth-card';
import { HomeBranchField } from '../../features/branches/components/home-branch-field';

/**
 * /register: e-mail and password; the new session is stored and the visitor goes to /,
 * or on to where they were going (`?volver=`, carried over from /login). The rules speak from the
 * first submit on.
 */
export function RegisterRoute() {
  usePageTitle(es.titles.register);
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const signIn = useAuthStore((s) => s.signIn);
  const form = useForm({
    initial: { email: '', password: '', homeBranch: '' },
    validate: (values) => fieldErrors(schemas.registerForm, values),
    touchOnChange: false,
    // A new e-mail makes the server's word on the account stale.
    stale: (field) => (field === 'email' ? 'all' : []),
  });
  const { values } = form;
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    form.showServerErrors({});
    if (!form.submit()) return;
    setBusy(true);
    try {
      await signIn(await register(values.email.trim(), values.password, values.homeBranch));
      void navigate(returnPath, { replace: true });
    } catch (error) {
      const { fieldErrors: fields, message } = failureOf(error);
      if (fields.email || fields.password || fields.homeBranch) form.showServerErrors(fields);
      else setFailure(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={es.auth.registerTitle} text={es.auth.registerText}>
      <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <EmailField {...form.bind('email')} />
        <PasswordField
          {...form.bind('password')}
          label={es.auth.password}
          autoComplete="new-password"
          hint={es.auth.passwordRules}
        />
        <HomeBranchField
          value={form.values.homeBranch}
          onChange={(id) => form.change('homeBranch', id)}
          error={form.errorOf('homeBranch')}
          hint={es.homeBranch.registerHint}
        />
        <button type="submit" className="button button--primary auth__submit" disabled={busy}>
          {busy ? es.auth.registering : es.auth.submitRegister}
        </button>
      </form>
      <p className="auth__switch">
        {es.auth.haveAccount} <Link to={withReturn(paths.login, returnPath)}>{es.auth.goLogin}</Link>
      </p>
      {failure && (
        <ResultModal
          title={es.auth.errorTitle}
          message={failure}
          failed
          closeLabel={es.auth.accept}
          onClose={() => setFailure(null)}
        />
      )}
    </AuthCard>
  );
}
