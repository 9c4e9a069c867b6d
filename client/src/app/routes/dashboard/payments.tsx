import { PaymentsList } from '../../../features/payments-admin/components/payments-list';
import { es } from '../../../i18n/es';
import { usePageTitle } from '../../../lib/use-page-title';

/** /dashboard/pagos: every payment, filtered and exported, and refunds (issue 24, item 2). */
export function PaymentsAdminRoute() {
  usePageTitle(es.titles.dashboard(es.dashboard.payments));
  return <PaymentsList />;
}
