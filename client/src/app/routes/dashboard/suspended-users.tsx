/** Placeholder until the admin issue builds this screen. */
export function SuspendedUsersRoute() {
  return <h1>usuarios eliminados</h1>;
}
