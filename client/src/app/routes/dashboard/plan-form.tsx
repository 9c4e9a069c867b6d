/** Placeholder until the admin issue builds this screen. */
export function PlanFormRoute() {
  return <h1>formulario de plan</h1>;
}
