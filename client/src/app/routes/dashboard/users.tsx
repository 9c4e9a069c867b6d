import { UsersList } from '../../../features/users-admin/components/users-list';
import { useUiStore } from '../../../features/ui/store';
import { usePageTitle } from '../../../lib/use-page-title';
import { es } from '../../../i18n/es';

/** /dashboard/usuarios. */
export function UsersRoute() {
  usePageTitle(es.titles.dashboard(es.titles.users));
  const currency = useUiStore((s) => s.site.currency);
  return <UsersList currency={currency} />;
}
