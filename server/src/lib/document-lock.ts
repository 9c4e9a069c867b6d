import { randomBytes } from 'node:crypto';
import os from 'node:os';
import mongoose from 'mongoose';
import { CombinedWrites } from './combined-writes';
import { KeyedLock } from './keyed-lock';

/** Where the locks of single documents live while held (deleted on release: the collection stays tiny). */
export const DOCUMENT_LOCKS = 'document_locks';

interface DocumentLockDoc {
  _id: string;
  holder: string;
  expiresAt: Date;
}

export class DocumentLockTimeoutError extends Error {
  override name = 'DocumentLockTimeoutError';
}

export interface DocumentLockOptions {
  /** How long a holder that stopped (crashed, frozen) keeps the lock before the next caller takes it. */
  ttlMs?: number;
  /** Longest wait for a lock another process holds; then DocumentLockTimeoutError. */
  waitMs?: number;
}

const DEFAULTS = { ttlMs: 10_000, waitMs: 20_000 };

/**
 * The hold of the lock `work` runs in: when it was taken from the database and when its lease ends
 * (this process's clock), and what the callers of one unbroken hold keep for each other (`hold`: a
 * document as the last of them wrote it; no other process can change it while the hold lasts).
 */
export interface LockLease {
  takenAt: number;
  expiresAt: number;
  hold: Record<string, unknown>;
}

/** A lock this process holds in the database, handed from one caller to the next. */
interface Held extends LockLease {
  holder: string;
}

/**
 * How long one hold may go from caller to caller of this process without going back to the
 * database (well inside the lease); then it is released, and other processes get their turn.
 */
const HANDOFF_MS = 1_000;

/** Locks a caller of this process ended with another one of its callers waiting for them. */
const handedOver = new Map<string, Held>();

const collection = () => mongoose.connection.collection<DocumentLockDoc>(DOCUMENT_LOCKS);

/** Locks taken and released at the same moment (many members booking at once) go in one command each. */
const writes = new CombinedWrites(() => mongoose.connection.collection(DOCUMENT_LOCKS));

/** Serialises one process's callers before they compete for the database lock. */
const local = new KeyedLock();

/** This process's holders: its host, pid and a random token, then a count (unique without a random draw each). */
const holderPrefix = `${os.hostname()}:${process.pid}:${randomBytes(6).toString('hex')}`;
let holders = 0;

/**
 * Runs `work` while no other caller, in this process or another one on the same database, runs
 * work under the same `key`: a read, change and write of one document (a read model, a class's
 * reviews) then never loses another writer's change. FerretDB applies updates without isolation
 * (two compare-and-set updates of one version can both succeed), so the lock is an insert under
 * the key as `_id`, which every engine lets only one caller win; it is deleted when `work` ends.
 * Every step is a point operation by `_id`. A holder that died leaves the lock to expire after
 * `ttlMs` (work under these locks takes milliseconds).
 *
 * The result is given as soon as `work` ends; the lock is deleted after that, while the caller goes
 * on (its answer does not wait for one more round trip to the database: a booking holds two such
 * locks). The next caller in this process waits for the deletion; one in another process sees the
 * lock until it is gone, as before. `locksReleased()` waits for the deletions under way.
 *
 * A caller of this process already waiting for the key when `work` ends gets the lock as it is
 * (handed over: no deletion, no insert), for up to HANDOFF_MS from when it was taken; under a burst
 * (batches of one session, writes of one read model) the lock then costs two round trips a second
 * instead of two per caller, and the callers of one hold share `lease.hold`.
 */
export function withDocumentLock<T>(
  key: string,
  work: (lease: LockLease) => Promise<T>,
  options: DocumentLockOptions = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    local
      .run(key, async () => {
        const { ttlMs, waitMs } = { ...DEFAULTS, ...options };
        const lease = await take(key, ttlMs, waitMs);
        try {
          resolve(await work(lease));
        } catch (error) {
          reject(error);
        } finally {
          const ended = endHold(key, lease, ttlMs);
          releasing.add(ended);
          await ended;
          releasing.delete(ended);
        }
      })
      // Taking the lock failed (timed out, or the database is gone): the caller is told.
      .catch(reject);
  });
}

/** The lock of `key` for this caller: the one handed over to it, or a new one from the database. */
async function take(key: string, ttlMs: number, waitMs: number): Promise<Held> {
  const handed = handedOver.get(key);
  if (handed) {
    handedOver.delete(key);
    return handed;
  }
  const holder = `${holderPrefix}:${(holders += 1)}`;
  let expiresAt = 0;
  const started = Date.now();
  const deadline = started + waitMs;
  // A lock left by a holder that stopped is looked for once the wait is long enough to matter:
  // while a busy lock changes hands, the failed insert is all a try costs.
  const lookAfter = started + Math.min(ttlMs / 2, 1_000);
  let pause = 2;
  for (;;) {
    expiresAt = Date.now() + ttlMs;
    if (await writes.insert({ _id: key, holder, expiresAt: new Date(expiresAt) })) break;
    const now = Date.now();
    const current = now >= lookAfter || now >= deadline ? await collection().findOne({ _id: key }) : null;
    if (current && current.expiresAt.getTime() <= Date.now()) {
      // The holder stopped without releasing: its lock is removed and the insert tried again.
      await collection().deleteOne({ _id: key });
      continue;
    }
    if (Date.now() >= deadline) {
      throw new DocumentLockTimeoutError(`"${key}" is still locked by ${current?.holder ?? 'another process'}`);
    }
    await new Promise((r) => setTimeout(r, pause));
    pause = Math.min(pause * 2, 50);
  }
  return { holder, takenAt: Date.now(), expiresAt, hold: {} };
}

/**
 * Hands the lock to the next caller of this process when one is waiting by the end of this turn (a
 * caller that goes on with its next batch asks as soon as this one's answer is given) and the hold
 * is young: no deletion and no new insert. Otherwise it is deleted.
 */
async function endHold(key: string, lease: Held, ttlMs: number): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  const young = Date.now() - lease.takenAt < HANDOFF_MS && lease.expiresAt - Date.now() > ttlMs / 2;
  if (local.waiting(key) > 0 && young) handedOver.set(key, lease);
  else await releaseLock(key, lease, ttlMs);
}

/**
 * Deletes the lock. Only this holder's lock goes (one taken over after it expired is the next
 * holder's). Well inside its lease no one else can hold it (the servers' clocks agree to far less
 * than half a lease), so it goes by `_id` alone, which the engine finds by its index; near the end
 * of the lease, only if it still names this holder.
 */
async function releaseLock(key: string, lease: Held, ttlMs: number): Promise<void> {
  const safe = Date.now() < lease.expiresAt - ttlMs / 2;
  await writes.delete(safe ? { _id: key } : { _id: key, holder: lease.holder }).catch(() => undefined);
}

/** Holds ending (handed over or deleted) under way. */
const releasing = new Set<Promise<void>>();

/** Resolves once every lock released so far is deleted (shutdown, tests). */
export async function locksReleased(): Promise<void> {
  while (releasing.size > 0) await Promise.all([...releasing]);
}
