import { BranchAdminList } from '../../../features/branches-dashboard/components/branch-admin-list';
import { usePageTitle } from '../../../lib/use-page-title';
import { es } from '../../../i18n/es';

/** /dashboard/sedes. */
export function BranchesAdminRoute() {
  usePageTitle(es.titles.dashboard(es.titles.branchesAdmin));
  return <BranchAdminList />;
}
