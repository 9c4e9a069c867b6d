/** Placeholder until the admin issue builds this screen. */
export function ClassFormRoute() {
  return <h1>formulario de clase</h1>;
}
