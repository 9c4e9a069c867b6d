import { EventEmitter } from 'node:events';
import { storeModel } from '../read-models';
import mongoose, { type mongo } from 'mongoose';
import request from 'supertest';
import { createTestApp } from '../../test/app';
import { useTestDatabase } from '../../test/db';
import { bearer, createTestUser, type TestUser } from '../../test/fixtures';
import { BranchModel } from '../../modules/branches/branches.model';
import { LessonModel } from '../../modules/lessons/lessons.model';
import { PlanModel } from '../../modules/plans/plans.model';
import { UserModel } from '../../modules/users/users.model';
import { ReadCache, readCache } from '../read-cache';

/** A collection through the bare driver, past mongoose's models. */
function rawCollection(name: string) {
  const db = mongoose.connection.db;
  if (!db) throw new Error('not connected');
  return db.collection(name);
}

describe('read cache', () => {
  useTestDatabase();

  describe('ReadCache', () => {
    // The process's cache watches the test connection; this one is fed by hand or by watch().
    let cache: ReadCache;
    beforeEach(() => {
      cache = new ReadCache({ enabled: true, maxBytes: 1024 * 1024, maxAgeMs: 60_000 });
      cache.watch(mongoose.connection.getClient());
    });

    test('when nothing was written, then the second read is answered without computing', async () => {
      const compute = jest.fn(async () => ({ n: 1 }));
      await cache.get('k', compute);
      await expect(cache.get('k', compute)).resolves.toEqual({ n: 1 });
      expect(compute).toHaveBeenCalledTimes(1);
    });

    test('when a collection it read is written through a model, then the next read computes again', async () => {
      const compute = jest.fn(async () => PlanModel.countDocuments());
      await expect(cache.get('count', compute)).resolves.toBe(0);
      await PlanModel.create({ name: 'Uno', duration: 1, benefits: 'B', price: 1 });
      await expect(cache.get('count', compute)).resolves.toBe(1);
      expect(compute).toHaveBeenCalledTimes(2);
    });

    test('when a collection is written by the bare driver, then the next read computes again', async () => {
      const compute = jest.fn(async () => UserModel.countDocuments());
      const before = await cache.get('users', compute);
      await rawCollection('users').insertOne({ fullName: 'Crudo', email: 'crudo@x.test' });
      await expect(cache.get('users', compute)).resolves.toBe(before + 1);
    });

    test('when another collection is written, then the entry is kept', async () => {
      const compute = jest.fn(async () => {
        await PlanModel.countDocuments();
        return 'plans';
      });
      await cache.get('p', compute);
      await UserModel.updateMany({}, { $set: { phone: '1' } });
      await cache.get('p', compute);
      expect(compute).toHaveBeenCalledTimes(1);
    });

    test('when a collection is dropped, then what was read from it is void', async () => {
      const scratch = rawCollection('scratch');
      await scratch.insertOne({ n: 1 });
      const compute = jest.fn(async () => scratch.countDocuments());
      await expect(cache.get('scratch', compute)).resolves.toBe(1);
      await scratch.drop();
      await expect(cache.get('scratch', compute)).resolves.toBe(0);
    });

    test('when a write lands while a read is computing, then that result is not reused', async () => {
      let release!: () => void;
      let counted!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const read = new Promise<void>((resolve) => (counted = resolve));
      const first = cache.get('race', async () => {
        const value = await PlanModel.countDocuments();
        counted();
        await gate;
        return value;
      });
      // The read has seen the old documents; the write lands before it is stored.
      await read;
      await PlanModel.create({ name: 'Carrera', duration: 1, benefits: 'B', price: 2 });
      release();
      const stale = await first;
      const fresh = await cache.get('race', () => PlanModel.countDocuments());
      expect(fresh).toBe(stale + 1);
    });

    test('when a read starts after a write was sent but before it was answered, then its result is not reused', async () => {
      // The driver's monitoring events, played by hand to fix their order.
      const client = new EventEmitter();
      const own = new ReadCache({ enabled: true, maxBytes: 1024 * 1024, maxAgeMs: 60_000 });
      own.watch(client as unknown as mongo.MongoClient);
      client.emit('commandStarted', { commandName: 'update', requestId: 7, command: { update: 'plans' } });
      const compute = jest.fn(async () => {
        client.emit('commandStarted', { commandName: 'find', requestId: 6, command: { find: 'plans' } });
        return 'old';
      });
      await own.get('k', compute);
      client.emit('commandSucceeded', { commandName: 'update', requestId: 7 });
      await own.get('k', compute);
      expect(compute).toHaveBeenCalledTimes(2);
      // A read is no write: nothing is dropped.
      client.emit('commandStarted', { commandName: 'find', requestId: 8, command: { find: 'plans' } });
      client.emit('commandSucceeded', { commandName: 'find', requestId: 8 });
      await own.get('k', compute);
      expect(compute).toHaveBeenCalledTimes(2);
    });

    test('when many read a missing entry at once, then it is computed once', async () => {
      const compute = jest.fn(async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return 'once';
      });
      const results = await Promise.all(Array.from({ length: 20 }, () => cache.get('burst', compute)));
      expect(new Set(results)).toEqual(new Set(['once']));
      expect(compute).toHaveBeenCalledTimes(1);
    });

    test('when the computation fails, then nothing is kept and the next read tries again', async () => {
      const compute = jest.fn().mockRejectedValueOnce(new Error('boom')).mockResolvedValueOnce('ok');
      await expect(cache.get('fail', compute)).rejects.toThrow('boom');
      await expect(cache.get('fail', compute)).resolves.toBe('ok');
    });

    test('when the answer names a moment it stops being true, then it expires then', async () => {
      let now = 1_000_000;
      const spy = jest.spyOn(Date, 'now').mockImplementation(() => now);
      try {
        const compute = jest.fn(async (ctx: { expireAt(at: number): void }) => {
          ctx.expireAt(now + 500);
          ctx.expireAt(now - 10); // already past: ignored
          return 'until';
        });
        await cache.get('t', compute);
        now += 499;
        await cache.get('t', compute);
        expect(compute).toHaveBeenCalledTimes(1);
        now += 1;
        await cache.get('t', compute);
        expect(compute).toHaveBeenCalledTimes(2);
      } finally {
        spy.mockRestore();
      }
    });

    test('when a read depends on a collection nobody named, then a write to it invalidates the entry', async () => {
      // Nothing tells the cache what this computation depends on: it learns it from the reads.
      const unlisted = rawCollection('unlisted');
      const plans = await PlanModel.countDocuments();
      const notes = await unlisted.countDocuments();
      const compute = jest.fn(async () => ({
        plans: await PlanModel.countDocuments(),
        notes: await unlisted.countDocuments(),
      }));
      await expect(cache.get('learned', compute)).resolves.toEqual({ plans, notes });
      expect(cache.readsOf('learned')).toEqual(['plans', 'unlisted']);
      await cache.get('learned', compute);
      expect(compute).toHaveBeenCalledTimes(1);
      await unlisted.insertOne({ note: 'nueva' });
      await expect(cache.get('learned', compute)).resolves.toEqual({ plans, notes: notes + 1 });
      expect(compute).toHaveBeenCalledTimes(2);
    });

    test('when computations run at once, then each depends only on what it read itself', async () => {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const plans = cache.get('only-plans', async () => {
        await gate;
        return PlanModel.countDocuments();
      });
      const users = cache.get('only-users', async () => {
        await gate;
        return UserModel.countDocuments();
      });
      release();
      await Promise.all([plans, users]);
      expect(cache.readsOf('only-plans')).toEqual(['plans']);
      expect(cache.readsOf('only-users')).toEqual(['users']);
      await PlanModel.create({ name: 'Paralelo', duration: 1, benefits: 'B', price: 3 });
      const recount = jest.fn(async () => -1);
      await expect(cache.get('only-users', recount)).resolves.not.toBe(-1);
      await expect(cache.get('only-plans', recount)).resolves.toBe(-1);
    });

    test('when a cached read is used inside another computation, then the outer one depends on what it read', async () => {
      const inner = () => cache.get('inner', () => PlanModel.countDocuments());
      await inner();
      const outer = jest.fn(async () => inner());
      await cache.get('outer', outer);
      expect(cache.readsOf('outer')).toEqual(['plans']);
      await PlanModel.create({ name: 'Anidado', duration: 1, benefits: 'B', price: 4 });
      await cache.get('outer', outer);
      expect(outer).toHaveBeenCalledTimes(2);
    });

    test('when a read names other collections (a cursor, a join), then they count; an unknown one stands for all', async () => {
      const client = new EventEmitter();
      const own = new ReadCache({ enabled: true, maxBytes: 1024 * 1024, maxAgeMs: 60_000 });
      own.watch(client as unknown as mongo.MongoClient);
      let id = 0;
      const send = (commandName: string, command: Record<string, unknown>) => {
        client.emit('commandStarted', { commandName, requestId: ++id, command });
        client.emit('commandSucceeded', { commandName, requestId: id });
      };
      await own.get('joined', async () => {
        send('getMore', { getMore: 1, collection: 'cursor' });
        send('aggregate', {
          aggregate: 'lessons',
          pipeline: [{ $lookup: { from: 'users', pipeline: [{ $unionWith: { coll: 'extra' } }] } }],
        });
        return 1;
      });
      expect(own.readsOf('joined')).toEqual(['cursor', 'extra', 'lessons', 'users']);
      await own.get('any', async () => {
        send('aggregate', { aggregate: 1, pipeline: [] });
        return 1;
      });
      send('insert', { insert: 'elsewhere' });
      const compute = jest.fn(async () => 2);
      await expect(own.get('joined', compute)).resolves.toBe(1);
      await expect(own.get('any', compute)).resolves.toBe(2);
      send('insert', { insert: 'extra' });
      await expect(own.get('joined', compute)).resolves.toBe(2);
    });

    test('when turned off, then every read computes', async () => {
      cache.configure({ enabled: false, maxBytes: 1024, maxAgeMs: 60_000 });
      const compute = jest.fn(async () => 1);
      await cache.get('off', compute);
      await cache.get('off', compute);
      expect(compute).toHaveBeenCalledTimes(2);
    });
  });

  describe('through the API', () => {
    const { app, config } = createTestApp();
    let admin: TestUser;
    let member: TestUser;

    beforeAll(async () => {
      [admin, member] = await Promise.all([createTestUser(config, { isAdmin: true }), createTestUser(config)]);
      await PlanModel.deleteMany({});
    });

    test('when an admin changes a plan, then the next public read shows it and its ETag changes', async () => {
      const plan = await PlanModel.create({ name: 'Basico', duration: 1, benefits: 'Sala', price: 20 });
      const first = await request(app).get('/api/memberships').expect(200);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^W\/"[0-9a-f]+-/);
      await request(app).get('/api/memberships').set('If-None-Match', etag).expect(304);

      await request(app)
        .put(`/api/memberships/update/${plan._id.toString()}`)
        .set(bearer(admin))
        .send({ name: 'Basico', duration: '1', benefits: 'Sala', price: '25' })
        .expect(200);

      const second = await request(app).get('/api/memberships').set('If-None-Match', etag).expect(200);
      expect(second.body.find((p: { name: string }) => p.name === 'Basico').price).toBe(25);
      expect(second.headers.etag).not.toBe(etag);
    });

    test('when the client names the ETag among others or weakly, then 304; with no-cache or another tag, then 200', async () => {
      const first = await request(app).get('/api/types').expect(200);
      const etag = String(first.headers.etag);
      const opaque = etag.replace(/^W\//, '');
      await request(app).get('/api/types').set('If-None-Match', `"other", ${etag}`).expect(304);
      await request(app).get('/api/types').set('If-None-Match', opaque).expect(304);
      await request(app).get('/api/types').set('If-None-Match', '*').expect(304);
      await request(app).get('/api/types').set('If-None-Match', '"other"').expect(200);
      const forced = await request(app)
        .get('/api/types')
        .set('If-None-Match', etag)
        .set('Cache-Control', 'no-cache')
        .expect(200);
      expect(forced.body).toEqual(first.body);
      const head = await request(app).head('/api/types').expect(200);
      expect(head.headers['content-length']).toBe(String(Buffer.byteLength(first.text)));
      expect(head.text).toBeUndefined();
    });

    test('when an admin suspends a signed-in member, then the member loses access on the next request', async () => {
      await request(app).get(`/api/users/${member.id}`).set(bearer(member)).expect(200);
      await request(app).delete(`/api/users/delete/${member.id}`).set(bearer(admin)).expect(200);
      const res = await request(app).get(`/api/users/${member.id}`).set(bearer(member)).expect(401);
      expect(res.body.code).toBe('ACCOUNT_SUSPENDED');
    });

    test('when a trainer is renamed, then the class lists that show the name change at once', async () => {
      // The list is a read model (lib/read-models.ts): the rename refreshes the classes the trainer
      // teaches, and the cache, which saw the list read from the read models, drops its copy.
      const trainer = await createTestUser(config, { isMonitor: true, fullName: 'Nombre Viejo' });
      const branch = await BranchModel.create({
        name: 'Sede Caché',
        location: 'Calle 1',
        scheduleDays: ['Lunes'],
        scheduleHourStart: '6:00',
        scheduleHourFinish: '22:00',
      });
      await LessonModel.create({
        name: 'Cacheada',
        shortDescription: 'Corta',
        description: 'Larga',
        effort: 3,
        scheduleDays: ['Lunes'],
        scheduleHourStart: '9:00',
        scheduleHourFinish: '10:00',
        monitor: trainer.id,
        office: branch._id,
      });
      const before = await request(app).get('/api/lessons').expect(200);
      expect(before.body.find((l: { name: string }) => l.name === 'Cacheada').monitor).toBe('Nombre Viejo');
      expect(readCache.readsOf('model:lessons:available')).toEqual(['read_models', 'read_models/lessons:available']);
      await request(app)
        .put(`/api/users/update/${trainer.id}`)
        .set(bearer(admin))
        .send({ fullName: 'Nombre Nuevo', email: trainer.email, phone: '5512345678', isMonitor: 'Si', isAdmin: 'No' })
        .expect(200);
      const after = await request(app).get('/api/lessons').expect(200);
      expect(after.body.find((l: { name: string }) => l.name === 'Cacheada').monitor).toBe('Nombre Nuevo');
    });

    test('when one read model is written, then only the answers read from it are dropped; a write to them all drops every one', async () => {
      await request(app).get('/api/lessons').expect(200);
      await request(app).get('/api/types').expect(200);
      expect(readCache.peek('model:lessons:available')).toBeDefined();
      expect(readCache.peek('model:types')).toBeDefined();
      await storeModel('types', [{ id: 'x', name: 'Otro' }]);
      expect(readCache.peek('model:types')).toBeUndefined();
      expect(readCache.peek('model:lessons:available')).toBeDefined();
      expect((await request(app).get('/api/types').expect(200)).body).toEqual([{ id: 'x', name: 'Otro' }]);
      await mongoose.connection.db?.collection('read_models').deleteMany({ _id: { $in: ['types'] } } as never);
      expect(readCache.peek('model:lessons:available')).toBeUndefined();
      expect(readCache.peek('model:types')).toBeUndefined();
    });

    test('when a read is cached, then hits are counted', async () => {
      const before = readCache.hits;
      await request(app).get('/api/types').expect(200);
      await request(app).get('/api/types').expect(200);
      expect(readCache.hits).toBeGreaterThan(before);
    });
  });
});
