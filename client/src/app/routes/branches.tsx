import { BranchList } from '../../features/branches/components/branch-list';

/** /sedes (SPEC §2.8). */
export function BranchesRoute() {
  return <BranchList />;
}
