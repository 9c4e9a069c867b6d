import { useParams } from 'react-router-dom';
import { OfficeEditScreen, OfficeForm } from '../../../features/offices-dashboard/components/office-form';

/** /dashboard/sedes/crear and /dashboard/sedes/editar/{id}: one form for both (SPEC §2.19). */
export function BranchFormRoute() {
  const { id } = useParams();
  return id ? <OfficeEditScreen id={id} /> : <OfficeForm key="create" />;
}
