/** Placeholder until the admin issue builds this screen. */
export function ClassesAdminRoute() {
  return <h1>clases</h1>;
}
