/** Placeholder until the admin issue builds this screen. */
export function UsersRoute() {
  return <h1>usuarios</h1>;
}
