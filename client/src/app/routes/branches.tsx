import { BranchList } from '../../features/branches/components/branch-list';
import { usePageTitle } from '../../lib/use-page-title';
import { es } from '../../i18n/es';

/** /sedes. */
export function BranchesRoute() {
  usePageTitle(es.titles.branches);
  return <BranchList />;
}
