import { SuspendedUsersList } from '../../../features/users-admin/components/suspended-users-list';

/** /dashboard/deletedusers: suspended users (SPEC §2.16). */
export function SuspendedUsersRoute() {
  return <SuspendedUsersList />;
}
