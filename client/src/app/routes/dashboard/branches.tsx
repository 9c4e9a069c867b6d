import { OfficeAdminList } from '../../../features/offices-dashboard/components/office-admin-list';

/** /dashboard/sedes (SPEC §2.19). */
export function BranchesAdminRoute() {
  return <OfficeAdminList />;
}
