import { useParams } from 'react-router-dom';
import { BranchEditScreen, BranchForm } from '../../../features/branches-dashboard/components/branch-form';
import { usePageTitle } from '../../../lib/use-page-title';
import { es } from '../../../i18n/es';

/** /dashboard/sedes/crear and /dashboard/sedes/editar/{id}: one form for both. */
export function BranchFormRoute() {
  const { id } = useParams();
  usePageTitle(es.titles.dashboard(id ? es.titles.branchEdit : es.titles.branchCreate));
  return id ? <BranchEditScreen id={id} /> : <BranchForm key="create" />;
}
