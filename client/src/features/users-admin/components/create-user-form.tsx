import '../users-admin.css';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { MESSAGES } from '@pulso/shared';
import { ActionDialogs, useActionFlow } from '../../../components/ui/action-dialogs';
import { paths } from '../../../config/paths';
import { dashboardUsersEs as t } from '../../../i18n/dashboard-users';
import { useUsersAdminStore } from '../store';
import { EMPTY_USER_FORM, useUserForm } from '../use-user-form';
import { FormBanner, UserFormFields } from './user-form-fields';

/**
 * /dashboard/usuarios/crear : the form with its banners,
 * the 'Se creara un nuevo usuario!!' confirmation, and the server's real answer (the original said
 * 'Creado con exito!' whatever happened).
 */
export function CreateUserForm() {
  const navigate = useNavigate();
  const createUser = useUsersAdminStore((s) => s.createUser);
  const form = useUserForm(EMPTY_USER_FORM, 'create');
  const flow = useActionFlow<'create'>(async () => {
    const outcome = await createUser(form.body());
    if (!outcome.ok) form.showServerErrors(outcome.fieldErrors);
    return outcome;
  });
  const who = t.create.confirmDetail(form.values.fullName.trim(), form.values.email.trim());

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (form.valid) flow.ask('create');
  };

  return (
    <section className="users-admin users-admin--narrow">
      <Link className="users-admin__back" to={paths.dashboardUsers} aria-label={t.create.backLabel}>
        <span aria-hidden="true">←</span> {t.create.back}
      </Link>
      <div className="users-admin__card">
        <h1 className="users-admin__title">{t.create.title}</h1>
        <form className="form" onSubmit={onSubmit} noValidate aria-label={t.create.title}>
          <FormBanner
            valid={form.valid}
            validText={MESSAGES.userForm.createValid}
            invalidText={MESSAGES.userForm.createInvalid}
          />
          <UserFormFields form={form} mode="create" />
          <div className="users-admin__form-actions">
            <button type="submit" className="button button--primary" disabled={!form.valid || flow.step !== null}>
              {flow.running ? t.create.submitting : t.create.submit}
            </button>
          </div>
        </form>
      </div>

      <ActionDialogs
        flow={flow}
        ask={() => ({
          title: t.create.confirmTitle,
          message: (
            <>
              <p>{t.create.confirm}</p>
              <p className="users-admin__muted">{who}</p>
            </>
          ),
          confirmLabel: t.create.accept,
          cancelLabel: t.create.cancel,
        })}
        report={(_action, outcome) =>
          outcome.ok
            ? {
                title: t.create.resultTitle,
                message: [t.create.created, who],
                closeLabel: t.create.goToList,
                onClose: () => void navigate(paths.dashboardUsers),
              }
            : { title: t.create.resultTitle, message: [t.create.failed, outcome.message], closeLabel: t.accept }
        }
      />
    </section>
  );
}
