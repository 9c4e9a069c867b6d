import { useParams } from 'react-router-dom';
import { SessionsAdmin } from '../../../features/bookings/components/sessions-admin';
import { es } from '../../../i18n/es';
import { usePageTitle } from '../../../lib/use-page-title';

/** /dashboard/clases/sesiones/{id}: the sessions of one class in the weeks ahead. */
export function LessonSessionsRoute() {
  const { id = '' } = useParams();
  usePageTitle(es.titles.dashboard(es.titles.lessonSessions));
  return <SessionsAdmin lessonId={id} />;
}
