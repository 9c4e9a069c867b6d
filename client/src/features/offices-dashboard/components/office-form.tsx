import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import {
  BRANCH_START_HOURS,
  endHourChoices,
  hasErrors,
  MESSAGES,
  validateBranchForm,
  WEEKDAYS,
  WHOLE_HOUR_CHOICES,
  type BranchDto,
  type FieldErrors,
} from '@pulso/shared';
import { Field } from '../../../components/ui/field';
import { ImageInput } from '../../../components/ui/image-input';
import { ConfirmModal, ResultModal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { es } from '../../../i18n/es';
import { dashboardBranchesEs as t } from '../../../i18n/dashboard-branches';
import { assetUrl } from '../../../lib/asset-url';
import type { OfficeFields } from '../api/offices-dashboard';
import { toHourChoice } from '../format';
import { DeleteWhich } from './delete-which';
import { useOfficesDashboardStore } from '../store';
import '../offices-dashboard.css';

/** The messages without one field's (it changed, so the server's word on it is stale). */
function without(errors: FieldErrors, field: string): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([key]) => key !== field));
}

const EMPTY: OfficeFields = {
  name: '',
  location: '',
  scheduleDays: [],
  scheduleHourStart: '',
  scheduleHourFinish: '',
};

type Step =
  | { kind: 'invalid' }
  | { kind: 'confirm-save' }
  | { kind: 'confirm-delete' }
  | { kind: 'cancelled' }
  | { kind: 'done'; message: string }
  | { kind: 'failed'; message: string };

function initialValues(office?: BranchDto): OfficeFields {
  if (!office) return EMPTY;
  return {
    name: office.name,
    location: office.location,
    scheduleDays: office.scheduleDays.filter((d) => (WEEKDAYS as readonly string[]).includes(d)),
    scheduleHourStart: toHourChoice(office.scheduleHourStart),
    scheduleHourFinish: toHourChoice(office.scheduleHourFinish),
  };
}

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="field__error" role="alert">
      {message}
    </p>
  );
}

/**
 * The sede form of /dashboard/sedes/crear and /dashboard/sedes/editar/{id} (SPEC §2.19, §5 "Branch
 * form"). Each field shows its rule's message once touched (all of them after a submit); a submit with
 * errors opens 'Error de validación'. Create sends at once and clears the form; edit asks first, and
 * a cancelled question says 'Acción cancelada'. Every server failure shows its message.
 */
