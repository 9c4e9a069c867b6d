import { UsersList } from '../../../features/users-admin/components/users-list';
import { useUiStore } from '../../../features/ui/store';

/** /dashboard/usuarios (SPEC §2.16). */
export function UsersRoute() {
  const currency = useUiStore((s) => s.site.currency);
  return <UsersList currency={currency} />;
}
