import { PlanAdminList } from '../../../features/plans-admin/components/plan-admin-list';
import { usePlansStore } from '../../../features/plans/store';
import { useUiStore } from '../../../features/ui/store';

/** /dashboard/membresias (SPEC §2.20). A restored plan is back on the landing page's next visit. */
export function PlansAdminRoute() {
  const currency = useUiStore((s) => s.site.currency);
  const invalidatePlans = usePlansStore((s) => s.invalidatePlans);
  return <PlanAdminList currency={currency} onChanged={invalidatePlans} />;
}
