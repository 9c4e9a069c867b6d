import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import type { PlanDto } from '@pulso/shared';
import { BenefitList } from '../../../components/ui/benefit-list';
import { ActionDialogs, useActionFlow } from '../../../components/ui/action-dialogs';
import { ListState } from '../../../components/ui/load-state';
import { paths } from '../../../config/paths';
import { dashboardPlansEs as t } from '../../../i18n/dashboard-plans';
import { formatPrice } from '../../../lib/format';
import { usePlansAdminStore } from '../store';
import '../plans-admin.css';

interface PlanAdminListProps {
  /** The installation's currency, for the prices. */
  currency: string;
  /** Called after a change the public plans list must show (a restored plan). */
  onChanged?: () => void;
}

/**
 * /dashboard/membresias: name, duration, benefits and price of every plan, with edit
 * and 'Crear plan'. Retired plans stay listed, marked, with a way back on sale.
 */
export function PlanAdminList({ currency, onChanged }: PlanAdminListProps) {
  const { items, status, error, fetchPlans, restorePlan } = usePlansAdminStore(
    useShallow((s) => ({
      items: s.items,
      status: s.status,
      error: s.error,
      fetchPlans: s.fetchPlans,
      restorePlan: s.restorePlan,
    })),
  );
  const flow = useActionFlow<PlanDto>(async (plan) => {
    const outcome = await restorePlan(plan.id);
    if (outcome.ok) onChanged?.();
    return outcome;
  });

  useEffect(() => {
    void fetchPlans();
  }, [fetchPlans]);

  return (
    <section className="plans-admin" aria-labelledby="plans-admin-title">
      <header className="plans-admin__header">
        <h1 id="plans-admin-title">{t.title}</h1>
        <Link className="button button--primary" to={paths.dashboardPlanCreate}>
          {t.create}
        </Link>
      </header>
      <ListState load={{ status, error }} count={items.length} texts={t} onRetry={() => void fetchPlans()} />
      {status !== 'failed' && items.length > 0 && (
        <div className="plans-admin__list">
          {items.map((plan) => {
            const retired = Boolean(plan.deletedAt);
            const nameId = `plan-admin-${plan.id}`;
            return (
              <article
                key={plan.id}
                className={`plan-admin-card${retired ? ' plan-admin-card--retired' : ''}`}
                aria-labelledby={nameId}
              >
                <header className="plan-admin-card__header">
                  <h2 id={nameId}>{plan.name}</h2>
                  {retired && <span className="badge badge--danger">{t.retired}</span>}
                </header>
                <dl className="data-list plan-admin-card__data">
                  <div>
                    <dt>{t.duration}</dt>
                    <dd>{t.months(plan.duration)}</dd>
                  </div>
                  <div>
                    <dt>{t.benefits}</dt>
                    <dd>
                      <BenefitList benefits={plan.benefits} />
                    </dd>
                  </div>
                  <div>
                    <dt>{t.price}</dt>
                    <dd className="plan-admin-card__price">{formatPrice(plan.price, currency)}</dd>
                  </div>
                </dl>
                {retired && <p className="plan-admin-card__note">{t.retiredNote}</p>}
                <div className="plan-admin-card__actions">
                  {retired ? (
                    <button
                      type="button"
                      className="button button--small"
                      aria-label={t.restoreOf(plan.name)}
                      disabled={flow.running !== null}
                      onClick={() => flow.send(plan)}
                    >
                      {t.restore}
                    </button>
                  ) : (
                    <Link
                      className="button button--small"
                      to={paths.dashboardPlanEdit(plan.id)}
                      aria-label={t.editOf(plan.name)}
                    >
                      {t.edit}
                    </Link>
                  )}
                </div>
              </article>
            );
          })}
        </div>
      )}
      <ActionDialogs
        flow={flow}
        report={(_plan, outcome) => ({ title: t.resultTitle, message: outcome.message, closeLabel: t.accept })}
      />
    </section>
  );
}
