import { useParams } from 'react-router-dom';
import { TrainerFormScreen } from '../../../features/trainers/components/trainer-form-screen';
import { usePageTitle } from '../../../lib/use-page-title';
import { es } from '../../../i18n/es';

/** /dashboard/profesores/crear and /dashboard/profesores/editar/{id}: one trainer form. */
export function TrainerFormRoute() {
  const { id } = useParams();
  usePageTitle(es.titles.dashboard(id ? es.titles.trainerEdit : es.titles.trainerCreate));
  return <TrainerFormScreen id={id} />;
}
