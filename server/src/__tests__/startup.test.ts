import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose, { trusted, Types } from 'mongoose';
import {
  DEMO_BRANCHES,
  DEMO_HISTORY_MEMBERS,
  DEMO_LESSONS,
  DEMO_PLANS,
  DEMO_REVIEWS,
  DEMO_USERS,
  isDemoEmail,
} from '@pulso/shared';
import { LOCKS_COLLECTION, LockTimeoutError } from '../lib/database-lock';
import { PasswordHasher } from '../lib/password';
import { LocalDiskStorage } from '../lib/storage';
import { MIGRATIONS, MIGRATIONS_COLLECTION } from '../migrations';
import type { Migration } from '../migrations/migration';
import { BranchModel } from '../modules/branches/branches.model';
import { LessonModel } from '../modules/lessons/lessons.model';
import { PaymentModel } from '../modules/payments/payments.model';
import { PlanModel } from '../modules/plans/plans.model';
import { countReviews } from '../modules/reviews/reviews.service';
import { MembershipLinkModel } from '../modules/users/membership.model';
import { UserModel } from '../modules/users/users.model';
import { useTestDatabase } from '../test/db';
import { PendingMigrationsError, prepareDatabase, STARTUP_LOCK, type PrepareOptions } from '../startup';

/** Instances starting at the same moment against one database. */
const INSTANCES = 8;

function db() {
  const database = mongoose.connection.db;
  if (!database) throw new Error('not connected');
  return database;
}

/**
 * A migration that is not idempotent on purpose: it adds one to a counter each time it runs, so a
 * second application shows. It takes a while, so that the instances' start-ups overlap.
 */
function countingMigration(id: string): Migration {
  return {
    id,
    description: `counts its runs (${id})`,
    async up(database) {
      const runs = database.collection<{ _id: string; runs: number }>('migration_runs');
      const current = await runs.findOne({ _id: id });
      await new Promise((resolve) => setTimeout(resolve, 50));
      if (current) await runs.updateOne({ _id: id }, { $set: { runs: current.runs + 1 } });
      else await runs.insertOne({ _id: id, runs: 1 });
    },
  };
}

async function runsOf(id: string): Promise<number> {
  return (await db().collection<{ _id: string; runs: number }>('migration_runs').findOne({ _id: id }))?.runs ?? 0;
}

