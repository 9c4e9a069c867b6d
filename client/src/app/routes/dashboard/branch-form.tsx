/** Placeholder until the admin issue builds this screen. */
export function BranchFormRoute() {
  return <h1>formulario de sede</h1>;
}
