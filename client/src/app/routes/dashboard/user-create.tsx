/** Placeholder until the admin issue builds this screen. */
export function UserCreateRoute() {
  return <h1>crear usuario</h1>;
}
