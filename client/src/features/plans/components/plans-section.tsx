import { useDeferredValue, useEffect, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { MESSAGES } from '@pulso/shared';
import { Spinner } from '../../../components/ui/spinner';
import { PLANS_SECTION_ID } from '../../../config/paths';
import { es } from '../../../i18n/es';
import { useUiStore } from '../../ui/store';
import { usePlansStore } from '../store';
import { PlanCard } from './plan-card';

/** The landing page's plans, read from the API; scrolls into view when 'Planes' was clicked. */
export function PlansSection() {
  const fetchPlans = usePlansStore((s) => s.fetchPlans);
  const loadStatus = usePlansStore((s) => s.status);
  const current = usePlansStore(useShallow((s) => ({ items: s.items, status: s.status, error: s.error })));
  // A store update renders at once, in one long task; deferred, React builds the cards in slices.
  const { items, status, error } = useDeferredValue(current);
  const currency = useUiStore((s) => s.site.currency);
  const buyable = useUiStore((s) => s.site.payments !== null);
  const plansClicked = useUiStore((s) => s.plansClicked);
  const setPlansClicked = useUiStore((s) => s.setPlansClicked);
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    if (loadStatus === 'idle') void fetchPlans();
  }, [loadStatus, fetchPlans]);

  useEffect(() => {
    if (plansClicked && status === 'succeeded') {
      ref.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      setPlansClicked(false);
    }
  }, [plansClicked, status, setPlansClicked]);

  return (
    <section id={PLANS_SECTION_ID} ref={ref} className="section plans" aria-labelledby="plans-title" tabIndex={-1}>
      <h2 id="plans-title" className="section__title">
        {es.plans.title}
      </h2>
      <p className="section__subtitle">{es.plans.subtitle}</p>
      {!buyable && <p className="alert alert--info">{MESSAGES.payments.unavailable}</p>}
      {(status === 'idle' || status === 'loading') && <Spinner label={es.common.loading} />}
      {status === 'failed' && (
        <div className="alert alert--error" role="alert">
          <p>
            {es.plans.loadError} {error}
          </p>
          <button type="button" className="button" onClick={() => void fetchPlans()}>
            {es.common.retry}
          </button>
        </div>
      )}
      {status === 'succeeded' && items.length === 0 && <p className="empty">{es.plans.empty}</p>}
      {status === 'succeeded' && items.length > 0 && (
        <div className="plans__grid">
          {items.map((plan) => (
            <PlanCard key={plan.id} plan={plan} currency={currency} buyable={buyable} />
          ))}
        </div>
      )}
    </section>
  );
}
