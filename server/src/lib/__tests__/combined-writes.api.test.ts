import mongoose from 'mongoose';
import { useTestDatabase } from '../../test/db';
import { CombinedWrites } from '../combined-writes';

describe('combined writes: point writes of one turn in one command', () => {
  useTestDatabase();
  const commands: string[] = [];
  let name = '';
  const collection = () => mongoose.connection.collection(name);

  beforeEach(() => {
    name = `combined_${Math.random().toString(36).slice(2, 8)}`;
    commands.length = 0;
    const client = mongoose.connection.getClient();
    client.removeAllListeners('commandStarted');
    client.on('commandStarted', (event) => {
      if (event.command[event.commandName] === name) commands.push(event.commandName);
    });
  });

  test('when 50 inserts are made at once, then they go in one command, and each duplicate alone answers false', async () => {
    await collection().insertOne({ _id: 'k7' as never });
    commands.length = 0;
    const writes = new CombinedWrites(collection);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => writes.insert({ _id: `k${i}` })));
    expect(answers.filter((a) => !a)).toHaveLength(1);
    expect(answers[7]).toBe(false);
    expect(commands).toEqual(['insert']);
    expect(await collection().countDocuments()).toBe(50);
  });

  test('when deletes and replacements of many documents are made at once, then each is done: the deletes by _id alone in one command, the rest in one bulk write', async () => {
    await collection().insertMany(Array.from({ length: 20 }, (_, i) => ({ _id: `d${i}` as never, n: i })));
    commands.length = 0;
    const writes = new CombinedWrites(collection);
    await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => writes.delete({ _id: `d${i}` })),
      ...Array.from({ length: 10 }, (_, i) => writes.replace({ _id: `r${i}`, n: i })),
      // With a further condition that does not hold: nothing is deleted.
      writes.delete({ _id: 'd15', n: 99 }),
    ]);
    // The deletes by `_id` alone as one delete of a list; the conditional one with the replacements.
    expect(commands.sort()).toEqual(['delete', 'delete', 'update']);
    const ids = (await collection().find({}).toArray()).map((d) => String(d._id)).sort();
    expect(ids).toEqual(
      [...Array.from({ length: 10 }, (_, i) => `d${i + 10}`), ...Array.from({ length: 10 }, (_, i) => `r${i}`)].sort(),
    );
  });

  test('when one document is written twice in a turn, then the writes land in the order they were made', async () => {
    const writes = new CombinedWrites(collection);
    const inserted = writes.insert({ _id: 'x', v: 1 });
    const replaced = writes.replace({ _id: 'x', v: 2 });
    const gone = writes.delete({ _id: 'x' });
    const again = writes.insert({ _id: 'x', v: 3 });
    expect(await Promise.all([inserted, replaced, gone, again])).toEqual([true, undefined, undefined, true]);
    expect(await collection().findOne({ _id: 'x' as never })).toEqual({ _id: 'x', v: 3 });
  });

  test('when a document is written again while its first write is on its way, then the second is sent once the first is answered', async () => {
    // The engine answers the insert only when the test says so.
    let answer: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (answer = resolve));
    let sent: () => void = () => undefined;
    const insertSent = new Promise<void>((resolve) => (sent = resolve));
    const slowInserts = () => {
      const real = collection();
      return new Proxy(real, {
        get(target, key, receiver) {
          if (key !== 'insertMany') return Reflect.get(target, key, receiver);
          return async (...args: Parameters<typeof real.insertMany>) => {
            sent();
            await gate;
            return real.insertMany(...args);
          };
        },
      });
    };
    const writes = new CombinedWrites(slowInserts);
    const inserted = writes.insert({ _id: 'y' });
    await insertSent;
    const deleted = writes.delete({ _id: 'y' });
    // Several turns pass with the insert unanswered: the delete must not go before it.
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
    answer();
    await Promise.all([inserted, deleted]);
    expect(await collection().findOne({ _id: 'y' as never })).toBeNull();
  });
});
