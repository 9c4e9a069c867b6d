import { randomBytes } from 'node:crypto';
import mongoose, { type mongo } from 'mongoose';
import { testDatabaseUri, withDatabaseName } from '../../test/db';
import { CACHE_VERSIONS, CacheSync } from '../cache-sync';
import { ReadCache } from '../read-cache';

/** One server process as the cache sees it: its own connection, read cache and sync. */
interface Instance {
  client: mongo.MongoClient;
  db: mongo.Db;
  cache: ReadCache;
  sync: CacheSync;
}

const INTERVAL_MS = 50;
const BOUND_MS = 200;

describe('read caches of several servers on one database (cache-sync)', () => {
  const name = `pulso_test_sync_${randomBytes(4).toString('hex')}`;
  const uri = withDatabaseName(testDatabaseUri(), name);
  const instances: Instance[] = [];

  async function instance(options: { intervalMs?: number; publishDelayMs?: number } = {}): Promise<Instance> {
    const client = new mongoose.mongo.MongoClient(uri, { monitorCommands: true });
    await client.connect();
    const db = client.db(name);
    const cache = new ReadCache({ enabled: true, maxBytes: 1024 * 1024, maxAgeMs: 60_000 });
    cache.watch(client);
    const sync = new CacheSync(db, cache, {
      intervalMs: options.intervalMs ?? INTERVAL_MS,
      boundMs: BOUND_MS,
      publishDelayMs: options.publishDelayMs,
    });
    sync.start();
    await sync.sync();
    const made = { client, db, cache, sync };
    instances.push(made);
    return made;
  }

  afterEach(async () => {
    for (const { sync, client } of instances.splice(0)) {
      await sync.stop();
      await client.close();
    }
  });

  afterAll(async () => {
    const client = new mongoose.mongo.MongoClient(uri);
    await client.connect();
    await client.db(name).dropDatabase();
    await client.close();
  });

  /** Reads until `compute` runs again; how long that took. */
  async function recomputedWithin(
    cache: ReadCache,
    key: string,
    compute: jest.Mock<Promise<number>, []>,
    limitMs: number,
  ): Promise<number> {
    const calls = compute.mock.calls.length;
    const started = Date.now();
    while (Date.now() - started < limitMs) {
      await cache.get(key, compute);
      if (compute.mock.calls.length > calls) return Date.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`${key} was not computed again within ${limitMs} ms`);
  }

  test('when one server writes a collection, then another server’s answer that read it is computed again within the bound', async () => {
    const a = await instance();
    const b = await instance();
    await b.db.collection('users').insertOne({ email: 'uno@x.test', isActive: true });
    const compute = jest.fn(async () => b.db.collection('users').countDocuments({ isActive: true }));
    await expect(b.cache.get('active', compute)).resolves.toBe(1);
    // Read the others' writes now: on a loaded machine the timer's pass may come later than the
    // bound, and then no cached answer is used (the next test's subject), which is not this one's.
    await b.sync.sync();
    await b.cache.get('active', compute);
    expect(compute).toHaveBeenCalledTimes(1);

    await a.db.collection('users').updateOne({ email: 'uno@x.test' }, { $set: { isActive: false } });
    const took = await recomputedWithin(b.cache, 'active', compute, 1_000);
    expect(took).toBeLessThan(1_000);
    await expect(b.cache.get('active', compute)).resolves.toBe(0);
  });

  test('when another server writes a collection the answer did not read, then the answer is kept', async () => {
    const a = await instance();
    const b = await instance();
    const compute = jest.fn(async () => b.db.collection('plans').countDocuments());
    await b.cache.get('plans', compute);
    await a.db.collection('users').insertOne({ email: 'otro@x.test' });
    await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS * 3));
    await b.sync.sync();
    await b.cache.get('plans', compute);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  test('when the other servers’ writes have not been read for longer than the bound, then no cached answer is used until they are', async () => {
    // Reads the others' writes only when told to: as if the database stopped answering its reads.
    const b = await instance({ intervalMs: 60_000 });
    const compute = jest.fn(async () => 7);
    await b.cache.get('k', compute);
    await b.cache.get('k', compute);
    expect(compute).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, BOUND_MS + 50));
    await b.cache.get('k', compute);
    expect(compute).toHaveBeenCalledTimes(2);
    expect(b.cache.peek('k')).toBeUndefined();
    await b.sync.sync();
    await b.cache.get('k', compute);
    expect(compute).toHaveBeenCalledTimes(2);
  });

  test('when three servers write at once, then each publishes its own count of writes and every other server marks them', async () => {
    const servers = await Promise.all([instance(), instance(), instance()]);
    const readers = servers.map((s) => ({
      ...s,
      compute: jest.fn(async () => s.db.collection('lessons').countDocuments()),
    }));
    await Promise.all(readers.map((s) => s.cache.get('lessons', s.compute)));
    await Promise.all(
      servers.flatMap((s, i) =>
        Array.from({ length: 10 }, (_, n) => s.db.collection('lessons').insertOne({ name: `c${i}-${n}` })),
      ),
    );
    // The last publish of each server carries all ten of its writes.
    const deadline = Date.now() + 2_000;
    let published: number[] = [];
    while (Date.now() < deadline) {
      const ids = readers.map((s) => s.sync.id);
      const docs =
        (await readers[0]?.db
          .collection(CACHE_VERSIONS)
          .find({ _id: { $in: ids as never[] } })
          .toArray()) ?? [];
      published = docs.map((d) => (d.v as { c: string; n: number }[]).find((e) => e.c === 'lessons')?.n ?? 0);
      if (published.length === 3 && published.every((n) => n === 10)) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(published).toEqual([10, 10, 10]);
    for (const s of readers) {
      await s.sync.sync();
      await expect(s.cache.get('lessons', s.compute)).resolves.toBe(30);
    }
  });

  test('when a server publishes its writes, then its own publishing is not counted as a write', async () => {
    const a = await instance();
    await a.db.collection('plans').insertOne({ name: 'Uno' });
    await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS * 4));
    const doc = await a.db.collection(CACHE_VERSIONS).findOne({ _id: a.sync.id as never });
    expect(doc?.v).toEqual([{ c: 'plans', n: 1 }]);
  });

  test('when a request makes a dozen writes one after another, then they are published together, and a server that stops publishes its last ones', async () => {
    const delayMs = 50;
    const a = await instance({ publishDelayMs: delayMs });
    const publishes: string[] = [];
    a.client.on('commandStarted', (event) => {
      if (event.commandName === 'update' && event.command.update === CACHE_VERSIONS) publishes.push('publish');
    });
    const started = Date.now();
    for (let n = 0; n < 12; n++) await a.db.collection('lessons').insertOne({ name: `s${n}` });
    const writingMs = Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 2 * delayMs));
    // At most one publish per delay while the writes went on (however slow the machine made them),
    // and the last one after them: never one per write.
    expect(publishes.length).toBeGreaterThanOrEqual(1);
    expect(publishes.length).toBeLessThanOrEqual(Math.min(11, Math.ceil(writingMs / delayMs) + 1));
    const published = async () =>
      (
        (await a.db.collection(CACHE_VERSIONS).findOne({ _id: a.sync.id as never }))?.v as { c: string; n: number }[]
      ).find((e) => e.c === 'lessons')?.n;
    expect(await published()).toBe(12);

    // Written and stopped at once, before the publish delay is over.
    await a.db.collection('lessons').insertOne({ name: 'last' });
    await a.sync.stop();
    expect(await published()).toBe(13);
  });

  test('when writes keep coming while counts are being published, then publishing never stalls and the last count is published', async () => {
    const a = await instance();
    let written = 0;
    // Bursts of writes back to back, each ending while its last counts are being published.
    for (let burst = 0; burst < 4; burst++) {
      const until = Date.now() + 60;
      while (Date.now() < until) {
        await a.db.collection('lessons').insertOne({ name: `w${written}` });
        written++;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await a.db.collection('lessons').insertOne({ name: 'last' });
    written++;
    const deadline = Date.now() + 1_000;
    let published: number | undefined;
    while (Date.now() < deadline) {
      const doc = await a.db.collection(CACHE_VERSIONS).findOne({ _id: a.sync.id as never });
      published = (doc?.v as { c: string; n: number }[] | undefined)?.find((e) => e.c === 'lessons')?.n;
      if (published === written) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(published).toBe(written);
  });
});
