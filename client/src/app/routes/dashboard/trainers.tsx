/** Placeholder until the admin issue builds this screen. */
export function TrainersRoute() {
  return <h1>profesores</h1>;
}
