import mongoose, { Types } from 'mongoose';

// What a piece of server code asks of the database, checked against the one query shape the embedded
// engine answers from an index (issue 21): used by the payments and membership tests.

/**
 * Collections bounded by the chain's catalogue: any query may read them whole. Every other
 * collection grows with the chain (payments, members, their keys and claims), and the embedded
 * engine (FerretDB) reads a whole collection for any filter other than exactly `{ _id: value }`.
 */
const SMALL = new Set(['plans', 'branchoffices', 'types', 'goals', 'lessons']);

interface Query {
  command: string;
  collection: string;
  filter?: Record<string, unknown>;
}

/** A filter the engine answers from its `_id` index: exactly one key, `_id`, equal to a value. */
function isPointRead(filter: Record<string, unknown> | undefined): boolean {
  if (!filter) return false;
  const keys = Object.keys(filter);
  const id = filter._id;
  return keys.length === 1 && keys[0] === '_id' && (typeof id === 'string' || id instanceof Types.ObjectId);
}

/** The queries to growing collections that `act` sends, other than point reads by `_id` and inserts. */
export async function scansDuring(act: () => Promise<unknown>): Promise<Query[]> {
  const seen: Query[] = [];
  const client = mongoose.connection.getClient();
  const listener = (event: { commandName: string; command: Record<string, unknown> }) => {
    const { commandName: name, command } = event;
    const collection = String(command[name] ?? '');
    const queries: Query[] = [];
    if (name === 'find') queries.push({ command: name, collection, filter: command.filter as Query['filter'] });
    else if (name === 'findAndModify')
      queries.push({ command: name, collection, filter: command.query as Query['filter'] });
    else if (name === 'update' || name === 'delete') {
      const statements = (command[name === 'update' ? 'updates' : 'deletes'] ?? []) as { q: Query['filter'] }[];
      for (const s of statements) queries.push({ command: name, collection, filter: s.q });
    } else if (['count', 'aggregate', 'distinct'].includes(name)) queries.push({ command: name, collection });
    seen.push(...queries.filter((q) => !SMALL.has(q.collection) && !isPointRead(q.filter)));
  };
  client.on('commandStarted', listener);
  try {
    await act();
  } finally {
    client.off('commandStarted', listener);
  }
  return seen;
}
