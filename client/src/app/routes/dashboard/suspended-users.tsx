import { SuspendedUsersList } from '../../../features/users-admin/components/suspended-users-list';
import { usePageTitle } from '../../../lib/use-page-title';
import { es } from '../../../i18n/es';

/** /dashboard/deletedusers: suspended users. */
export function SuspendedUsersRoute() {
  usePageTitle(es.titles.dashboard(es.titles.suspendedUsers));
  return <SuspendedUsersList />;
}
