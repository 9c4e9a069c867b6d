import { AnnouncementsPage } from '../../../features/announcements/components/announcements-page';
import { es } from '../../../i18n/es';
import { usePageTitle } from '../../../lib/use-page-title';

/** /dashboard/anuncios: announcements to members, and those sent (issue 24, item 6). */
export function AnnouncementsRoute() {
  usePageTitle(es.titles.dashboard(es.dashboard.announcements));
  return <AnnouncementsPage />;
}
