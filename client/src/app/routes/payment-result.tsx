import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { Spinner } from '../../components/ui/spinner';
import { paths, PLANS_SECTION_ID } from '../../config/paths';
import { useAuthStore } from '../../features/auth/store';
import { runningPeriod, upcomingOf } from '../../features/payments/purchase-rule';
import { usePaymentsStore } from '../../features/payments/store';
import { slotFor } from '../../lib/resource';
import { es } from '../../i18n/es';
import { paymentsEs } from '../../i18n/payments';
import { MESSAGES } from '@pulso/shared';
import { formatDate } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';

/** After paying: the membership as the server has it now (the page itself grants nothing). */
export function PaymentSuccessRoute() {
  usePageTitle(es.titles.paymentSuccess);
  const userId = useAuthStore((s) => s.userId);
  const setActive = useAuthStore((s) => s.setActive);
  const loadMembership = usePaymentsStore((s) => s.loadMembership);
  const slot = usePaymentsStore((s) => s.membership);
  const { value: membership, status } = slotFor(slot, userId ?? '');

  useEffect(() => {
    if (userId) void loadMembership(userId);
  }, [userId, loadMembership]);

  useEffect(() => {
    if (membership) setActive(membership.status === 'Activo');
  }, [membership, setActive]);

  if (userId && (status === 'idle' || status === 'loading')) return <Spinner label={es.common.loadingData} />;
  return (
    <section className="section message-page">
      <h1>{MESSAGES.payments.success}</h1>
      {membership && (
        <p>
          {paymentsEs.successText(
            membership.name,
            formatDate(runningPeriod(membership).start),
            formatDate(runningPeriod(membership).end),
          )}
        </p>
      )}
      {membership &&
        upcomingOf(membership).map((period) => (
          <p key={period.start}>{paymentsEs.thenText(period.name, formatDate(period.start), formatDate(period.end))}</p>
        ))}
      <Link className="button button--primary" to={paths.profile}>
        {paymentsEs.goProfile}
      </Link>
    </section>
  );
}

export function PaymentCancelledRoute() {
  usePageTitle(es.titles.paymentCancelled);
  return (
    <section className="section message-page">
      <h1>{MESSAGES.payments.cancelled}</h1>
      <p>{paymentsEs.cancelledText}</p>
      <Link className="button button--primary" to={`${paths.home}#${PLANS_SECTION_ID}`}>
        {paymentsEs.seePlans}
      </Link>
    </section>
  );
}
