import { useEffect, useState, type FocusEvent, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { fieldErrors, MESSAGES, schemas, type UserDto } from '@pulso/shared';
import { Field } from '../../components/ui/field';
import { ConfirmModal, ResultModal } from '../../components/ui/modal';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { deleteAccount, updateProfile } from '../../features/auth/api/auth';
import { PasswordField } from '../../features/auth/components/password-field';
import { useAuthStore } from '../../features/auth/store';
import { useSignOut } from '../../features/auth/use-sign-out';
import { es } from '../../i18n/es';
import { profileEs } from '../../i18n/profile';
import { failureOf, type ApiFailure } from '../../lib/api-client';
import { useForm } from '../../lib/use-form';
import { usePageTitle } from '../../lib/use-page-title';
import { HomeBranchField } from '../../features/branches/components/home-branch-field';
import { AuthCard } from '../../features/auth/components/auth-card';

/**
 * /profile/editar/{id}: username, new password and phone. Saving asks first, then returns to
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
        <h1>{profileEs.notYours}</h1>
        <Link className="button" to={paths.profile}>
          {profileEs.back}
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
  const form = useForm({
    initial: {
      fullName: user.fullName,
      phone: user.phone,
      password: '',
      currentPassword: '',
      homeBranch: user.homeBranch?.id ?? '',
    },
    validate: (values) => fieldErrors(schemas.profileForm, values),
    showAll: true,
    // The server judged the form as a whole: any change makes what it said stale.
    stale: () => 'all',
  });
  const { values } = form;
  const [asking, setAsking] = useState<'save' | 'delete' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // 'Contraseña actual' appears as a new password is typed; its required message waits until the
  // member has left that field or tries to save, instead of greeting them in red before they reach it.
  const [currentLeft, setCurrentLeft] = useState(false);
  const shownError = (field: keyof typeof values) =>
    field !== 'currentPassword' || currentLeft || form.serverErrors.currentPassword ? form.errorOf(field) : undefined;
  const blocked = (['fullName', 'phone', 'password', 'currentPassword'] as const).some((field) => shownError(field));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setCurrentLeft(true);
    const { currentPassword: currentError, ...otherErrors } = form.ruleErrors;
    if (!form.submit()) {
      if (currentError && Object.keys(otherErrors).length === 0) {
        const current = event.currentTarget.elements.namedItem('currentPassword');
        if (current instanceof HTMLElement) current.focus();
      }
    } else setAsking('save');
  };

  /** Focus left the field (its input and its show/hide button). */
  const leaveCurrent = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (!(next instanceof Node && event.currentTarget.contains(next))) setCurrentLeft(true);
  };

  /** A change's failure: the server's field messages under their fields, anything else in a dialog. */
  const failed = (error: ApiFailure) => {
    setAsking(null);
    if (Object.keys(error.fieldErrors).length > 0) form.showServerErrors(error.fieldErrors);
    else setFailure(error.message);
  };

  const save = async () => {
    setBusy(true);
    const { password, currentPassword } = values;
    try {
      const { message, token } = await updateProfile(id, {
        fullName: values.fullName.trim(),
        phone: values.phone.trim(),
        homeBranch: values.homeBranch,
        ...(password ? { password, currentPassword } : {}),
      });
      if (token) setToken(token);
      await loadUser();
      void navigate(paths.profile, { state: { flash: message || MESSAGES.users.updated } });
    } catch (error) {
      failed(failureOf(error));
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
      setFailure(failureOf(error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={profileEs.editTitle}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <Field
          label={profileEs.username}
          name="fullName"
          autoComplete="name"
          value={values.fullName}
          maxLength={80}
          onChange={(e) => form.change('fullName', e.target.value)}
          error={shownError('fullName')}
        />
        <PasswordField
          label={profileEs.newPassword}
          name="password"
          autoComplete="new-password"
          hint={profileEs.newPasswordHint}
          value={values.password}
          onChange={(e) => {
            form.change('password', e.target.value);
            if (e.target.value === '') setCurrentLeft(false);
          }}
          error={shownError('password')}
        />
        {values.password !== '' && (
          <div onBlur={leaveCurrent}>
            <PasswordField
              label={profileEs.currentPassword}
              name="currentPassword"
              autoComplete="current-password"
              hint={profileEs.currentPasswordHint}
              value={values.currentPassword}
              onChange={(e) => form.change('currentPassword', e.target.value)}
              error={shownError('currentPassword')}
            />
          </div>
        )}
        {/* No maxLength: a longer number ('+52 55 1234 5678') was cut silently; the rule's message says why. */}
        <Field
          label={profileEs.phone}
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          value={values.phone}
          onChange={(e) => form.change('phone', e.target.value)}
          error={shownError('phone')}
        />
        <HomeBranchField
          value={values.homeBranch}
          onChange={(id) => form.change('homeBranch', id)}
          error={shownError('homeBranch')}
        />
        <div className="profile__actions">
          <Link className="button" to={paths.profile}>
            {profileEs.cancel}
          </Link>
          <button type="submit" className="button button--primary" disabled={busy || blocked}>
            {busy ? profileEs.saving : profileEs.save}
          </button>
        </div>
      </form>
      <hr className="profile__rule" />
      <button type="button" className="button button--danger button--small" onClick={() => setAsking('delete')}>
        {profileEs.delete}
      </button>
      {asking && (
        <ConfirmModal
          title={profileEs.confirmTitle}
          message={
            asking === 'save' ? (
              profileEs.confirmSave
            ) : (
              <>
                <p>{profileEs.confirmDelete}</p>
                <p>{profileEs.deleteNote}</p>
              </>
            )
          }
          confirmLabel={profileEs.confirm}
          cancelLabel={profileEs.back}
          danger={asking === 'delete'}
          busy={busy}
          onConfirm={() => void (asking === 'save' ? save() : remove())}
          onCancel={() => setAsking(null)}
        />
      )}
      {failure && <ResultModal message={failure} failed closeLabel={es.auth.accept} onClose={() => setFailure(null)} />}
    </AuthCard>
  );
}
