import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type mongoose from 'mongoose';
import { isDuplicateKeyError } from './db';

type Db = mongoose.mongo.Db;

/** Where the locks live. Bookkeeping, not data: `npm run backup` leaves it out. */
export const LOCKS_COLLECTION = 'locks';

/**
 * One generation of a named lock. Taking the lock inserts the next generation under its `_id`
 * (`name:generation`), so of several callers only one can win it, on every engine: FerretDB does not
 * make `findOneAndUpdate` atomic against a simultaneous update, but a unique key refuses the second
 * insert everywhere. A generation is free once it is released or past `expiresAt`.
 */
interface LockDoc {
  _id: string;
  name: string;
  generation: number;
  holder: string;
  acquiredAt: Date;
  expiresAt: Date;
  releasedAt: Date | null;
}

export class LockTimeoutError extends Error {
  override name = 'LockTimeoutError';
}

export class LockLostError extends Error {
  override name = 'LockLostError';
}

export interface LockOptions {
  /**
   * How long a generation lasts without a renewal. The holder renews it every third of this, so
   * only a holder that stopped (crashed, frozen, cut off) lets it expire; then the next caller takes
   * it over. Keep it well above the clock difference between the machines.
   */
  ttlMs?: number;
  /** Longest wait for a lock someone else holds; then LockTimeoutError. */
  waitMs?: number;
  /** Pause between looks at a held lock. */
  pollMs?: number;
  /** Told once when the lock is found held by someone else (to log why start-up waits). */
  onWait?: (holder: { holder: string; acquiredAt: Date; expiresAt: Date }) => void;
}

/** What the function run under the lock can ask of it. */
export interface HeldLock {
  /** Throws LockLostError when the lock is no longer ours (expired and taken over). */
  check(): Promise<void>;
}

const DEFAULTS = { ttlMs: 30_000, waitMs: 10 * 60_000, pollMs: 250 };

function locks(db: Db) {
  return db.collection<LockDoc>(LOCKS_COLLECTION);
}

const generationId = (name: string, generation: number) => `${name}:${generation}`;

/** This process, as other instances see it in the lock document (for people reading logs). */
function holderId(): string {
  return `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

async function newest(db: Db, name: string): Promise<LockDoc | null> {
  const [doc] = await locks(db).find({ name }).sort({ generation: -1 }).limit(1).toArray();
  return doc ?? null;
}

const isFree = (doc: LockDoc, now: number) => doc.releasedAt !== null || doc.expiresAt.getTime() <= now;

/**
 * Takes the next generation of `name` if the newest is free: true when this caller won it. After
 * winning, a newer generation than ours means ours was inserted late (after an older generation was
 * cleaned away under a newer holder), so it is withdrawn and the caller looks again.
 */
async function tryTake(db: Db, name: string, holder: string, ttlMs: number): Promise<LockDoc | 'held' | 'lost'> {
  const current = await newest(db, name);
  const now = Date.now();
  if (current && !isFree(current, now)) return 'held';
  const generation = (current?.generation ?? 0) + 1;
  const doc: LockDoc = {
    _id: generationId(name, generation),
    name,
    generation,
    holder,
    acquiredAt: new Date(now),
    expiresAt: new Date(now + ttlMs),
    releasedAt: null,
  };
  try {
    await locks(db).insertOne(doc);
  } catch (error) {
    if (isDuplicateKeyError(error)) return 'lost';
    throw error;
  }
  const latest = await newest(db, name);
  if (latest && latest.generation > generation) {
    await locks(db).deleteOne({ _id: doc._id, holder });
    return 'lost';
  }
  // Older generations are history; only the holder removes them.
  await locks(db).deleteMany({ name, generation: { $lt: generation } });
  return doc;
}

/**
 * Runs `work` while holding the database lock `name`, shared by every process on the database:
 * a second caller waits (up to `waitMs`) until the first releases it, then runs its own `work`. The
 * lock is renewed while `work` runs and released after it, even when it throws. A holder that died
 * leaves its generation to expire after `ttlMs`; the next caller then takes the lock over.
 */
export async function withDatabaseLock<T>(
  db: Db,
  name: string,
  work: (lock: HeldLock) => Promise<T>,
  options: LockOptions = {},
): Promise<T> {
  const { ttlMs, waitMs, pollMs } = { ...DEFAULTS, ...options };
  const holder = holderId();
  const deadline = Date.now() + waitMs;
  let told = false;
  let held: LockDoc | undefined;
  while (!held) {
    const result = await tryTake(db, name, holder, ttlMs);
    if (typeof result === 'object') {
      held = result;
      break;
    }
    if (result === 'held') {
      const current = await newest(db, name);
      if (current && !told) {
        told = true;
        options.onWait?.({ holder: current.holder, acquiredAt: current.acquiredAt, expiresAt: current.expiresAt });
      }
      if (Date.now() >= deadline) {
        throw new LockTimeoutError(
          `The database lock "${name}" is still held by ${current?.holder ?? 'another process'} ` +
            `after ${Math.round(waitMs / 1000)} s (it expires at ${current?.expiresAt.toISOString() ?? '?'} ` +
            'unless its holder renews it)',
        );
      }
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
    // 'lost': someone else won that generation at the same moment; look again at once.
  }

  const mine = held;
  let lost = false;
  // Renewal is an update of our own generation's document: nobody else ever writes to it.
  const renew = async () => {
    const expiresAt = new Date(Date.now() + ttlMs);
    const result = await locks(db).updateOne({ _id: mine._id, holder, releasedAt: null }, { $set: { expiresAt } });
    if (result.matchedCount === 0) lost = true;
    else mine.expiresAt = expiresAt;
  };
  const timer = setInterval(
    () => {
      void renew().catch(() => undefined);
    },
    Math.max(10, Math.floor(ttlMs / 3)),
  );
  timer.unref();

  const lock: HeldLock = {
    async check() {
      const latest = await newest(db, name);
      if (lost || mine.expiresAt.getTime() <= Date.now() || latest?._id !== mine._id) {
        lost = true;
        throw new LockLostError(`The database lock "${name}" expired and was taken over by another process`);
      }
    },
  };
  try {
    return await work(lock);
  } finally {
    clearInterval(timer);
    await locks(db)
      .updateOne({ _id: mine._id, holder }, { $set: { releasedAt: new Date() } })
      .catch(() => undefined);
  }
}
