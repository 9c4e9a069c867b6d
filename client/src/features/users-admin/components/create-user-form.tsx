import '../users-admin.css';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { MESSAGES } from '@pulso/shared';
import { ConfirmModal } from '../../../components/ui/modal';
import { paths } from '../../../config/paths';
import { dashboardUsersEs as t } from '../../../i18n/dashboard-users';
import { useUsersAdminStore } from '../store';
import { useUserForm } from '../use-user-form';
import { EMPTY_USER_FORM } from '../user-form-rules';
import { OutcomeModal } from './outcome-modal';
import { FormBanner, UserFormFields } from './user-form-fields';

type Stage =
  | { name: 'form' }
  | { name: 'confirm'; busy: boolean }
  | { name: 'created'; who: string }
  | { name: 'failed'; message: string };

/**
 * /dashboard/usuarios/crear (SPEC §2.16, §5 "User form", §8 "Create user"): the form with its banners,
 * the 'Se creara un nuevo usuario!!' confirmation, and the server's real answer (the original said
 * 'Creado con exito!' whatever happened).
 */
export function CreateUserForm() {
  const navigate = useNavigate();
  const createUser = useUsersAdminStore((s) => s.createUser);
  const form = useUserForm(EMPTY_USER_FORM, 'create');
  const [stage, setStage] = useState<Stage>({ name: 'form' });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (form.valid) setStage({ name: 'confirm', busy: false });
  };

  const create = async () => {
    setStage({ name: 'confirm', busy: true });
    const body = form.body();
    const outcome = await createUser(body);
    if (outcome.ok) {
      setStage({ name: 'created', who: t.create.confirmDetail(body.fullName, body.email) });
    } else {
      form.setServerErrors(outcome.fieldErrors);
      setStage({ name: 'failed', message: outcome.message });
    }
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
            <button type="submit" className="button button--primary" disabled={!form.valid || stage.name !== 'form'}>
              {stage.name === 'confirm' && stage.busy ? t.create.submitting : t.create.submit}
            </button>
          </div>
        </form>
      </div>

      {stage.name === 'confirm' && (
        <ConfirmModal
          title={t.create.confirmTitle}
          message={
            <>
              <p>{t.create.confirm}</p>
              <p className="users-admin__muted">{t.create.confirmDetail(form.values.fullName, form.values.email)}</p>
            </>
          }
          confirmLabel={t.create.accept}
          cancelLabel={t.create.cancel}
          busy={stage.busy}
          onConfirm={() => void create()}
          onCancel={() => {
            if (!stage.busy) setStage({ name: 'form' });
          }}
        />
      )}
      {stage.name === 'created' && (
        <OutcomeModal
          title={t.create.resultTitle}
          lines={[t.create.created, stage.who]}
          closeLabel={t.create.goToList}
          onClose={() => void navigate(paths.dashboardUsers)}
        />
      )}
      {stage.name === 'failed' && (
        <OutcomeModal
          title={t.create.resultTitle}
          lines={[t.create.failed, stage.message]}
          failed
          closeLabel={t.accept}
          onClose={() => setStage({ name: 'form' })}
        />
      )}
    </section>
  );
}