export function OfficeForm({ office }: { office?: BranchDto }) {
  const editing = Boolean(office);
  const navigate = useNavigate();
  const ids = useId();
  const { createOffice, updateOffice, deleteOffice } = useOfficesDashboardStore(
    useShallow((s) => ({ createOffice: s.createOffice, updateOffice: s.updateOffice, deleteOffice: s.deleteOffice })),
  );
  const [values, setValues] = useState<OfficeFields>(() => initialValues(office));
  const [image, setImage] = useState<File | null>(null);
  // A new key empties the native file input when the form is cleared.
  const [imageKey, setImageKey] = useState(0);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [step, setStep] = useState<Step | null>(null);
  const [busy, setBusy] = useState<'save' | 'delete' | null>(null);

  const ruleErrors = validateBranchForm(
    { ...values, image: image?.name ?? office?.image ?? '' },
    { requireImage: !editing },
  );
  const errorOf = (field: string): string | undefined =>
    serverErrors[field] ?? (submitted || touched[field] ? ruleErrors[field] : undefined);

  const change = <K extends keyof OfficeFields>(field: K, value: OfficeFields[K]) => {
    setValues((v) => {
      const next = { ...v, [field]: value };
      // The end hour must stay later than the start: a start at or after it clears it.
      if (
        field === 'scheduleHourStart' &&
        !endHourChoices(WHOLE_HOUR_CHOICES, String(value)).includes(next.scheduleHourFinish)
      )
        next.scheduleHourFinish = '';
      return next;
    });
    setTouched((t) => ({ ...t, [field]: true }));
    setServerErrors((e) => without(e, field));
  };

  const toggleDay = (day: string, on: boolean) => {
    const days = on ? [...values.scheduleDays, day] : values.scheduleDays.filter((d) => d !== day);
    // Kept Monday first, as the lists show them.
    change(
      'scheduleDays',
      WEEKDAYS.filter((d) => days.includes(d)),
    );
  };

  const reset = () => {
    setValues(EMPTY);
    setImage(null);
    setImageKey((k) => k + 1);
    setTouched({});
    setSubmitted(false);
    setServerErrors({});
  };

  const save = async () => {
    setBusy('save');
    const fields: OfficeFields = { ...values, name: values.name.trim(), location: values.location.trim() };
    const result = office ? await updateOffice(office.id, fields, image) : await createOffice(fields, image as File);
    setBusy(null);
    if (result.ok) {
      if (!office) reset();
      setStep({ kind: 'done', message: result.message });
    } else {
      setServerErrors(result.fieldErrors);
      setStep({ kind: 'failed', message: result.message });
    }
  };

  const remove = async () => {
    if (!office) return;
    setBusy('delete');
    const result = await deleteOffice(office.id);
    setBusy(null);
    setStep(result.ok ? { kind: 'done', message: result.message } : { kind: 'failed', message: result.message });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (hasErrors(ruleErrors)) setStep({ kind: 'invalid' });
    else if (editing) setStep({ kind: 'confirm-save' });
    else void save();
  };

  const cancel = () => {
    if (!busy) setStep({ kind: 'cancelled' });
  };

  const daysError = errorOf('scheduleDays');
  const startError = errorOf('scheduleHourStart');
  const finishError = errorOf('scheduleHourFinish');

  return (
    <section className="office-form" aria-labelledby={`${ids}-title`}>
      <header className="office-form__header">
        <Link className="office-form__back" to={paths.dashboardBranches} aria-label={t.backToList}>
          <span aria-hidden="true">←</span>
        </Link>
        <h1 id={`${ids}-title`}>{editing ? t.editTitle : t.createTitle}</h1>
      </header>
      <form className="form office-form__card" onSubmit={onSubmit} noValidate>
        <Field
          label={t.nameLabel}
          name="name"
          value={values.name}
          maxLength={80}
          autoComplete="off"
          required
          onChange={(e) => change('name', e.target.value)}
          onBlur={() => setTouched((v) => ({ ...v, name: true }))}
          error={errorOf('name')}
        />
        <Field
          label={t.addressLabel}
          name="location"
          value={values.location}
          maxLength={120}
          autoComplete="off"
          required
          onChange={(e) => change('location', e.target.value)}
          onBlur={() => setTouched((v) => ({ ...v, location: true }))}
          error={errorOf('location')}
        />
        <fieldset
          className={`office-form__group${daysError ? ' field--invalid' : ''}`}
          aria-describedby={daysError ? `${ids}-days-error` : undefined}
        >
          <legend className="field__label">{t.daysLabel}</legend>
          <div className="office-form__days">
            {WEEKDAYS.map((day) => (
              <label key={day} className="office-form__day">
                <input
                  type="checkbox"
                  name="scheduleDays"
                  value={day}
                  checked={values.scheduleDays.includes(day)}
                  onChange={(e) => toggleDay(day, e.target.checked)}
                />
                {day}
              </label>
            ))}
          </div>
          <FieldError id={`${ids}-days-error`} message={daysError} />
        </fieldset>
        <fieldset className="office-form__group">
          <legend className="field__label">{t.scheduleLabel}</legend>
          <div className="office-form__hours">
            <div className={`field${startError ? ' field--invalid' : ''}`}>
              <label htmlFor={`${ids}-start`}>{t.hourStart}</label>
              <select
                id={`${ids}-start`}
                name="scheduleHourStart"
                value={values.scheduleHourStart}
                aria-invalid={startError ? true : undefined}
                aria-describedby={startError ? `${ids}-start-error` : undefined}
                onChange={(e) => change('scheduleHourStart', e.target.value)}
              >
                <option value="">{t.select}</option>
                {BRANCH_START_HOURS.map((hour) => (
                  <option key={hour} value={hour}>
                    {hour}
                  </option>
                ))}
              </select>
              <FieldError id={`${ids}-start-error`} message={startError} />
            </div>
            <div className={`field${finishError ? ' field--invalid' : ''}`}>
              <label htmlFor={`${ids}-finish`}>{t.hourFinish}</label>
              <select
                id={`${ids}-finish`}
                name="scheduleHourFinish"
                value={values.scheduleHourFinish}
                aria-invalid={finishError ? true : undefined}
                aria-describedby={finishError ? `${ids}-finish-error` : undefined}
                onChange={(e) => change('scheduleHourFinish', e.target.value)}
              >
                <option value="">{t.select}</option>
                {endHourChoices(WHOLE_HOUR_CHOICES, values.scheduleHourStart).map((hour) => (
                  <option key={hour} value={hour}>
                    {hour}
                  </option>
                ))}
              </select>
              <FieldError id={`${ids}-finish-error`} message={finishError} />
            </div>
          </div>
        </fieldset>
        <ImageInput
          key={imageKey}
          label={t.imageLabel}
          value={image}
          currentUrl={office?.image ? assetUrl(office.image) : null}
          required={!editing}
          error={errorOf('image')}
          onChange={(file) => {
            setImage(file);
            setTouched((v) => ({ ...v, image: true }));
            setServerErrors((e) => without(e, 'image'));
          }}
        />
        {editing && <p className="field__hint">{t.imageHintEdit}</p>}
        <div className="office-form__actions">
          {editing && (
            <button
              type="button"
              className="button button--danger"
              disabled={busy !== null}
              onClick={() => setStep({ kind: 'confirm-delete' })}
            >
              {busy === 'delete' ? t.deleting : t.delete}
            </button>
          )}
          <button type="submit" className="button button--primary" disabled={busy !== null}>
            {busy === 'save' ? (editing ? t.saving : t.creating) : editing ? t.save : t.submitCreate}
          </button>
        </div>
      </form>

      {step?.kind === 'invalid' && (
        <ResultModal
          title={MESSAGES.branchForm.createInvalidTitle}
          message={editing ? MESSAGES.branchForm.editInvalid : MESSAGES.branchForm.createInvalid}
          failed
          closeLabel={t.ok}
          onClose={() => setStep(null)}
        />
      )}
      {(step?.kind === 'confirm-save' || step?.kind === 'confirm-delete') && (
        <ConfirmModal
          title={t.confirmTitle}
          message={
            <>
              <p>{step.kind === 'confirm-save' ? t.confirmSave : t.confirmIrreversible}</p>
              {step.kind === 'confirm-delete' && office && <DeleteWhich office={office} />}
              <p>{t.confirmPrompt}</p>
            </>
          }
          confirmLabel={t.ok}
          cancelLabel={t.cancel}
          danger={step.kind === 'confirm-delete'}
          busy={busy !== null}
          onConfirm={() => void (step.kind === 'confirm-save' ? save() : remove())}
          onCancel={cancel}
        />
      )}
      {step?.kind === 'cancelled' && (
        <ResultModal title={t.cancelledTitle} message={t.cancelled} closeLabel={t.ok} onClose={() => setStep(null)} />
      )}
      {step?.kind === 'done' && (
        <ResultModal
          title={t.resultTitle}
          message={step.message}
          closeLabel={t.ok}
          onClose={() => void navigate(paths.dashboardBranches)}
        />
      )}
      {step?.kind === 'failed' && (
        <ResultModal
          title={t.errorTitle}
          message={step.message}
          failed
          closeLabel={t.ok}
          onClose={() => setStep(null)}
        />
      )}
    </section>
  );
}

/** /dashboard/sedes/editar/{id}: loads the sede, then shows its form. */
export function OfficeEditScreen({ id }: { id: string }) {
  const { current, currentId, currentStatus, currentError, fetchOffice } = useOfficesDashboardStore(
    useShallow((s) => ({
      current: s.current,
      currentId: s.currentId,
      currentStatus: s.currentStatus,
      currentError: s.currentError,
      fetchOffice: s.fetchOffice,
    })),
  );

  useEffect(() => {
    void fetchOffice(id);
  }, [id, fetchOffice]);

  if (currentId === id && currentStatus === 'failed') {
    return (
      <section className="office-form">
        <div className="alert alert--error" role="alert">
          <p>
            {t.loadOneError} {currentError}
          </p>
          <div className="office-form__actions">
            <button type="button" className="button" onClick={() => void fetchOffice(id)}>
              {es.common.retry}
            </button>
            <Link className="button" to={paths.dashboardBranches}>
              {t.backToList}
            </Link>
          </div>
        </div>
      </section>
    );
  }
  if (currentId !== id || currentStatus !== 'succeeded' || !current) return <Spinner label={t.loading} />;
  return <OfficeForm key={current.id} office={current} />;
}
