import { useEffect, useState, type FocusEvent, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { AxiosError } from 'axios';
import {
  fieldErrorsOf,
  hasErrors,
  isApiErrorBody,
  MESSAGES,
  validateProfile,
  type FieldErrors,
  type UserDto,
} from '@pulso/shared';
import { Field } from '../../components/ui/field';
import { ConfirmModal, ResultModal } from '../../components/ui/modal';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { deleteAccount, updateProfile } from '../../features/auth/api/auth';
import { PasswordField } from '../../features/auth/components/password-field';
import { useAuthStore } from '../../features/auth/store';
import { useSignOut } from '../../features/auth/use-sign-out';
import { es } from '../../i18n/es';
import { errorMessage } from '../../lib/api-client';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * /profile/editar/{id} (SPEC §2.11): username, new password and phone. Saving asks first, then returns to
 * /profile with 'Usuario actualizado correctamente'. Members can also close their own account.
 */
export function ProfileEditRoute() {
  usePageTitle(es.titles.profileEdit);
  const { id = '' } = useParams();
  const { userId, user, loadUser } = useAuthStore();

  useEffect(() => {
    if (!user) void loadUser();
  }, [user, loadUser]);

  if (id !== userId) {
    return (
      <section className="section message-page" role="alert">
        <h1>{es.profile.notYours}</h1>
        <Link className="button" to={paths.profile}>
          {es.profile.back}
        </Link>
      </section>
    );
  }
  if (!user) return <Spinner label={es.common.loadingData} />;
  return <ProfileForm id={id} user={user} />;
}

function ProfileForm({ id, user }: { id: string; user: UserDto }) {
  const navigate = useNavigate();
  const loadUser = useAuthStore((s) => s.loadUser);
  const setToken = useAuthStore((s) => s.setToken);
  const signOut = useSignOut();
  const [fullName, setFullName] = useState(user.fullName);
  const [phone, setPhone] = useState(user.phone);
  const [password, setPassword] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [asking, setAsking] = useState<'save' | 'delete' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // 'Contraseña actual' appears as a new password is typed; its required message waits until the
  // member has left that field or tries to save, instead of greeting them in red before they reach it.
  const [currentLeft, setCurrentLeft] = useState(false);

  const input = { fullName, phone, password, currentPassword };
  const ruleErrors = validateProfile(input);
  const errors = { ...ruleErrors, ...serverErrors };
  const { currentPassword: currentError, ...otherErrors } = errors;
  const shown: FieldErrors = currentLeft || serverErrors.currentPassword ? errors : otherErrors;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setCurrentLeft(true);
    if (!hasErrors(ruleErrors)) setAsking('save');
    else if (currentError && !hasErrors(otherErrors)) {
      const current = event.currentTarget.elements.namedItem('currentPassword');
      if (current instanceof HTMLElement) current.focus();
    }
  };

  /** Focus left the field (its input and its show/hide button). */
  const leaveCurrent = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (!(next instanceof Node && event.currentTarget.contains(next))) setCurrentLeft(true);
  };

  const save = async () => {
    setBusy(true);
    try {
      const { message, token } = await updateProfile(id, {
        fullName: fullName.trim(),
        phone: phone.trim(),
        ...(password ? { password, currentPassword } : {}),
      });
      if (token) setToken(token);
      await loadUser();
      void navigate(paths.profile, { state: { flash: message || MESSAGES.users.updated } });
    } catch (error) {
      setAsking(null);
      const body: unknown = error instanceof AxiosError ? error.response?.data : null;
      const fields = isApiErrorBody(body) ? fieldErrorsOf(body) : {};
      if (hasErrors(fields)) setServerErrors(fields);
      else setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      await deleteAccount(id);
      signOut(paths.home, { replace: true });
    } catch (error) {
      setAsking(null);
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const change = (setter: (value: string) => void) => (value: string) => {
    setter(value);
    setServerErrors({});
  };

  return (
    <section className="section auth">
      <div className="auth__card">
        <h1 className="auth__title">{es.profile.editTitle}</h1>
        <form className="form" onSubmit={onSubmit} noValidate>
          <Field
            label={es.profile.username}
            name="fullName"
            autoComplete="name"
            value={fullName}
            maxLength={80}
            onChange={(e) => change(setFullName)(e.target.value)}
            error={shown.fullName}
          />
          <PasswordField
            label={es.profile.newPassword}
            name="password"
            autoComplete="new-password"
            hint={es.profile.newPasswordHint}
            value={password}
            onChange={(e) => {
              change(setPassword)(e.target.value);
              if (e.target.value === '') setCurrentLeft(false);
            }}
            error={shown.password}
          />
          {password !== '' && (
            <div onBlur={leaveCurrent}>
              <PasswordField
                label={es.profile.currentPassword}
                name="currentPassword"
                autoComplete="current-password"
                hint={es.profile.currentPasswordHint}
                value={currentPassword}
                onChange={(e) => change(setCurrentPassword)(e.target.value)}
                error={shown.currentPassword}
              />
            </div>
          )}
          {/* No maxLength: a longer number ('+52 55 1234 5678') was cut silently; the rule's message says why. */}
          <Field
            label={es.profile.phone}
            name="phone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            value={phone}
            onChange={(e) => change(setPhone)(e.target.value)}
            error={shown.phone}
          />
          <div className="profile__actions">
            <Link className="button" to={paths.profile}>
              {es.profile.cancel}
            </Link>
            <button type="submit" className="button button--primary" disabled={busy || hasErrors(shown)}>
              {busy ? es.profile.saving : es.profile.save}
            </button>
          </div>
        </form>
        <hr className="profile__rule" />
        <button type="button" className="button button--danger button--small" onClick={() => setAsking('delete')}>
          {es.profile.delete}
        </button>
      </div>
      {asking && (
        <ConfirmModal
          title={es.profile.confirmTitle}
          message={
            asking === 'save' ? (
              es.profile.confirmSave
            ) : (
              <>
                <p>{es.profile.confirmDelete}</p>
                <p>{es.profile.deleteNote}</p>
              </>
            )
          }
          confirmLabel={es.profile.confirm}
          cancelLabel={es.profile.back}
          danger={asking === 'delete'}
          busy={busy}
          onConfirm={() => void (asking === 'save' ? save() : remove())}
          onCancel={() => setAsking(null)}
        />
      )}
      {failure && <ResultModal message={failure} failed closeLabel={es.auth.accept} onClose={() => setFailure(null)} />}
    </section>
  );
}
