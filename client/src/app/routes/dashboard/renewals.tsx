import { RenewalsTable } from '../../../features/subscriptions/components/renewals-table';
import { es } from '../../../i18n/es';
import { profileEs } from '../../../i18n/profile';
import { usePageTitle } from '../../../lib/use-page-title';

/** /dashboard/renovaciones: every renewing plan, its state, and who stopped it and when. */
export function RenewalsRoute() {
  usePageTitle(es.titles.dashboard(profileEs.renewals.title));
  return <RenewalsTable />;
}
