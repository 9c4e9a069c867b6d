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
    if (command === 'aggregate' || command === 'findAndModify')
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
    expect(typeof id === 'string' || id instanceof Types.ObjectId).toBe(true);
    const explained = (await mongoose.connection.db?.command({
      explain: { find: query.collection, filter: query.filter },
    })) as { filterPushdown?: boolean };
    // FerretDB answers filterPushdown; MongoDB (MONGODB_URI) uses its _id index anyway.
    if ('filterPushdown' in explained)
      expect({ ...query, pushdown: explained.filterPushdown }).toMatchObject({ pushdown: true });
  }
}
