import { TrainerList } from '../../../features/trainers/components/trainer-list';
import { usePageTitle } from '../../../lib/use-page-title';
import { es } from '../../../i18n/es';

/** /dashboard/profesores. */
export function TrainersRoute() {
  usePageTitle(es.titles.dashboard(es.titles.trainers));
  return <TrainerList />;
}
