import { useParams } from 'react-router-dom';
import { PlanEditScreen, PlanForm } from '../../../features/plans-admin/components/plan-form';
import { usePlansStore } from '../../../features/plans/store';
import { usePageTitle } from '../../../lib/use-page-title';
import { es } from '../../../i18n/es';

/**
 * /dashboard/plans/crear and /dashboard/membresias/editar/{id}. After each change the
 * landing page's plans are marked stale, so its next visit shows the new data.
 */
export function PlanFormRoute() {
  const { id } = useParams();
  usePageTitle(es.titles.dashboard(id ? es.titles.planEdit : es.titles.planCreate));
  const invalidatePlans = usePlansStore((s) => s.invalidatePlans);
  return id ? (
    <PlanEditScreen id={id} onChanged={invalidatePlans} />
  ) : (
    <PlanForm key="create" onChanged={invalidatePlans} />
  );
}
