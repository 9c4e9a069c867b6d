/** Placeholder until the admin issue builds this screen. */
export function TrainerFormRoute() {
  return <h1>formulario de profesor</h1>;
}
