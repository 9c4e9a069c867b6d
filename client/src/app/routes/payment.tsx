import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { BenefitList } from '../../components/ui/benefit-list';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { withReturn } from '../../lib/return-path';
import { useAuthStore } from '../../features/auth/store';
import { purchaseNotice } from '../../features/payments/purchase-rule';
import { usePaymentsStore } from '../../features/payments/store';
import { slotFor } from '../../lib/resource';
import { useUiStore } from '../../features/ui/store';
import { es } from '../../i18n/es';
import { paymentsEs } from '../../i18n/payments';
import { MESSAGES, planBadge } from '@pulso/shared';
import { formatPrice } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';

/** /pagos/{id}: the chosen plan with 'Pagar' and 'Atras'. */
export function PaymentRoute() {
  usePageTitle(es.titles.payment);
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const userId = useAuthStore((s) => s.userId);
  // What paying does to the member's membership, once their account is known.
  const account = useAuthStore((s) => (s.status === 'succeeded' && s.user ? s.user : null));
  const currency = useUiStore((s) => s.site.currency);
  const buyable = useUiStore((s) => s.site.payments !== null);
  const { busy, actionError, loadPlan, startCheckout } = usePaymentsStore();
  const {
    value: plan,
    status,
    error,
    notFound,
  } = slotFor(
    usePaymentsStore((s) => s.plan),
    id,
  );

  useEffect(() => {
    void loadPlan(id);
  }, [id, loadPlan]);

  const pay = async () => {
    if (!userId) {
      // Sign in (or register) first, then come back to this plan.
      void navigate(withReturn(paths.login, location.pathname + location.search));
      return;
    }
    const url = await startCheckout(userId, id);
    if (url) window.location.assign(url);
  };

  if (status === 'idle' || status === 'loading') return <Spinner label={es.common.loadingData} />;
  if (status === 'failed' || !plan) {
    return (
      <section className="section message-page" role="alert">
        <h1>{notFound || !error ? MESSAGES.api.planNotFound : paymentsEs.loadError}</h1>
        {!notFound && error && <p>{error}</p>}
        <div className="checkout__actions">
          <Link className="button" to={paths.home}>
            {paymentsEs.back}
          </Link>
          {!notFound && (
            <button type="button" className="button button--primary" onClick={() => void loadPlan(id)}>
              {es.common.retry}
            </button>
          )}
        </div>
      </section>
    );
  }
  return (
    <section className="section checkout">
      <h1>{paymentsEs.title}</h1>
      <article
        className={`plan-card plan-card--${planBadge(plan.name)} checkout__card`}
        aria-labelledby="checkout-plan"
      >
        {/* The plan's image by its name: Standar bronze, Plus silver, any other gold. */}
        <img
          className="checkout__image"
          src={`/plans/${planBadge(plan.name)}.jpg`}
          alt=""
          width={800}
          height={400}
          decoding="async"
        />
        <h2 id="checkout-plan" className="plan-card__name">
          {plan.name}
        </h2>
        <p>
          <strong>{paymentsEs.duration}:</strong> {es.plans.duration(plan.duration)}
        </p>
        <div>
          <strong>{paymentsEs.benefits}:</strong>
          <BenefitList benefits={plan.benefits} />
        </div>
        <p className="plan-card__price">
          <strong>{formatPrice(plan.price, currency)}</strong>
        </p>
        {plan.renewing && <p>{paymentsEs.renews(plan.duration)}</p>}
        {!buyable && <p className="alert alert--info">{MESSAGES.payments.unavailable}</p>}
        {buyable && !userId && <p>{paymentsEs.loginFirst}</p>}
        {buyable && userId && account && (
          <p className="alert alert--info checkout__rule">{purchaseNotice(account.membresia, plan)}</p>
        )}
        {actionError && (
          <p className="alert alert--error" role="alert">
            {actionError}
          </p>
        )}
        <div className="checkout__actions">
          <Link className="button" to={paths.home}>
            {paymentsEs.back}
          </Link>
          <button
            type="button"
            className="button button--primary"
            onClick={() => void pay()}
            disabled={busy || !buyable}
          >
            {busy ? paymentsEs.processing : paymentsEs.pay}
          </button>
        </div>
      </article>
    </section>
  );
}
