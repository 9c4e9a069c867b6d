import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import type { PlanDto } from '@pulso/shared';
import { BenefitList } from '../../../components/ui/benefit-list';
import { ResultModal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { es } from '../../../i18n/es';
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
 * /dashboard/membresias (SPEC §2.20): name, duration, benefits and price of every plan, with edit
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
  const [busyId, setBusyId] = useState<string | null>(null);
  const [result, setResult] = useState<{ message: string; failed: boolean } | null>(null);

  useEffect(() => {
    void fetchPlans();
  }, [fetchPlans]);

  const restore = async (plan: PlanDto) => {
    setBusyId(plan.id);
    const outcome = await restorePlan(plan.id);
    setBusyId(null);
    if (outcome.ok) onChanged?.();
    setResult({ message: outcome.message, failed: !outcome.ok });
  };

  return (
    <section className="plans-admin" aria-labelledby="plans-admin-title">
      <header className="plans-admin__header">
        <h1 id="plans-admin-title">{t.title}</h1>
        <Link className="button button--primary" to={paths.dashboardPlanCreate}>
          {t.create}
        </Link>
      </header>
      {(status === 'idle' || status === 'loading') && items.length === 0 && <Spinner label={t.loading} />}
      {status === 'failed' && (
        <div className="alert alert--error" role="alert">
          <p>
            {t.loadError} {error}
          </p>
          <button type="button" className="button" onClick={() => void fetchPlans()}>
            {es.common.retry}
          </button>
        </div>
      )}
      {status === 'succeeded' && items.length === 0 && <p className="empty">{t.empty}</p>}
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
                <dl className="plan-admin-card__data">
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
                      disabled={busyId !== null}
                      onClick={() => void restore(plan)}
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
      {result && (
        <ResultModal
          title={t.resultTitle}
          message={result.message}
          failed={result.failed}
          closeLabel={t.accept}
          onClose={() => setResult(null)}
        />
      )}
    </section>
  );
}
