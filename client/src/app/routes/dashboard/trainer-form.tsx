import { useParams } from 'react-router-dom';
import { TrainerFormScreen } from '../../../features/trainers/components/trainer-form-screen';

/** /dashboard/profesores/crear and /dashboard/profesores/editar/{id} (SPEC §2.18): one trainer form. */
export function TrainerFormRoute() {
  const { id } = useParams();
  return <TrainerFormScreen id={id} />;
}
