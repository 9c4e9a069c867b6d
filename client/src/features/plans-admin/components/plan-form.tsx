import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import { hasErrors, MESSAGES, validatePlanForm, type FieldErrors, type PlanDto } from '@pulso/shared';
import { Field } from '../../../components/ui/field';
import { ConfirmModal, ResultModal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { es } from '../../../i18n/es';
import { dashboardPlansEs as t } from '../../../i18n/dashboard-plans';
import { usePlansAdminStore } from '../store';
import '../plans-admin.css';

/** The form keeps what was typed; numbers are read only when sending. */
interface PlanValues {
  name: string;
  benefits: string;
  duration: string;
  price: string;
}

/** The messages without one field's (it changed, so the server's word on it is stale). */
function without(errors: FieldErrors, field: string): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([key]) => key !== field));
}

const EMPTY: PlanValues = { name: '', benefits: '', duration: '', price: '' };

type Step =
  | { kind: 'incomplete' }
  | { kind: 'confirm-save' }
  | { kind: 'confirm-delete' }
  | { kind: 'cancelled' }
  | { kind: 'done'; message: string }
  | { kind: 'failed'; message: string };

interface PlanFormProps {
  /** Absent on /dashboard/plans/crear. */
  plan?: PlanDto;
  /** Called after each saved change, so the public plans list is read again. */
  onChanged?: () => void;
  /** Told before the plan is retired (and again if that fails), so the form is kept on screen. */
  onRetiring?: (retiring: boolean) => void;
}

/**
 * The plan form of /dashboard/plans/crear and /dashboard/membresias/editar/{id} (SPEC §2.20, §4, §5
 * "Plan form"). It validates on each change; saving with errors says 'Faltan datos', otherwise it asks
 * first. Declining says 'Acción cancelada'. Success and failure show the server's message. The
 * duration input is named `duration` and holds the duration (the spec's form named it differently).
 */
