/**
 * Every Spanish text that both the server and the client say. The texts the specification quotes are
 * copied exactly (including their original spelling); the others complete the catalogue.
 */
// One module per section, each text an export of its own (messages/index.ts): a bundle keeps only the
// texts its code reads (MESSAGES.auth.loginRequired is a static reference), so the public pages do
// not carry the dashboard's texts.
import * as MESSAGES from './messages/index';

export { MESSAGES };

/** A refusal followed by the classes it is about: 'No se puede … primero: Yoga, Zumba.' */
export function withLessonNames(message: string, names: readonly string[]): string {
  return `${message} ${names.join(', ')}.`;
}
