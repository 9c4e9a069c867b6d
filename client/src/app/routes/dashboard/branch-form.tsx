import { useParams } from 'react-router-dom';
import { OfficeEditScreen, OfficeForm } from '../../../features/offices-dashboard/components/office-form';
import { usePageTitle } from '../../../lib/use-page-title';
import { es } from '../../../i18n/es';

/** /dashboard/sedes/crear and /dashboard/sedes/editar/{id}: one form for both. */
export function BranchFormRoute() {
  const { id } = useParams();
  usePageTitle(es.titles.dashboard(id ? es.titles.branchEdit : es.titles.branchCreate));
  return id ? <OfficeEditScreen id={id} /> : <OfficeForm key="create" />;
}
