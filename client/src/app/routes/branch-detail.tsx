import { useParams } from 'react-router-dom';
import { BranchDetail } from '../../features/branches/components/branch-detail';

/** /sedes/detalles/{id} (SPEC §2.9). */
export function BranchDetailRoute() {
  const { id = '' } = useParams();
  return <BranchDetail id={id} />;
}
