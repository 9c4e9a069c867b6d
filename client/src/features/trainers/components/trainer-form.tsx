import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { fieldErrors, schemas, SELECT_PLACEHOLDER, type UserDto } from '@pulso/shared';
import { ActionDialogs, editorDialogs, useActionFlow } from '../../../components/ui/action-dialogs';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/form-controls';
import { BackIcon } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { dashboardTrainersEs } from '../../../i18n/dashboard-trainers';
import { useForm } from '../../../lib/use-form';
import type { TrainerInput } from '../api/trainers';
import { useTrainersStore } from '../store';

const t = dashboardTrainersEs.form;

type YesNo = typeof SELECT_PLACEHOLDER | 'Si' | 'No';

/** The form as its inputs hold it: the 'Es profesor?' and 'Es administrador?' selects say Si or No. */
type TrainerValues = Omit<Required<TrainerInput>, 'isMonitor' | 'isAdmin'> & { isMonitor: YesNo; isAdmin: YesNo };

const EMPTY: TrainerValues = {
  fullName: '',
  email: '',
  password: '',
  phone: '',
  isMonitor: SELECT_PLACEHOLDER,
  isAdmin: SELECT_PLACEHOLDER,
};

const yesNo = (value: boolean): YesNo => (value ? 'Si' : 'No');

function valuesOf(trainer: UserDto): TrainerValues {
  return {
    fullName: trainer.fullName,
    email: trainer.email,
    password: '',
    phone: trainer.phone,
    isMonitor: yesNo(trainer.isMonitor),
    isAdmin: yesNo(trainer.isAdmin),
  };
}

type Action = 'create' | 'update' | 'delete';

interface TrainerFormProps {
  /** The trainer being edited; absent on 'Crear Profesor'. */
  trainer?: UserDto | null;
}

/**
 * 'Crear Profesor' and the trainer edit screen . Messages show under
 * each field once touched (at once when editing). Create's Guardar waits for every field and no
 * errors; edit's waits for no errors. Each action asks first; the result dialog shows the server's
 * answer and offers 'Volver a Profesores'.
 */
export function TrainerForm({ trainer }: TrainerFormProps) {
  const editing = !!trainer;
  const navigate = useNavigate();
  const create = useTrainersStore((s) => s.create);
  const update = useTrainersStore((s) => s.update);
  const remove = useTrainersStore((s) => s.remove);
  const form = useForm<TrainerValues>({
    initial: () => (trainer ? valuesOf(trainer) : EMPTY),
    validate: (values) => fieldErrors(schemas.trainerForm[editing ? 'edit' : 'create'], values),
    showAll: editing,
    touchOnBlur: true,
  });
  const { values } = form;

  const flow = useActionFlow<Action>(async (action) => {
    const input = {
      fullName: values.fullName.trim(),
      email: values.email.trim(),
      phone: values.phone.trim(),
      isMonitor: values.isMonitor === 'Si',
      isAdmin: values.isAdmin === 'Si',
    };
    const outcome =
      action === 'delete' && trainer
        ? await remove(trainer.id)
        : trainer
          ? await update(trainer.id, input)
          : await create({ ...input, password: values.password });
    if (!outcome.ok) form.showServerErrors(outcome.fieldErrors);
    return outcome;
  });
  const running = flow.running?.action;
  const complete = Object.values(values).every((v) => v.trim() !== '' && v !== SELECT_PLACEHOLDER);
  const canSubmit = !running && form.valid && (editing || complete);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmit) flow.ask(editing ? 'update' : 'create');
  };

  const yesNoSelect = (field: 'isMonitor' | 'isAdmin', label: string) => (
    <SelectField
      {...form.bind(field)}
      label={label}
      // The create screen starts at 'Seleccione'; the edit screen offers only Si and No.
      placeholder={editing ? undefined : t.select}
      placeholderValue={SELECT_PLACEHOLDER}
      options={[
        { value: 'Si', label: t.yes },
        { value: 'No', label: t.no },
      ]}
    />
  );

  return (
    <section className="trainer-form" aria-labelledby="trainer-form-title">
      <Link className="back-link" to={paths.dashboardTrainers} aria-label={t.back} title={t.back}>
        <BackIcon />
        <span aria-hidden="true">{dashboardTrainersEs.title}</span>
      </Link>
      <h1 id="trainer-form-title" className="trainer-form__title">
        {editing ? t.editTitle : t.createTitle}
      </h1>
      <form className="form trainer-form__card" onSubmit={onSubmit} noValidate>
        {trainer && <Field label={t.id} name="id" value={trainer.id} readOnly />}
        <Field {...form.bind('fullName')} label={t.fullName} autoComplete="off" maxLength={60} />
        <Field {...form.bind('email')} label={t.email} type="email" autoComplete="off" maxLength={120} />
        {!editing && (
          <Field
            {...form.bind('password')}
            label={t.password}
            type="password"
            autoComplete="new-password"
            maxLength={100}
          />
        )}
        <Field {...form.bind('phone')} label={t.phone} type="tel" inputMode="numeric" autoComplete="off" />
        <div className="trainer-form__selects">
          {yesNoSelect('isMonitor', t.isMonitor)}
          {yesNoSelect('isAdmin', t.isAdmin)}
        </div>
        <div className="form-actions trainer-form__actions">
          {editing && (
            <button
              type="button"
              className="button button--danger"
              disabled={!!running}
              onClick={() => flow.ask('delete')}
            >
              {t.delete}
            </button>
          )}
          <button type="submit" className="button button--primary" disabled={!canSubmit}>
            {running === 'create' || running === 'update' ? t.working : t.save}
          </button>
        </div>
      </form>

      <ActionDialogs
        flow={flow}
        {...editorDialogs(
          {
            ...t,
            questions: {
              create: t.confirmCreate,
              update: t.confirmEdit,
              delete: (
                <>
                  <p>{t.confirmDelete}</p>
                  <p>{t.deleteNote}</p>
                </>
              ),
            },
            back: { label: t.back, to: paths.dashboardTrainers },
          },
          () => void navigate(paths.dashboardTrainers),
        )}
      />
    </section>
  );
}
