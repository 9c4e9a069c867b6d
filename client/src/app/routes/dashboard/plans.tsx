/** Placeholder until the admin issue builds this screen. */
export function PlansAdminRoute() {
  return <h1>membresías</h1>;
}
