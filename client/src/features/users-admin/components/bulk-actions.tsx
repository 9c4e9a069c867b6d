import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { addDays, type BulkUserAction, type PlanDto } from '@pulso/shared';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/form-controls';
import { Modal } from '../../../components/ui/modal';
import { ResultModal } from '../../../components/ui/result-modal';
import { dashboardUsersEs } from '../../../i18n/dashboard-users';
import { formatPrice, localToday } from '../../../lib/format';
import { mutate, type Outcome } from '../../../lib/mutation';
import { bulkUsers } from '../api/users-admin';

const t = dashboardUsersEs.bulk;

export interface Selected {
  id: string;
  name: string;
}

type BulkAnswer = { done: Selected[]; failed: (Selected & { message: string })[] };

/**
 * Above the users table while some are selected: how many, the action to take on them
 * ('Registrar pago de un plan', 'Pausar membresía', 'Suspender'), 'Continuar' and 'Quitar selección'.
 */
export function BulkBar({
  selected,
  plans,
  currency,
  onClear,
  onDone,
}: {
  selected: Selected[];
  plans: PlanDto[];
  currency: string;
  onClear: () => void;
  onDone: () => void;
}) {
  const [action, setAction] = useState<BulkUserAction | ''>('');
  const [open, setOpen] = useState(false);
  if (selected.length === 0) return null;
  return (
    <section className="users-admin__bulk form" aria-label={t.label}>
      <p className="users-admin__bulk-count" role="status">
        {t.selected(selected.length)}
      </p>
      <SelectField
        label={t.action}
        name="bulk-action"
        placeholder={t.chooseAction}
        placeholderValue=""
        options={(['grant', 'pause', 'suspend'] as const).map((a) => ({ value: a, label: t.actions[a] }))}
        value={action}
        onChange={(e) => setAction(e.target.value as BulkUserAction | '')}
      />
      <div className="users-admin__bulk-buttons">
        <button type="button" className="button button--primary" disabled={!action} onClick={() => setOpen(true)}>
          {t.apply}
        </button>
        <Link
          className="button"
          to={paths.dashboardAnnouncements}
          state={{ selection: { ids: selected.map((s) => s.id), names: selected.map((s) => s.name) } }}
        >
          {t.announce}
        </Link>
        <button type="button" className="button" onClick={onClear}>
          {t.clear}
        </button>
      </div>
      {open && action && (
        <BulkDialog
          action={action}
          selected={selected}
          plans={plans}
          currency={currency}
          onClose={(changed) => {
            setOpen(false);
            if (changed) {
              setAction('');
              onDone();
            }
          }}
        />
      )}
    </section>
  );
}

/** The action's details (the plan; the pause's days), who it applies to, then what happened to each. */
function BulkDialog({
  action,
  selected,
  plans,
  currency,
  onClose,
}: {
  action: BulkUserAction;
  selected: Selected[];
  plans: PlanDto[];
  currency: string;
  onClose: (changed: boolean) => void;
}) {
  const [planId, setPlanId] = useState('');
  const [from, setFrom] = useState(localToday());
  const [days, setDays] = useState('14');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Outcome<BulkAnswer> | null>(null);
  // One request, however many times it is sent: the server sells each plan once.
  const [requestId] = useState(() => `bulk-${crypto.randomUUID()}`);
  const formId = useId();
  const introId = useId();

  const close = () => {
    if (!busy) onClose(!!result?.ok);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const outcome = await mutate(async () => {
      const answer = await bulkUsers({
        action,
        ids: selected.map((s) => s.id),
        requestId,
        ...(action === 'grant' ? { planId } : {}),
        ...(action === 'pause' ? { from, days } : {}),
      });
      return { message: answer.message, value: { done: answer.done, failed: answer.failed } };
    });
    setBusy(false);
    setResult(outcome);
  };

  if (result?.ok) {
    return (
      <ResultModal key="done" title={t.resultTitle} message={result.message} acceptLabel={t.accept} onClose={close}>
        {result.value.failed.length > 0 && (
          <>
            <p>{t.failedTitle}</p>
            <ul className="users-admin__bulk-failed">
              {result.value.failed.map((f) => (
                <li key={f.id}>{t.failedLine(f.name || f.id, f.message)}</li>
              ))}
            </ul>
          </>
        )}
      </ResultModal>
    );
  }

  return (
    <Modal
      key="form"
      title={t.dialogTitle[action]}
      onClose={close}
      describedBy={introId}
      actions={
        <>
          <button type="button" className="button" onClick={close} disabled={busy}>
            {t.cancel}
          </button>
          <button
            type="submit"
            form={formId}
            className={`button ${action === 'suspend' ? 'button--danger' : 'button--primary'}`}
            disabled={busy || (action === 'grant' && !planId)}
          >
            {busy ? t.working : t.confirm(selected.length)}
          </button>
        </>
      }
    >
      <p id={introId}>{t.explain[action]}</p>
      <form id={formId} className="form" onSubmit={(event) => void submit(event)} noValidate>
        {action === 'grant' && (
          <SelectField
            label={t.plan}
            name="planId"
            placeholder={t.choosePlan}
            placeholderValue=""
            options={plans.map((p) => ({ value: p.id, label: `${p.name} · ${formatPrice(p.price, currency)}` }))}
            value={planId}
            error={result && !result.ok ? result.fieldErrors.planId : undefined}
            onChange={(e) => setPlanId(e.target.value)}
            data-autofocus
          />
        )}
        {action === 'pause' && (
          <>
            <Field
              label={t.from}
              type="date"
              min={localToday()}
              max={addDays(localToday(), 365)}
              value={from}
              error={result && !result.ok ? result.fieldErrors.from : undefined}
              onChange={(e) => setFrom(e.target.value)}
              data-autofocus
            />
            <Field
              label={t.days}
              type="number"
              inputMode="numeric"
              min={1}
              max={365}
              value={days}
              error={result && !result.ok ? result.fieldErrors.days : undefined}
              onChange={(e) => setDays(e.target.value)}
            />
          </>
        )}
      </form>
      <p className="users-admin__muted">{t.who}</p>
      <ul className="users-admin__bulk-who">
        {selected.map((s) => (
          <li key={s.id}>{s.name}</li>
        ))}
      </ul>
      {result && !result.ok && (
        <p className="alert alert--error" role="alert">
          {result.message}
        </p>
      )}
    </Modal>
  );
}
