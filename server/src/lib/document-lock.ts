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
 */
export function withDocumentLock<T>(
  key: string,
  work: () => Promise<T>,
  options: DocumentLockOptions = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    local
      .run(key, async () => {
        const { ttlMs, waitMs } = { ...DEFAULTS, ...options };
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
        try {
          resolve(await work());
        } catch (error) {
          reject(error);
        } finally {
          // Only this holder's lock goes (one taken over after it expired is the next holder's). Well
          // inside its lease no one else can hold it (the servers' clocks agree to far less than half
          // a lease), so it goes by `_id` alone, which the engine finds by its index; near the end of
          // the lease, only if it still names this holder.
          const safe = Date.now() < expiresAt - ttlMs / 2;
          const release = writes.delete(safe ? { _id: key } : { _id: key, holder }).catch(() => undefined);
          releasing.add(release);
          await release;
          releasing.delete(release);
        }
      })
      // Taking the lock failed (timed out, or the database is gone): the caller is told.
      .catch(reject);
  });
}

/** Deletions of released locks under way. */
const releasing = new Set<Promise<void>>();

/** Resolves once every lock released so far is deleted (shutdown, tests). */
export async function locksReleased(): Promise<void> {
  while (releasing.size > 0) await Promise.all([...releasing]);
}
