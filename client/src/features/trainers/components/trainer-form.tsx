import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { hasErrors, SELECT_PLACEHOLDER, validateTrainerForm, type FieldErrors, type UserDto } from '@pulso/shared';
import { Field } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { paths } from '../../../config/paths';
import { dashboardTrainersEs } from '../../../i18n/dashboard-trainers';
import { useTrainersStore, type ActionResult } from '../store';
import { BackIcon } from '../../../components/ui/icons';

const t = dashboardTrainersEs.form;

type YesNo = typeof SELECT_PLACEHOLDER | 'Si' | 'No';

interface TrainerValues {
  fullName: string;
  email: string;
  password: string;
  phone: string;
  isMonitor: YesNo;
  isAdmin: YesNo;
}

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
type Dialog = { kind: 'confirm'; action: Action } | { kind: 'result'; action: Action; result: ActionResult } | null;

interface YesNoSelectProps {
  label: string;
  name: string;
  value: YesNo;
  /** The create screen starts at 'Seleccione'; the edit screen offers only Si and No. */
  withPlaceholder: boolean;
  onChange: (value: YesNo) => void;
  onBlur: () => void;
  error?: string;
}

function YesNoSelect({ label, name, value, withPlaceholder, onChange, onBlur, error }: YesNoSelectProps) {
  const id = useId();
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <select
        id={id}
        name={name}
        value={value}
        onChange={(e) => onChange(e.target.value as YesNo)}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {withPlaceholder && <option value={SELECT_PLACEHOLDER}>{t.select}</option>}
        <option value="Si">{t.yes}</option>
        <option value="No">{t.no}</option>
      </select>
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

interface TrainerFormProps {
  /** The trainer being edited; absent on 'Crear Profesor'. */
  trainer?: UserDto | null;
}

/**
 * 'Crear Profesor' and the trainer edit screen (SPEC §2.18, §4, §5 "Trainer form"). Messages show under
 * each field once touched (at once when editing). Create's Guardar waits for every field and no
 * errors; edit's waits for no errors. Each action asks first; the result dialog shows the server's
 * answer and offers 'Volver a Profesores'.
 */
export function TrainerForm({ trainer }: TrainerFormProps) {
  const editing = !!trainer;
  const navigate = useNavigate();
  const busy = useTrainersStore((s) => s.busy);
  const create = useTrainersStore((s) => s.create);
  const update = useTrainersStore((s) => s.update);
  const remove = useTrainersStore((s) => s.remove);

  const [values, setValues] = useState<TrainerValues>(() => (trainer ? valuesOf(trainer) : EMPTY));
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [dialog, setDialog] = useState<Dialog>(null);

  const errors: FieldErrors = {
    ...validateTrainerForm({ ...values }, editing ? 'edit' : 'create'),
    ...serverErrors,
  };
  const shown = (field: keyof TrainerValues) => (editing || touched[field] ? errors[field] : undefined);
  const complete = Object.values(values).every((v) => v.trim() !== '' && v !== SELECT_PLACEHOLDER);
  const canSubmit = !busy && !hasErrors(errors) && (editing || complete);

  const touch = (field: keyof TrainerValues) => setTouched((s) => (s[field] ? s : { ...s, [field]: true }));
  const change = <K extends keyof TrainerValues>(field: K, value: TrainerValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    touch(field);
    setServerErrors((e) => {
      if (!(field in e)) return e;
      return Object.fromEntries(Object.entries(e).filter(([key]) => key !== field));
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmit) setDialog({ kind: 'confirm', action: editing ? 'update' : 'create' });
  };

  const run = async (action: Action) => {
    const input = {
      fullName: values.fullName.trim(),
      email: values.email.trim(),
      phone: values.phone.trim(),
      isMonitor: values.isMonitor === 'Si',
      isAdmin: values.isAdmin === 'Si',
    };
    let result: ActionResult;
    if (action === 'create') result = await create({ ...input, password: values.password });
    else if (action === 'update' && trainer) result = await update(trainer.id, input);
    else if (action === 'delete' && trainer) result = await remove(trainer.id);
    else return;
    if (!result.ok && result.fieldErrors) setServerErrors(result.fieldErrors);
    setDialog({ kind: 'result', action, result });
  };

  const closeResult = () => {
    if (dialog?.kind === 'result' && dialog.result.ok && dialog.action !== 'update') {
      void navigate(paths.dashboardTrainers);
    } else setDialog(null);
  };

  return (
    <section className="trainer-form" aria-labelledby="trainer-form-title">
      <Link className="trainer-form__back" to={paths.dashboardTrainers} aria-label={t.back} title={t.back}>
        <BackIcon />
        <span aria-hidden="true">{dashboardTrainersEs.title}</span>
      </Link>
      <h1 id="trainer-form-title" className="trainer-form__title">
        {editing ? t.editTitle : t.createTitle}
      </h1>
      <form className="form trainer-form__card" onSubmit={onSubmit} noValidate>
        {trainer && <Field label={t.id} name="id" value={trainer.id} readOnly />}
        <Field
          label={t.fullName}
          name="fullName"
          autoComplete="off"
          maxLength={60}
          value={values.fullName}
          onChange={(e) => change('fullName', e.target.value)}
          onBlur={() => touch('fullName')}
          error={shown('fullName')}
        />
        <Field
          label={t.email}
          name="email"
          type="email"
          autoComplete="off"
          maxLength={120}
          value={values.email}
          onChange={(e) => change('email', e.target.value)}
          onBlur={() => touch('email')}
          error={shown('email')}
        />
        {!editing && (
          <Field
            label={t.password}
            name="password"
            type="password"
            autoComplete="new-password"
            maxLength={100}
            value={values.password}
            onChange={(e) => change('password', e.target.value)}
            onBlur={() => touch('password')}
            error={shown('password')}
          />
        )}
        <Field
          label={t.phone}
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="off"
          value={values.phone}
          onChange={(e) => change('phone', e.target.value)}
          onBlur={() => touch('phone')}
          error={shown('phone')}
        />
        <div className="trainer-form__selects">
          <YesNoSelect
            label={t.isMonitor}
            name="isMonitor"
            value={values.isMonitor}
            withPlaceholder={!editing}
            onChange={(v) => change('isMonitor', v)}
            onBlur={() => touch('isMonitor')}
            error={shown('isMonitor')}
          />
          <YesNoSelect
            label={t.isAdmin}
            name="isAdmin"
            value={values.isAdmin}
            withPlaceholder={!editing}
            onChange={(v) => change('isAdmin', v)}
            onBlur={() => touch('isAdmin')}
            error={shown('isAdmin')}
          />
        </div>
        <div className="trainer-form__actions">
          {editing && (
            <button
              type="button"
              className="button button--danger"
              disabled={!!busy}
              onClick={() => setDialog({ kind: 'confirm', action: 'delete' })}
            >
              {t.delete}
            </button>
          )}
          <button type="submit" className="button button--primary" disabled={!canSubmit}>
            {busy === 'create' || busy === 'update' ? t.working : t.save}
          </button>
        </div>
      </form>

      {dialog?.kind === 'confirm' && (
        <Modal
          title={t.confirmTitle}
          role="alertdialog"
          onClose={() => !busy && setDialog(null)}
          actions={
            <>
              <button type="button" className="button" disabled={!!busy} onClick={() => setDialog(null)} data-autofocus>
                {t.cancel}
              </button>
              <button
                type="button"
                className={`button ${dialog.action === 'delete' ? 'button--danger' : 'button--primary'}`}
                disabled={!!busy}
                onClick={() => void run(dialog.action)}
              >
                {busy ? t.working : t.confirm}
              </button>
            </>
          }
        >
          <p className="modal__message">
            {dialog.action === 'create'
              ? t.confirmCreate
              : dialog.action === 'update'
                ? t.confirmEdit
                : t.confirmDelete}
          </p>
          {dialog.action === 'delete' && <p className="modal__message">{t.deleteNote}</p>}
        </Modal>
      )}
      {dialog?.kind === 'result' && (
        <Modal
          title={t.resultTitle}
          role="alertdialog"
          onClose={closeResult}
          actions={
            <>
              {(!dialog.result.ok || dialog.action === 'update') && (
                <button type="button" className="button" onClick={() => setDialog(null)}>
                  {t.accept}
                </button>
              )}
              <Link className="button button--primary" to={paths.dashboardTrainers} data-autofocus>
                {t.back}
              </Link>
            </>
          }
        >
          <p className={dialog.result.ok ? 'modal__message' : 'modal__message modal__message--error'}>
            {dialog.result.message}
          </p>
        </Modal>
      )}
    </section>
  );
}
