import { PlanAdminList } from '../../../features/plans-admin/components/plan-admin-list';
import { usePlansStore } from '../../../features/plans/store';
import { useUiStore } from '../../../features/ui/store';
import { usePageTitle } from '../../../lib/use-page-title';
import { es } from '../../../i18n/es';

/** /dashboard/membresias. A restored plan is back on the landing page's next visit. */
export function PlansAdminRoute() {
  usePageTitle(es.titles.dashboard(es.titles.plans));
  const currency = useUiStore((s) => s.site.currency);
  const invalidatePlans = usePlansStore((s) => s.invalidatePlans);
  return <PlanAdminList currency={currency} onChanged={invalidatePlans} />;
}