export function PlanForm({ plan, onChanged, onRetiring }: PlanFormProps) {
  const editing = Boolean(plan);
  const ids = useId();
  const navigate = useNavigate();
  const { createPlan, updatePlan, deletePlan } = usePlansAdminStore(
    useShallow((s) => ({ createPlan: s.createPlan, updatePlan: s.updatePlan, deletePlan: s.deletePlan })),
  );
  const [values, setValues] = useState<PlanValues>(() =>
    plan
      ? { name: plan.name, benefits: plan.benefits, duration: String(plan.duration), price: String(plan.price) }
      : EMPTY,
  );
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [step, setStep] = useState<Step | null>(null);
  const [busy, setBusy] = useState<'save' | 'delete' | null>(null);

  const ruleErrors = validatePlanForm({ ...values });
  const errorOf = (field: keyof PlanValues) =>
    serverErrors[field] ?? (submitted || touched[field] ? ruleErrors[field] : undefined);

  const change = (field: keyof PlanValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setTouched((v) => ({ ...v, [field]: true }));
    setServerErrors((e) => without(e, field));
  };

  const save = async () => {
    setBusy('save');
    const fields = {
      name: values.name.trim(),
      benefits: values.benefits.trim(),
      duration: Number(values.duration.trim()),
      price: Number(values.price.trim()),
    };
    const result = plan ? await updatePlan(plan.id, fields) : await createPlan(fields);
    setBusy(null);
    if (result.ok) {
      onChanged?.();
      if (!plan) {
        setValues(EMPTY);
        setTouched({});
        setSubmitted(false);
      }
      setStep({ kind: 'done', message: result.message });
    } else {
      setServerErrors(result.fieldErrors);
      setStep({ kind: 'failed', message: result.message });
    }
  };

  const remove = async () => {
    if (!plan) return;
    setBusy('delete');
    onRetiring?.(true);
    const result = await deletePlan(plan.id);
    setBusy(null);
    if (result.ok) onChanged?.();
    else onRetiring?.(false);
    setStep(result.ok ? { kind: 'done', message: result.message } : { kind: 'failed', message: result.message });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setStep(hasErrors(ruleErrors) ? { kind: 'incomplete' } : { kind: 'confirm-save' });
  };

  return (
    <section className="plan-form" aria-labelledby={`${ids}-title`}>
      <header className="plan-form__header">
        <Link className="plan-form__back" to={paths.dashboardPlans} aria-label={t.backToList}>
          <span aria-hidden="true">←</span>
        </Link>
        <h1 id={`${ids}-title`}>{editing ? t.editTitle : t.createTitle}</h1>
      </header>
      <form className="form plan-form__card" onSubmit={onSubmit} noValidate>
        <Field
          label={t.nameLabel}
          name="name"
          value={values.name}
          maxLength={60}
          autoComplete="off"
          required
          onChange={(e) => change('name')(e.target.value)}
          error={errorOf('name')}
        />
        <Field
          label={t.benefitsLabel}
          name="benefits"
          value={values.benefits}
          maxLength={300}
          autoComplete="off"
          required
          hint={t.benefitsHint}
          onChange={(e) => change('benefits')(e.target.value)}
          error={errorOf('benefits')}
        />
        <Field
          label={t.durationLabel}
          name="duration"
          inputMode="numeric"
          value={values.duration}
          maxLength={3}
          autoComplete="off"
          required
          onChange={(e) => change('duration')(e.target.value)}
          error={errorOf('duration')}
        />
        <Field
          label={t.priceLabel}
          name="price"
          inputMode="decimal"
          value={values.price}
          maxLength={12}
          autoComplete="off"
          required
          hint={t.priceHint}
          onChange={(e) => change('price')(e.target.value)}
          error={errorOf('price')}
        />
        <div className="plan-form__actions">
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
            {busy === 'save' ? t.saving : editing ? t.save : t.submitCreate}
          </button>
        </div>
      </form>

      {step?.kind === 'incomplete' && (
        <ResultModal
          title={t.resultTitle}
          message={MESSAGES.planForm.incomplete}
          failed
          closeLabel={t.accept}
          onClose={() => setStep(null)}
        />
      )}
      {(step?.kind === 'confirm-save' || step?.kind === 'confirm-delete') && (
        <ConfirmModal
          title={t.confirmTitle}
          message={
            step.kind === 'confirm-save' ? (
              t.confirmSave
            ) : (
              <>
                <p>{t.confirmDelete}</p>
                <p>{t.deleteNote}</p>
              </>
            )
          }
          confirmLabel={t.confirm}
          cancelLabel={t.back}
          danger={step.kind === 'confirm-delete'}
          busy={busy !== null}
          onConfirm={() => void (step.kind === 'confirm-save' ? save() : remove())}
          onCancel={() => {
            if (!busy) setStep({ kind: 'cancelled' });
          }}
        />
      )}
      {step?.kind === 'cancelled' && (
        <ResultModal
          title={t.resultTitle}
          message={MESSAGES.planForm.cancelled}
          closeLabel={t.accept}
          onClose={() => setStep(null)}
        />
      )}
      {step?.kind === 'done' && (
        <ResultModal
          title={t.resultTitle}
          message={step.message}
          closeLabel={t.accept}
          onClose={() => void navigate(paths.dashboardPlans)}
        />
      )}
      {step?.kind === 'failed' && (
        <ResultModal
          title={t.resultTitle}
          message={step.message}
          failed
          closeLabel={t.accept}
          onClose={() => setStep(null)}
        />
      )}
    </section>
  );
}

/** /dashboard/membresias/editar/{id}: finds the plan in the admin list (loading it when needed). */
export function PlanEditScreen({ id, onChanged }: { id: string; onChanged?: () => void }) {
  const { items, status, error, fetchPlans } = usePlansAdminStore(
    useShallow((s) => ({ items: s.items, status: s.status, error: s.error, fetchPlans: s.fetchPlans })),
  );
  const plan = items.find((p) => p.id === id);
  // The form retiring its own plan stays on screen (under its result modal) until it leaves.
  const [retiring, setRetiring] = useState(false);

  useEffect(() => {
    if (status === 'idle') void fetchPlans();
  }, [status, fetchPlans]);

  const back = (
    <Link className="button" to={paths.dashboardPlans}>
      {t.backToList}
    </Link>
  );

  if (plan && (!plan.deletedAt || retiring)) {
    return <PlanForm key={plan.id} plan={plan} onChanged={onChanged} onRetiring={setRetiring} />;
  }
  if (status === 'idle' || status === 'loading') return <Spinner label={t.loading} />;
  if (status === 'failed') {
    return (
      <section className="plan-form">
        <div className="alert alert--error" role="alert">
          <p>
            {t.loadError} {error}
          </p>
          <div className="plan-form__actions">
            <button type="button" className="button" onClick={() => void fetchPlans()}>
              {es.common.retry}
            </button>
            {back}
          </div>
        </div>
      </section>
    );
  }
  return (
    <section className="plan-form">
      <div className="alert alert--error" role="alert">
        <p>{plan ? t.retiredEditNote : MESSAGES.api.planNotFound}</p>
        {back}
      </div>
    </section>
  );
}
