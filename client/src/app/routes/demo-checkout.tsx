import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { BenefitList } from '../../components/ui/benefit-list';
import { CheckField } from '../../components/ui/form-controls';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { useAuthStore } from '../../features/auth/store';
import { usePaymentsStore } from '../../features/payments/store';
import { slotFor } from '../../lib/resource';
import { es } from '../../i18n/es';
import { paymentsEs } from '../../i18n/payments';
import { MESSAGES } from '@pulso/shared';
import { formatPrice } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';

/** The built-in demo checkout (/stripe/checkout/:sessionId): 'Pagar' confirms through the API. */
export function DemoCheckoutRoute() {
  usePageTitle(es.titles.demoCheckout);
  const { sessionId = '' } = useParams();
  const navigate = useNavigate();
  const userId = useAuthStore((s) => s.userId);
  const { busy, actionError, loadSession, confirm, cancel } = usePaymentsStore();
  const [failRenewals, setFailRenewals] = useState(false);
  const {
    value: session,
    status,
    error,
  } = slotFor(
    usePaymentsStore((s) => s.session),
    sessionId,
  );

  useEffect(() => {
    void loadSession(sessionId);
  }, [sessionId, loadSession]);

  if (status === 'idle' || status === 'loading') return <Spinner label={es.common.loadingData} />;
  if (!session) {
    return (
      <section className="section message-page" role="alert">
        <h1>{MESSAGES.api.planNotFound}</h1>
        <p>{error}</p>
      </section>
    );
  }
  const pending = session.status === 'pending';
  return (
    <section className="section checkout">
      <h1>{paymentsEs.demoTitle}</h1>
      <p className="section__subtitle">{paymentsEs.demoNote}</p>
      <article className="plan-card checkout__card" aria-labelledby="demo-plan">
        <h2 id="demo-plan" className="plan-card__name">
          {session.planName}
        </h2>
        <BenefitList benefits={session.benefits} />
        <p className="plan-card__price">
          <strong>{formatPrice(session.amount, session.currency)}</strong>
          <span>{es.plans.perPeriod(session.duration)}</span>
        </p>
        {session.renewing && (
          <>
            <p>{paymentsEs.renews(session.duration)}</p>
            {pending && (
              <CheckField
                label={paymentsEs.failRenewals}
                hint={paymentsEs.failRenewalsHint}
                checked={failRenewals}
                onChange={setFailRenewals}
                disabled={busy}
              />
            )}
          </>
        )}
        {!pending && <p role="status">{MESSAGES.payments.notPending}</p>}
        {actionError && (
          <p className="alert alert--error" role="alert">
            {actionError}
          </p>
        )}
        <div className="checkout__actions">
          <button
            type="button"
            className="button"
            disabled={busy || !pending}
            onClick={async () => {
              if (await cancel(sessionId)) void navigate(paths.paymentCancelled);
            }}
          >
            {paymentsEs.cancel}
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={busy || !pending}
            onClick={async () => {
              if (await confirm(sessionId, userId, { failRenewals })) void navigate(paths.paymentSuccess);
            }}
          >
            {busy ? paymentsEs.processing : paymentsEs.pay}
          </button>
        </div>
      </article>
    </section>
  );
}
