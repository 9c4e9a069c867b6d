import { useId, useState, type FormEvent } from 'react';
import { Field } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { paths } from '../../../config/paths';
import { profileEs } from '../../../i18n/profile';
import { mutate, type Outcome } from '../../../lib/mutation';
import { useSignOut } from '../../auth/use-sign-out';
import { eraseMyAccount } from '../api/erase';
import '../account.css';

const t = profileEs.erase;

type Step = 'closed' | 'confirm' | 'done';

/**
 * 'Eliminar mi cuenta': a dialog that says what is erased and what is kept, confirmed with the
 * password (or, for an account that signs in with Google only, the e-mail). Once erased, the
 * server's words are shown and the person leaves signed out.
 */
export function EraseAccount() {
  const [step, setStep] = useState<Step>('closed');
  const [withEmail, setWithEmail] = useState(false);
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Outcome | null>(null);
  const signOut = useSignOut();
  const formId = useId();
  const introId = useId();

  const close = () => {
    setStep('closed');
    setValue('');
    setResult(null);
    setWithEmail(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const outcome = await mutate(() =>
      eraseMyAccount(withEmail ? { email: value, password: '' } : { password: value, email: '' }),
    );
    setBusy(false);
    setResult(outcome);
    if (outcome.ok) setStep('done');
  };

  const fieldError = result && !result.ok ? result.fieldErrors[withEmail ? 'email' : 'password'] : undefined;
  // A Google-only account is asked for its e-mail: the server says so under that field.
  const otherField = result && !result.ok ? result.fieldErrors[withEmail ? 'password' : 'email'] : undefined;
  const failure = result && !result.ok && !fieldError ? (otherField ?? result.message) : null;

  return (
    <div className="erase-account">
      <button type="button" className="button button--danger" onClick={() => setStep('confirm')}>
        {t.button}
      </button>
      {step === 'confirm' && (
        <Modal
          title={t.title}
          onClose={busy ? () => undefined : close}
          describedBy={introId}
          actions={
            <>
              <button type="button" className="button" onClick={close} disabled={busy}>
                {t.cancel}
              </button>
              <button type="submit" form={formId} className="button button--danger" disabled={busy}>
                {busy ? t.submitting : t.confirm}
              </button>
            </>
          }
        >
          <div id={introId}>
            <p>{t.intro}</p>
            <p>
              <strong>{t.undoable}</strong>
            </p>
          </div>
          <form id={formId} className="form" onSubmit={(event) => void submit(event)} noValidate>
            <Field
              key={withEmail ? 'email' : 'password'}
              label={withEmail ? t.email : t.password}
              type={withEmail ? 'email' : 'password'}
              autoComplete={withEmail ? 'email' : 'current-password'}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              error={fieldError}
              required
              data-autofocus
            />
            <button
              type="button"
              className="erase-account__switch"
              onClick={() => {
                setWithEmail(!withEmail);
                setValue('');
                setResult(null);
              }}
            >
              {withEmail ? t.usePassword : t.useEmail}
            </button>
            {failure && (
              <p className="alert alert--error" role="alert">
                {failure}
              </p>
            )}
          </form>
        </Modal>
      )}
      {step === 'done' && result?.ok && (
        <Modal
          title={t.doneTitle}
          role="alertdialog"
          onClose={() => signOut(paths.home)}
          actions={
            <button type="button" className="button button--primary" onClick={() => signOut(paths.home)} data-autofocus>
              {t.close}
            </button>
          }
        >
          <p>{result.message}</p>
        </Modal>
      )}
    </div>
  );
}
