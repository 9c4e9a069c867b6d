import mongoose, { Types } from 'mongoose';

/*
 * FerretDB answers a query from an index only when its filter is exactly `{ _id: <value> }`; any
 * other filter reads the whole collection. These helpers record what a piece of code sends and
 * check that every query is such a point query (and, on FerretDB, that `explain` says it is pushed
 * down).
 */

export interface SentQuery {
  command: string;
  collection: string;
  filter: Record<string, unknown>;
}

/** The filters of the finds, counts, updates and deletes the driver sent while `run` ran. */
export async function queriesDuring(run: () => Promise<unknown>): Promise<SentQuery[]> {
  const sent: SentQuery[] = [];
  const client = mongoose.connection.getClient();
  const listen = (event: { commandName: string; command: Record<string, unknown> }) => {
    const { commandName: command, command: body } = event;
    const collection = String(body[command]);
    if (command === 'find' || command === 'count')
      sent.push({ command, collection, filter: (body.filter ?? body.query ?? {}) as never });
    if (command === 'update' || command === 'delete') {
      const ops = (body.updates ?? body.deletes) as { q: Record<string, unknown> }[];
      for (const op of ops) sent.push({ command, collection, filter: op.q });
    }
    if (command === 'findAndModify') sent.push({ command, collection, filter: (body.query ?? {}) as never });
    // Never answered from an index: recorded with a filter that is not a point query.
    if (command === 'aggregate' || command === 'distinct')
      sent.push({ command, collection, filter: { [command]: true } });
  };
  client.on('commandStarted', listen);
  try {
    await run();
  } finally {
    client.off('commandStarted', listen);
  }
  return sent;
}

/** Each query is a point read or write by `_id` alone, and the engine says it pushes it down. */
export async function expectPointQueries(sent: SentQuery[]) {
  expect(sent.length).toBeGreaterThan(0);
  for (const query of sent) {
    expect({ ...query, keys: Object.keys(query.filter) }).toMatchObject({ keys: ['_id'] });
    const id = query.filter._id;
    // One `_id`, or a list of them (lib/combined-reads.ts; the patched FerretDB looks them up by index).
    const ids = typeof id === 'object' && id !== null && '$in' in id ? (id as { $in: unknown[] }).$in : [id];
    expect(ids.every((one) => typeof one === 'string' || one instanceof Types.ObjectId)).toBe(true);
    const explained = (await mongoose.connection.db?.command({
      explain: { find: query.collection, filter: query.filter },
    })) as { filterPushdown?: boolean };
    // FerretDB answers filterPushdown; MongoDB (MONGODB_URI) uses its _id index anyway.
    if ('filterPushdown' in explained)
      expect({ ...query, pushdown: explained.filterPushdown }).toMatchObject({ pushdown: true });
  }
}

/**
 * Collections bounded by the chain's catalogue: any query may read them whole. Every other
 * collection grows with the chain (payments, members, their keys and claims).
 */
const SMALL = new Set(['plans', 'branchoffices', 'types', 'goals', 'lessons']);

/** A filter the engine answers from its `_id` index: exactly one key, `_id`, equal to a value. */
function isPointQuery(query: SentQuery): boolean {
  const keys = Object.keys(query.filter);
  const id = query.filter._id;
  return (
    query.command !== 'count' &&
    keys.length === 1 &&
    keys[0] === '_id' &&
    (typeof id === 'string' || id instanceof Types.ObjectId)
  );
}

/** The queries to growing collections that `act` sends, other than point reads by `_id` and inserts. */
export async function scansDuring(act: () => Promise<unknown>): Promise<SentQuery[]> {
  return (await queriesDuring(act)).filter((q) => !SMALL.has(q.collection) && !isPointQuery(q));
}
