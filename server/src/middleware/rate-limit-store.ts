import type { ClientRateLimitInfo, IncrementResponse, Options, Store } from 'express-rate-limit';
import { LRUCache } from 'lru-cache';
import mongoose from 'mongoose';
import { isDuplicateKeyError } from '../lib/db';
import { RateLimitHitModel, RateLimitWindowModel } from './rate-limit.model';

interface WindowDoc {
  _id: string;
  key: string;
  generation: number;
  resetAt: Date;
}

interface HitDoc {
  _id: string;
  key: string;
  window: string;
  n: number;
  expiresAt: Date;
}

const windows = () => mongoose.connection.collection<WindowDoc>(RateLimitWindowModel.collection.collectionName);
const hits = () => mongoose.connection.collection<HitDoc>(RateLimitHitModel.collection.collectionName);

/** The collections of the counters (backups leave them out). */
export const RATE_LIMIT_COLLECTIONS = [
  RateLimitWindowModel.collection.collectionName,
  RateLimitHitModel.collection.collectionName,
];

/** How often (at most) one process sweeps ended windows and their hits. */
const SWEEP_EVERY_MS = 60_000;

/**
 * An express-rate-limit store in the database, so that every server on it counts each client
 * together, exactly, on MongoDB and on FerretDB alike.
 *
 * Why not `$inc` on one counter document (rate-limiter-flexible's RateLimiterMongo): FerretDB reads,
 * changes and rewrites a document on update, so simultaneous `$inc`s on one counter are lost (25 at
 * once left it at 2 to 6 in our trial) and simultaneous upserts fail with duplicate keys. Here every
 * step that must happen once is an insert under `_id`, which only one caller can win:
 *
 * - a client's window is a document `<limit>|<client>|<generation>` that starts at its first request
 *   and lasts `windowMs`; when it has ended, the next request inserts generation + 1 (whoever loses
 *   that insert uses the winner's window), so all servers share one window per client;
 * - each counted request takes a numbered slot `<window>#<n>` of that window and is let through only
 *   with a slot n <= limit. At most `limit` slots exist, so never more than `limit` requests pass,
 *   however many arrive at once and through however many servers; and a request is refused only
 *   after it found every slot up to the limit taken, so exactly `limit` pass.
 * - a request that gives its count back (a successful sign-in) deletes its own slot (`release`).
 *
 * FerretDB answers a lookup by `_id` in a few milliseconds but reads a whole collection for any
 * other query, so the usual request does only `_id` operations: windows never change once written,
 * so each process remembers the clients' current windows and the next slot to try; a collection is
 * read only for a client this process has not seen in its current window, and for the first request
 * that finds the slots full (to look for freed ones; later ones are refused at once, until this
 * process frees a slot or the window ends: a slot another server frees in a full window is reused
 * by that server's next request). Ended windows and their slots are deleted at most
 * once a minute per process, by the request that notices it is time (FerretDB has no TTL indexes);
 * a window is kept one window longer than it lasts, so that a request that read it just before it
 * ended never starts a second current window.
 */
export class DatabaseRateLimitStore implements Store {
  /** Counts are shared between servers and kept apart per limit by this prefix. */
  readonly localKeys = false;
  private windowMs = 60_000;
  private limit = Number.MAX_SAFE_INTEGER;
  private lastSweep = 0;
  /** Per client (`<limit>|<client>`): the latest window seen, and the next slot to try in it. */
  private readonly seen = new LRUCache<string, { window: WindowDoc; next: number; full?: boolean }>({ max: 10_000 });

