import { CreateUserForm } from '../../../features/users-admin/components/create-user-form';

/** /dashboard/usuarios/crear (SPEC §2.16). */
export function UserCreateRoute() {
  return <CreateUserForm />;
}
