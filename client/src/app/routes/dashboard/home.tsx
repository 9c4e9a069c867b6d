import { Overview } from '../../../features/dashboard-overview/components/overview';
import { usePageTitle } from '../../../lib/use-page-title';
import { es } from '../../../i18n/es';

/** /dashboard: the overview of the chain (shell; figures from GET /api/stats). */
export function DashboardHomeRoute() {
  usePageTitle(es.titles.dashboard(es.titles.overview));
  return <Overview />;
}
