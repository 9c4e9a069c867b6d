import mongoose from 'mongoose';
import { useTestDatabase } from '../../test/db';
import { LOCKS_COLLECTION, LockLostError, withDatabaseLock } from '../database-lock';

function db() {
  const database = mongoose.connection.db;
  if (!database) throw new Error('not connected');
  return database;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('withDatabaseLock', () => {
  useTestDatabase();

  beforeEach(async () => {
    await db().collection(LOCKS_COLLECTION).deleteMany({});
  });

  test('when many callers take one lock at the same moment, then they run one at a time and all run', async () => {
    let inside = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        withDatabaseLock(
          db(),
          'together',
          async () => {
            inside += 1;
            most = Math.max(most, inside);
            await sleep(20);
            order.push(i);
            inside -= 1;
          },
          { pollMs: 10 },
        ),
      ),
    );
    expect(most).toBe(1);
    expect(order.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  test('when the holder works longer than the lock lasts, then it renews it and nobody takes it over', async () => {
    let inside = 0;
    let most = 0;
    const work = async () => {
      inside += 1;
      most = Math.max(most, inside);
      await sleep(700);
      inside -= 1;
    };
    await Promise.all([
      withDatabaseLock(db(), 'long', work, { ttlMs: 200, pollMs: 10 }),
      sleep(50).then(() => withDatabaseLock(db(), 'long', work, { ttlMs: 200, pollMs: 10 })),
    ]);
    expect(most).toBe(1);
  });

  test('when the work throws, then the lock is released for the next caller', async () => {
    await expect(
      withDatabaseLock(db(), 'fails', async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await expect(withDatabaseLock(db(), 'fails', async () => 'next', { waitMs: 1_000 })).resolves.toBe('next');
  });

  test('when a holder stopped renewing and its lock was taken over, then its next check says it lost the lock', async () => {
    let check: (() => Promise<void>) | undefined;
    let release: (() => void) | undefined;
    const first = withDatabaseLock(
      db(),
      'stolen',
      async (lock) => {
        check = () => lock.check();
        await new Promise<void>((resolve) => (release = resolve));
        await lock.check();
      },
      { ttlMs: 60_000 },
    );
    while (!check) await sleep(10);
    // A frozen holder (no renewal for a long while): its generation is expired by hand.
    await db()
      .collection(LOCKS_COLLECTION)
      .updateMany({ name: 'stolen' }, { $set: { expiresAt: new Date(Date.now() - 1), releasedAt: null } });
    await withDatabaseLock(db(), 'stolen', async () => undefined, { waitMs: 1_000, pollMs: 10 });
    release?.();
    await expect(first).rejects.toThrow(LockLostError);
  });
});