describe('start-up with several instances (prepareDatabase)', () => {
  useTestDatabase();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pulso-startup-'));
  const logger = { info: () => undefined, warn: () => undefined };
  const seed = { passwords: new PasswordHasher(4), storage: new LocalDiskStorage(dir) };
  const migrations = [...MIGRATIONS, countingMigration('900-count-a'), countingMigration('901-count-b')];
  const start = (options: Partial<PrepareOptions> = {}) =>
    prepareDatabase({ logger, migrate: true, seed, migrations, lock: { pollMs: 20 }, ...options });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  beforeEach(async () => {
    // Each test starts from an empty database, as a fresh installation does (indexes included).
    await mongoose.connection.dropDatabase();
  });

  test('when several instances start at the same moment on an empty database, then each migration runs once and the demo data is seeded once', async () => {
    // Reviews of an older installation, which the first migration moves.
    await db()
      .collection('reviews')
      .insertMany([
        { user: new Types.ObjectId(), lesson: new Types.ObjectId(), stars: 4, createdAt: new Date() },
        { user: new Types.ObjectId(), lesson: new Types.ObjectId(), stars: 2, createdAt: new Date() },
      ]);

    const results = await Promise.all(Array.from({ length: INSTANCES }, () => start()));

    expect(await runsOf('900-count-a')).toBe(1);
    expect(await runsOf('901-count-b')).toBe(1);
    expect(results.flatMap((r) => r.migrated).sort()).toEqual(migrations.map((m) => m.id).sort());
    const records = await db().collection(MIGRATIONS_COLLECTION).find({}).toArray();
    expect(records.map((r) => r._id).sort()).toEqual(migrations.map((m) => m.id).sort());
    expect(results.filter((r) => r.seeded)).toHaveLength(1);

    expect(await PlanModel.countDocuments()).toBe(DEMO_PLANS.length);
    // The demo accounts and the year of history's members (each of its purchases a link and a payment), once.
    const users = await UserModel.find({}, { email: 1 }).lean();
    expect(users).toHaveLength(DEMO_USERS.length + DEMO_HISTORY_MEMBERS);
    expect(users.every((u) => isDemoEmail(u.email))).toBe(true);
    expect(await BranchModel.countDocuments()).toBe(DEMO_BRANCHES.length);
    expect(await LessonModel.countDocuments()).toBe(DEMO_LESSONS.length);
    const history = users.filter((u) => !DEMO_USERS.some((d) => d.email === u.email)).map((u) => u._id);
    const historyPurchases = await MembershipLinkModel.countDocuments({ user: trusted({ $in: history }) });
    expect(historyPurchases).toBeGreaterThan(DEMO_HISTORY_MEMBERS);
    expect(await PaymentModel.countDocuments()).toBe(DEMO_USERS.filter((u) => u.plan).length + historyPurchases);
    expect(await countReviews()).toBe(2 + DEMO_REVIEWS.length);
    // The unique indexes exist although no model built them itself (autoIndex is off).
    const userIndexes = await UserModel.collection.indexes();
    expect(userIndexes.some((index) => index.unique && 'email' in index.key)).toBe(true);
    // Every instance released its generation of the lock: the last one left is free.
    const locks = await db().collection(LOCKS_COLLECTION).find({ name: STARTUP_LOCK }).toArray();
    expect(locks.length).toBeGreaterThanOrEqual(1);
    expect(locks.every((l) => l.releasedAt instanceof Date)).toBe(true);
  });

  test('when the database is already prepared, then a second start applies and seeds nothing', async () => {
    await start();
    const users = await UserModel.countDocuments();
    const again = await start();
    expect(again).toEqual({ migrated: [], seeded: false });
    expect(await runsOf('900-count-a')).toBe(1);
    expect(await UserModel.countDocuments()).toBe(users);
  });

  test('when a crashed instance left the start-up lock held, then the next start waits for it to expire and takes it over', async () => {
    const expiresAt = new Date(Date.now() + 1_500);
    await db()
      .collection(LOCKS_COLLECTION)
      .insertOne({
        _id: `${STARTUP_LOCK}:7` as unknown as Types.ObjectId,
        name: STARTUP_LOCK,
        generation: 7,
        holder: 'dead-host:1234:00000000',
        acquiredAt: new Date(),
        expiresAt,
        releasedAt: null,
      });
    const waits: string[] = [];
    const began = Date.now();
    const result = await start({ lock: { pollMs: 20, onWait: ({ holder }) => waits.push(holder) } });
    expect(waits).toEqual(['dead-host:1234:00000000']);
    expect(result.seeded).toBe(true);
    expect(await runsOf('900-count-a')).toBe(1);
    // The next generation took over once the dead one's time was up, not long after (the seeding that
    // follows, a year of demo history, takes its own seconds).
    const locks = await db().collection(LOCKS_COLLECTION).find({ name: STARTUP_LOCK }).toArray();
    expect(locks.map((l) => l.generation)).toEqual([8]);
    const takenAt = (locks[0]?.acquiredAt as Date).getTime();
    expect(takenAt).toBeGreaterThanOrEqual(expiresAt.getTime());
    expect(takenAt - began).toBeLessThan(10_000);
  });

  test('when another instance holds the lock longer than the start may wait, then the start fails and changes nothing', async () => {
    await db()
      .collection(LOCKS_COLLECTION)
      .insertOne({
        _id: `${STARTUP_LOCK}:1` as unknown as Types.ObjectId,
        name: STARTUP_LOCK,
        generation: 1,
        holder: 'busy-host:1:00000000',
        acquiredAt: new Date(),
        expiresAt: new Date(Date.now() + 60_000),
        releasedAt: null,
      });
    await expect(start({ lock: { waitMs: 300, pollMs: 20 } })).rejects.toThrow(LockTimeoutError);
    expect(await runsOf('900-count-a')).toBe(0);
    expect(await UserModel.countDocuments()).toBe(0);
  });

  test('when migrations are pending and start may not apply them, then it refuses before seeding anything', async () => {
    await expect(start({ migrate: false })).rejects.toThrow(PendingMigrationsError);
    await expect(start({ migrate: false })).rejects.toThrow(/npm run migrate/);
    expect(await UserModel.countDocuments()).toBe(0);
    expect(await runsOf('900-count-a')).toBe(0);
    // Once the operator has migrated, the same start goes ahead.
    await start({ seed: undefined });
    await expect(start({ migrate: false })).resolves.toEqual({ migrated: [], seeded: true });
  });
});
