import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import { fieldErrors, MESSAGES, schemas, type PlanDto } from '@pulso/shared';
import { ActionDialogs, useActionFlow } from '../../../components/ui/action-dialogs';
import { Field } from '../../../components/ui/field';
import { CheckField } from '../../../components/ui/form-controls';
import { ScreenLoad } from '../../../components/ui/load-state';
import { paths } from '../../../config/paths';
import { dashboardPlansEs as t } from '../../../i18n/dashboard-plans';
import { useForm } from '../../../lib/use-form';
import type { PlanFields } from '../api/plans-admin';
import { usePlansAdminStore } from '../store';
import '../plans-admin.css';

/** The form keeps what was typed; numbers are read only when sending. The renewing box is apart. */
type PlanValues = { [K in Exclude<keyof PlanFields, 'renewing'>]: string };

const EMPTY: PlanValues = { name: '', benefits: '', duration: '', price: '' };

type Action = 'save' | 'delete';

interface PlanFormProps {
  /** Absent on /dashboard/plans/crear. */
  plan?: PlanDto;
  /** Called after each saved change, so the public plans list is read again. */
  onChanged?: () => void;
  /** Told before the plan is retired (and again if that fails), so the form is kept on screen. */
  onRetiring?: (retiring: boolean) => void;
}

/**
 * The plan form of /dashboard/plans/crear and /dashboard/membresias/editar/{id}.
 * It validates on each change; saving with errors says 'Faltan datos', otherwise it asks
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
  const form = useForm<PlanValues>({
    initial: () =>
      plan
        ? { name: plan.name, benefits: plan.benefits, duration: String(plan.duration), price: String(plan.price) }
        : EMPTY,
    validate: (values) => fieldErrors(schemas.planForm, values),
  });
  const { values } = form;
  const [renewing, setRenewing] = useState(plan?.renewing ?? false);

  const save = async () => {
    const fields = {
      name: values.name.trim(),
      benefits: values.benefits.trim(),
      duration: Number(values.duration.trim()),
      price: Number(values.price.trim()),
      renewing,
    };
    const outcome = plan ? await updatePlan(plan.id, fields) : await createPlan(fields);
    if (!outcome.ok) form.showServerErrors(outcome.fieldErrors);
    else {
      onChanged?.();
      if (!plan) {
        form.reset(EMPTY);
        setRenewing(false);
      }
    }
    return outcome;
  };

  const retire = async (id: string) => {
    onRetiring?.(true);
    const outcome = await deletePlan(id);
    if (outcome.ok) onChanged?.();
    else onRetiring?.(false);
    return outcome;
  };

  const flow = useActionFlow<Action>((action) => (action === 'delete' && plan ? retire(plan.id) : save()));
  const running = flow.running?.action;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (form.submit()) flow.ask('save');
    else
      flow.notify({ title: t.resultTitle, message: MESSAGES.planForm.incomplete, failed: true, closeLabel: t.accept });
  };

  return (
    <section className="plan-form" aria-labelledby={`${ids}-title`}>
      <header className="plan-form__header">
        <Link className="back-button" to={paths.dashboardPlans} aria-label={t.backToList}>
          <span aria-hidden="true">←</span>
        </Link>
        <h1 id={`${ids}-title`}>{editing ? t.editTitle : t.createTitle}</h1>
      </header>
      <form className="form form-card" onSubmit={onSubmit} noValidate>
        <Field {...form.bind('name')} label={t.nameLabel} maxLength={60} autoComplete="off" required />
        <Field
          {...form.bind('benefits')}
          label={t.benefitsLabel}
          maxLength={300}
          autoComplete="off"
          required
          hint={t.benefitsHint}
        />
        <Field
          {...form.bind('duration')}
          label={t.durationLabel}
          inputMode="numeric"
          maxLength={3}
          autoComplete="off"
          required
        />
        <Field
          {...form.bind('price')}
          label={t.priceLabel}
          inputMode="decimal"
          maxLength={12}
          autoComplete="off"
          required
          hint={t.priceHint}
        />
        <CheckField label={t.renewingLabel} hint={t.renewingHint} checked={renewing} onChange={setRenewing} />
        <div className="form-actions">
          {editing && (
            <button
              type="button"
              className="button button--danger"
              disabled={running !== undefined}
              onClick={() => flow.ask('delete')}
            >
              {running === 'delete' ? t.deleting : t.delete}
            </button>
          )}
          <button type="submit" className="button button--primary" disabled={running !== undefined}>
            {running === 'save' ? t.saving : editing ? t.save : t.submitCreate}
          </button>
        </div>
      </form>

      <ActionDialogs
        flow={flow}
        ask={(action) => ({
          title: t.confirmTitle,
          message:
            action === 'save' ? (
              t.confirmSave
            ) : (
              <>
                <p>{t.confirmDelete}</p>
                <p>{t.deleteNote}</p>
              </>
            ),
          confirmLabel: t.confirm,
          cancelLabel: t.back,
          danger: action === 'delete',
        })}
        report={(_action, outcome) => ({
          title: t.resultTitle,
          message: outcome.message,
          closeLabel: t.accept,
          onClose: outcome.ok ? () => void navigate(paths.dashboardPlans) : undefined,
        })}
        declined={{ title: t.resultTitle, message: MESSAGES.planForm.cancelled, closeLabel: t.accept }}
      />
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

  if (plan && (!plan.deletedAt || retiring)) {
    return <PlanForm key={plan.id} plan={plan} onChanged={onChanged} onRetiring={setRetiring} />;
  }
  return (
    <ScreenLoad
      ready={status === 'succeeded'}
      failed={status === 'failed' ? t.loadError : null}
      error={error}
      loading={t.loading}
      onRetry={() => void fetchPlans()}
      back={{ label: t.backToList, to: paths.dashboardPlans }}
      className="plan-form"
    >
      <section className="plan-form">
        <div className="alert alert--error" role="alert">
          <p>{plan ? t.retiredEditNote : MESSAGES.api.planNotFound}</p>
          <Link className="button" to={paths.dashboardPlans}>
            {t.backToList}
          </Link>
        </div>
      </section>
    </ScreenLoad>
  );
}
