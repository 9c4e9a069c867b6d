/** Placeholder until the admin issue builds this screen. */
export function BranchesAdminRoute() {
  return <h1>sedes</h1>;
}
