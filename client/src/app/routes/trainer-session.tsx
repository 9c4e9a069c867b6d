import { useParams } from 'react-router-dom';
import { useAuthStore } from '../../features/auth/store';
import { TrainerRoster } from '../../features/bookings/components/trainer-roster';
import { es } from '../../i18n/es';
import { usePageTitle } from '../../lib/use-page-title';

/** /profile/sesiones/{sessionId}: the list of a session the trainer teaches. */
export function TrainerSessionRoute() {
  const { sessionId = '' } = useParams();
  const userId = useAuthStore((s) => s.userId) ?? '';
  usePageTitle(es.titles.trainerSession);
  return <TrainerRoster userId={userId} sessionId={sessionId} />;
}
