import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { fieldErrors, schemas } from '@pulso/shared';
import { paths } from '../../config/paths';
import { requestPasswordReset } from '../../features/auth/api/auth';
import { es } from '../../i18n/es';
import { failureOf } from '../../lib/api-client';
import { useForm } from '../../lib/use-form';
import { usePageTitle } from '../../lib/use-page-title';
import { AuthCard, EmailField } from '../../features/auth/components/auth-card';

/** /olvide: asks for a reset link. The answer is the same whether or not the account exists. */
export function ForgotPasswordRoute() {
  usePageTitle(es.titles.forgotPassword);
  const form = useForm({
    initial: { email: '' },
    validate: (values) => fieldErrors(schemas.forgotForm, values),
    checkOn: 'submit',
  });
  const { email } = form.values;
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.submit()) return;
    setBusy(true);
    try {
      setSent(await requestPasswordReset(email.trim()));
    } catch (error) {
      const failure = failureOf(error);
      form.showServerErrors({ email: failure.fieldErrors.email ?? failure.message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={es.auth.forgotTitle}>
      {sent ? (
        <p className="alert alert--success" role="status">
          {sent}
        </p>
      ) : (
        <>
          <p className="auth__text">{es.auth.forgotText}</p>
          <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
            <EmailField {...form.bind('email')} value={email} />
            <button type="submit" className="button button--primary auth__submit" disabled={busy}>
              {busy ? es.auth.sending : es.auth.forgotSubmit}
            </button>
          </form>
        </>
      )}
      <p className="auth__switch">
        <Link to={paths.login}>{es.auth.backToLogin}</Link>
      </p>
    </AuthCard>
  );
}