  constructor(readonly prefix: string) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
    if (typeof options.limit === 'number') this.limit = options.limit;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const window = await this.currentWindow(this.prefix + key, Date.now());
    if (!window) return undefined;
    return { totalHits: await hits().countDocuments({ window: window._id }), resetTime: window.resetAt };
  }

  async increment(key: string): Promise<IncrementResponse> {
    const now = Date.now();
    const fullKey = this.prefix + key;
    this.sweep(now);
    const window = await this.openWindow(fullKey, now);
    const resetTime = window.resetAt;
    const seen = this.seen.get(fullKey);
    const sameWindow = seen?.window._id === window._id;
    // Found full by this process: refused without reading again until this process frees a slot.
    if (sameWindow && seen.full) return { totalHits: this.limit + 1, resetTime };
    let n = sameWindow ? seen.next : 1;
    let lookedForFreed = false;
    for (;;) {
      if (n > this.limit) {
        // Slots below may have been given back since they were taken.
        if (lookedForFreed) break;
        lookedForFreed = true;
        n = await this.lowestFreeSlot(window._id);
        if (n > this.limit) break;
      }
      try {
        await hits().insertOne({
          _id: `${window._id}#${n}`,
          key: fullKey,
          window: window._id,
          n,
          expiresAt: resetTime,
        });
        this.seen.set(fullKey, { window, next: n + 1 });
        return { totalHits: n, resetTime };
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
      // Slot n was taken meanwhile, here or by another server: try the next.
      n += 1;
    }
    this.seen.set(fullKey, { window, next: this.limit + 1, full: true });
    return { totalHits: this.limit + 1, resetTime };
  }

  /** Gives back slot `n` of the client's window that ends at `resetTime` (what `increment` answered). */
  async release(key: string, n: number, resetTime: Date): Promise<void> {
    const fullKey = this.prefix + key;
    const window = await this.currentWindow(fullKey, Date.now());
    if (!window || window.resetAt.getTime() !== resetTime.getTime() || n > this.limit) return;
    await hits().deleteOne({ _id: `${window._id}#${n}` });
    const seen = this.seen.get(fullKey);
    if (seen?.window._id === window._id && n < seen.next) this.seen.set(fullKey, { window, next: n, full: false });
  }

  async decrement(key: string): Promise<void> {
    const fullKey = this.prefix + key;
    const window = await this.currentWindow(fullKey, Date.now());
    if (!window) return;
    // Another decrement may delete the same slot first: then free the next highest.
    for (let attempt = 0; attempt < 5; attempt++) {
      const highest = await hits().find({ window: window._id }).sort({ n: -1 }).limit(1).next();
      if (!highest) return;
      if ((await hits().deleteOne({ _id: highest._id })).deletedCount === 1) {
        this.seen.delete(fullKey);
        return;
      }
    }
  }

  async resetKey(key: string): Promise<void> {
    const fullKey = this.prefix + key;
    this.seen.delete(fullKey);
    await hits().deleteMany({ key: fullKey });
    await windows().deleteMany({ key: fullKey });
  }

  /** The client's window that has not ended at `now`, if there is one. */
  private async currentWindow(fullKey: string, now: number): Promise<WindowDoc | null> {
    const latest = await this.latestWindow(fullKey);
    return latest && latest.resetAt.getTime() > now ? latest : null;
  }

  /**
   * The client's latest window: the one this process saw last when it has not ended (windows
   * never change, and the next one is only started after it ended), else found by `_id` from the
   * one seen on, else (a client new to this process, or swept meanwhile) by reading the collection.
   */
  private async latestWindow(fullKey: string): Promise<WindowDoc | null> {
    const seen = this.seen.get(fullKey)?.window;
    if (seen && seen.resetAt.getTime() > Date.now()) return seen;
    // Read again: once swept, a window of that number may have been started anew by another server.
    const stored = seen ? await windows().findOne({ _id: seen._id }) : null;
    if (!stored) return windows().find({ key: fullKey }).sort({ generation: -1 }).limit(1).next();
    let latest: WindowDoc = stored;
    for (;;) {
      const next: WindowDoc | null = await windows().findOne({ _id: `${fullKey}|${latest.generation + 1}` });
      if (!next) return latest;
      latest = next;
    }
  }

  /** The client's current window, started now when the last one has ended (or there was none). */
  private async openWindow(fullKey: string, now: number): Promise<WindowDoc> {
    for (;;) {
      const latest = await this.latestWindow(fullKey);
      if (latest && latest.resetAt.getTime() > now) return latest;
      const generation = (latest?.generation ?? 0) + 1;
      const window: WindowDoc = {
        _id: `${fullKey}|${generation}`,
        key: fullKey,
        generation,
        resetAt: new Date(now + this.windowMs),
      };
      try {
        await windows().insertOne(window);
        this.seen.set(fullKey, { window, next: 1 });
        return window;
      } catch (error) {
        // Another request (on any server) started it first: read theirs.
        if (!isDuplicateKeyError(error)) throw error;
        if (latest) this.seen.set(fullKey, { window: latest, next: 1 });
        else this.seen.delete(fullKey);
      }
    }
  }

  private async lowestFreeSlot(windowId: string): Promise<number> {
    const taken = new Set(
      (
        await hits()
          .find({ window: windowId }, { projection: { n: 1 } })
          .toArray()
      ).map((hit) => hit.n),
    );
    let n = 1;
    while (taken.has(n)) n += 1;
    return n;
  }

  /** Deletes ended slots, and windows ended more than a window ago, without holding up the request. */
  private sweep(now: number): void {
    if (now - this.lastSweep < Math.min(SWEEP_EVERY_MS, this.windowMs)) return;
    this.lastSweep = now;
    void Promise.all([
      hits().deleteMany({ expiresAt: { $lte: new Date(now) } }),
      windows().deleteMany({ resetAt: { $lte: new Date(now - this.windowMs) } }),
    ]).catch(() => undefined);
  }
}
