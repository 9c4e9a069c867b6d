import { Overview } from '../../../features/dashboard-overview/components/overview';

/** /dashboard: the overview of the chain (SPEC §2.15 shell; figures from GET /api/stats). */
export function DashboardHomeRoute() {
  return <Overview />;
}
