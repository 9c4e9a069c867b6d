import { useEffect, useId, useState, type FormEvent } from 'react';
import { MESSAGES, type PlanDto, type UserListItemDto } from '@pulso/shared';
import { ActionDialogs, useActionFlow } from '../../../components/ui/action-dialogs';
import { SelectField } from '../../../components/ui/form-controls';
import { LoadFailure } from '../../../components/ui/load-state';
import { Modal } from '../../../components/ui/modal';
import { checkinEs } from '../../../i18n/checkin';
import { dashboardUsersEs as t } from '../../../i18n/dashboard-users';
import { formatDate, formatPrice } from '../../../lib/format';
import { slotFor } from '../../../lib/resource';
import { useUsersAdminStore } from '../store';
import { useUserForm } from '../use-user-form';
import { FormBanner, UserFormFields } from './user-form-fields';
import { PauseDialog, PauseStatus } from '../../pauses/components/pause-membership';
import { AuditHistory } from '../../audit/components/audit-history';

interface EditUserDialogProps {
  user: UserListItemDto;
  currency: string;
  onClose: () => void;
}

/** Saving the form, or granting a plan paid at the front desk. */
type EditAction = { kind: 'save' } | { kind: 'grant'; plan: PlanDto };

/**
 * The edit popup of the users table : the user form with its banners,
 * 'Confirmar cambios!!' before saving and the result after; and a plan granted for a payment taken at
 * the front desk. Only one layer shows at a time, so Escape and focus always belong to what is visible.
 */
export function EditUserDialog({ user, currency, onClose }: EditUserDialogProps) {
  const updateUser = useUsersAdminStore((s) => s.updateUser);
  const grantPlan = useUsersAdminStore((s) => s.grantPlan);
  const form = useUserForm(
    {
      fullName: user.fullName,
      email: user.email,
      phone: user.phone,
      password: '',
      isMonitor: user.isMonitor,
      isAdmin: user.isAdmin,
      homeBranch: user.homeBranch?.id ?? '',
      staffRole: user.staffRole ?? '',
    },
    'edit',
  );
  const [planId, setPlanId] = useState('');
  const [pausing, setPausing] = useState(false);
  const fetchUsers = useUsersAdminStore((s) => s.fetchUsers);
  const descriptionId = useId();
  // A membership that runs (or is paused) can be paused by the admin.
  const pausable =
    user.membresia && (user.membresia.status === 'Activo' || user.membresia.state === 'Pausada')
      ? user.membresia
      : null;

  const flow = useActionFlow<EditAction>(async (action) => {
    if (action.kind === 'grant') {
      const outcome = await grantPlan(user.id, action.plan.id);
      if (!outcome.ok) return outcome;
      setPlanId('');
      const { membershipStart: start, membershipEnd: end } = outcome.value;
      const message =
        start && end
          ? t.grant.done(outcome.message, action.plan.name, formatDate(start), formatDate(end))
          : outcome.message;
      return { ...outcome, message };
    }
    const outcome = await updateUser(user.id, form.body());
    if (!outcome.ok) form.showServerErrors(outcome.fieldErrors);
    return outcome;
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (form.valid) flow.ask({ kind: 'save' });
  };

  if (pausing && pausable) {
    return (
      <PauseDialog
        userId={user.id}
        membership={pausable}
        byStaff
        onClose={() => setPausing(false)}
        onPaused={() => void fetchUsers()}
      />
    );
  }

  if (flow.step) {
    return (
      <ActionDialogs
        flow={flow}
        ask={(action) =>
          action.kind === 'save'
            ? {
                title: t.edit.confirmTitle,
                message: t.edit.confirm,
                confirmLabel: t.edit.accept,
                cancelLabel: t.edit.cancel,
              }
            : {
                title: t.grant.confirmTitle,
                message: t.grant.confirm(action.plan.name, formatPrice(action.plan.price, currency), user.fullName),
                confirmLabel: t.grant.accept,
                busyLabel: t.grant.submitting,
                cancelLabel: t.grant.cancel,
              }
        }
        declined={(action) =>
          action.kind === 'save'
            ? { title: t.edit.resultTitle, message: t.edit.cancelled, closeLabel: t.accept }
            : undefined
        }
        report={(action, outcome) => {
          if (action.kind === 'grant')
            return { title: t.edit.resultTitle, message: outcome.message, closeLabel: t.accept };
          return outcome.ok
            ? { title: t.edit.resultTitle, message: t.edit.success, closeLabel: t.accept, onClose }
            : { title: t.edit.resultTitle, message: [t.edit.failure, outcome.message], closeLabel: t.accept };
        }}
      />
    );
  }

  return (
    <Modal
      title={t.edit.title}
      onClose={onClose}
      className="users-admin__dialog"
      describedBy={`${descriptionId}-email ${descriptionId}-membership`}
    >
      <p id={`${descriptionId}-email`} className="users-admin__muted users-admin__dialog-subtitle">
        {user.email}
      </p>
      <p id={`${descriptionId}-membership`} className="users-admin__membership">
        <strong>{t.edit.membership}: </strong>
        {user.membresia
          ? t.edit.membershipRange(
              user.membresia.name,
              formatDate(user.membresia.start),
              formatDate(user.membresia.end),
              user.statusMemberShipIdStatus,
            )
          : t.edit.noMembership}
      </p>
      <form className="form" onSubmit={onSubmit} noValidate aria-label={t.edit.title}>
        <FormBanner
          valid={form.valid}
          validText={MESSAGES.userForm.editValid}
          invalidText={MESSAGES.userForm.editInvalid}
        />
        <UserFormFields form={form} mode="edit" />
        <div className="users-admin__form-actions">
          <button type="button" className="button" onClick={onClose}>
            {t.edit.close}
          </button>
          <button type="submit" className="button button--primary" disabled={!form.valid}>
            {t.edit.save}
          </button>
        </div>
      </form>
      {pausable && (
        <section className="users-admin__pause" aria-labelledby={`${descriptionId}-pause`}>
          <h3 id={`${descriptionId}-pause`} className="users-admin__grant-title">
            {t.pause.title}
          </h3>
          <PauseStatus membership={pausable} />
          <p className="users-admin__muted">{t.pause.text}</p>
          <button type="button" className="button" onClick={() => setPausing(true)}>
            {t.pause.button}
          </button>
        </section>
      )}
      <GrantPlanForm
        currency={currency}
        planId={planId}
        onPlanId={setPlanId}
        onGrant={(plan) => flow.ask({ kind: 'grant', plan })}
      />
      <AttendanceSummary userId={user.id} />
      <AuditHistory entity="user" id={user.id} />
    </Modal>
  );
}

interface GrantPlanFormProps {
  currency: string;
  planId: string;
  onPlanId: (id: string) => void;
  onGrant: (plan: PlanDto) => void;
}

/** A plan paid at the front desk (POST /api/payments/manual), recorded like any other payment. */
function GrantPlanForm({ currency, planId, onPlanId, onGrant }: GrantPlanFormProps) {
  const plans = useUsersAdminStore((s) => s.plans);
  const fetchPlans = useUsersAdminStore((s) => s.fetchPlans);
  const [tried, setTried] = useState(false);

  useEffect(() => {
    if (useUsersAdminStore.getState().plans.status === 'idle') void fetchPlans();
  }, [fetchPlans]);

  const chosen = plans.value.find((p) => p.id === planId);
  const error = tried && !chosen ? t.grant.planRequired : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (chosen) onGrant(chosen);
  };

  return (
    <form className="form users-admin__grant" onSubmit={onSubmit} noValidate aria-labelledby="users-admin-grant-title">
      <h3 id="users-admin-grant-title" className="users-admin__grant-title">
        {t.grant.title}
      </h3>
      <p className="users-admin__muted">{t.grant.text}</p>
      {plans.status === 'loading' && <p role="status">{t.grant.loading}</p>}
      {plans.status === 'failed' && (
        <LoadFailure text={t.grant.loadError} error={plans.error} onRetry={() => void fetchPlans()} />
      )}
      {plans.status === 'succeeded' && (
        <div className="users-admin__grant-row">
          <SelectField
            label={t.grant.plan}
            name="planId"
            placeholder={t.grant.choose}
            placeholderValue=""
            options={plans.value.map((p) => ({
              value: p.id,
              label: t.grant.option(p.name, t.grant.months(p.duration), formatPrice(p.price, currency)),
            }))}
            value={planId}
            onChange={(e) => onPlanId(e.target.value)}
            error={error}
          />
          <button type="submit" className="button">
            {t.grant.submit}
          </button>
        </div>
      )}
    </form>
  );
}

