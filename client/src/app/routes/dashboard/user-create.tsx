import { CreateUserForm } from '../../../features/users-admin/components/create-user-form';
import { usePageTitle } from '../../../lib/use-page-title';
import { es } from '../../../i18n/es';

/** /dashboard/usuarios/crear. */
export function UserCreateRoute() {
  usePageTitle(es.titles.dashboard(es.titles.userCreate));
  return <CreateUserForm />;
}
