import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { useAuthStore } from '../../features/auth/store';
import { usePaymentsStore } from '../../features/payments/store';
import { useUiStore } from '../../features/ui/store';
import { es } from '../../i18n/es';
import { MESSAGES } from '@pulso/shared';
import { formatPrice } from '../../lib/format';

/** /pagos/{id}: the chosen plan with 'Pagar' and 'Atras' (SPEC §2.13). */
export function PaymentRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const userId = useAuthStore((s) => s.userId);
  const currency = useUiStore((s) => s.site.currency);
  const { plan, status, error, busy, loadPlan, startCheckout } = usePaymentsStore();

  useEffect(() => {
    void loadPlan(id);
  }, [id, loadPlan]);

  const pay = async () => {
    if (!userId) {
      void navigate(paths.login);
      return;
    }
    const url = await startCheckout(userId, id);
    if (url) window.location.assign(url);
  };

  if (status === 'idle' || status === 'loading') return <Spinner label={es.common.loadingData} />;
  if (status === 'failed' || !plan) {
    return (
      <section className="section message-page" role="alert">
        <h1>{MESSAGES.api.planNotFound}</h1>
        <Link className="button" to={paths.home}>
          {es.payments.back}
        </Link>
      </section>
    );
  }
  return (
    <section className="section checkout">
      <h1>{es.payments.title}</h1>
      <article className="plan-card checkout__card" aria-labelledby="checkout-plan">
        <h2 id="checkout-plan" className="plan-card__name">
          {plan.name}
        </h2>
        <p>
          <strong>{es.payments.duration}:</strong> {es.plans.duration(plan.duration)}
        </p>
        <p>
          <strong>{es.payments.benefits}:</strong> {plan.benefits}
        </p>
        <p className="plan-card__price">
          <strong>{formatPrice(plan.price, currency)}</strong>
        </p>
        {!userId && <p>{es.payments.loginFirst}</p>}
        {error && (
          <p className="alert alert--error" role="alert">
            {error}
          </p>
        )}
        <div className="checkout__actions">
          <Link className="button" to={paths.home}>
            {es.payments.back}
          </Link>
          <button type="button" className="button button--primary" onClick={() => void pay()} disabled={busy}>
            {busy ? es.payments.processing : es.payments.pay}
          </button>
        </div>
      </article>
    </section>
  );
}
