import { useParams } from 'react-router-dom';
import { BranchDetail } from '../../features/branches/components/branch-detail';
import { useBranchesStore } from '../../features/branches/store';
import { es } from '../../i18n/es';
import { usePageTitle } from '../../lib/use-page-title';

/** /sedes/detalles/{id}. */
export function BranchDetailRoute() {
  const { id = '' } = useParams();
  // The sede's name once it is loaded; 'Sede' until then.
  const name = useBranchesStore((s) => (s.detail.key === id ? s.detail.value?.name : undefined));
  usePageTitle(name ?? es.titles.branch);
  return <BranchDetail id={id} />;
}