/** The member's attendance: how often they came, did not come, or cancelled late, and the latest classes. */
function AttendanceSummary({ userId }: { userId: string }) {
  const attendance = useUsersAdminStore((s) => s.attendance);
  const fetchAttendance = useUsersAdminStore((s) => s.fetchAttendance);
  const { value, status, error } = slotFor(attendance, userId);
  const a = checkinEs.attendance;

  useEffect(() => {
    void fetchAttendance(userId);
  }, [fetchAttendance, userId]);

  return (
    <section className="users-admin__attendance" aria-labelledby="users-admin-attendance-title">
      <h3 id="users-admin-attendance-title" className="users-admin__grant-title">
        {a.title}
      </h3>
      {status === 'failed' ? (
        <LoadFailure text={a.loadError} error={error} onRetry={() => void fetchAttendance(userId)} />
      ) : !value ? (
        <p role="status">{a.loading}</p>
      ) : (
        <>
          <dl className="users-admin__attendance-counts">
            <div>
              <dt>{a.attended}</dt>
              <dd>{value.attended}</dd>
            </div>
            <div>
              <dt>{a.noShows}</dt>
              <dd>{value.noShows}</dd>
            </div>
            <div>
              <dt>{a.lateCancels}</dt>
              <dd>{value.lateCancels}</dd>
            </div>
          </dl>
          {value.latest.length === 0 ? (
            <p className="users-admin__muted">{a.none}</p>
          ) : (
            <details>
              <summary>{a.latest}</summary>
              <ul className="users-admin__attendance-list">
                {value.latest.map((entry) => (
                  <li key={`${entry.sessionId}-${entry.kind}`}>
                    {entry.lessonName}, {formatDate(entry.start)} {entry.start.slice(11)}: {a.kinds[entry.kind]}
                  </li>
                ))}
              </ul>
            </details>
          )}
        </>
      )}
    </section>
  );
}
