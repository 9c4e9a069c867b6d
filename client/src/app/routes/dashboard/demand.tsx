import { DemandTable } from '../../../features/bookings/components/demand-table';
import { es } from '../../../i18n/es';
import { usePageTitle } from '../../../lib/use-page-title';

/** /dashboard/demanda: who waits for a place, by class, sede, weekday and hour. */
export function DemandRoute() {
  usePageTitle(es.titles.dashboard(es.bookings.demand.title));
  return <DemandTable />;
}
