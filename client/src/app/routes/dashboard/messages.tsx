/** Placeholder until the admin issue builds this screen. */
export function MessagesRoute() {
  return <h1>mensajes</h1>;
}
