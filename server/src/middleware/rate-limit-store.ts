import type { ClientRateLimitInfo, IncrementResponse, Options, Store } from 'express-rate-limit';
import { LRUCache } from 'lru-cache';
import mongoose from 'mongoose';
import { isDuplicateKeyError } from '../lib/db';
import { RateLimitHitModel, RateLimitWindowModel } from './rate-limit.model';

interface AnchorDoc {
  _id: string;
  key: string;
  start: Date;
  expiresAt: Date;
}

interface HitDoc {
  _id: string;
  key: string;
  window: string;
  n: number;
  expiresAt: Date;
}

/** One counting window of one client: computed from its anchor and the time, never stored. */
interface Window {
  id: string;
  resetAt: Date;
}

const anchors = () => mongoose.connection.collection<AnchorDoc>(RateLimitWindowModel.collection.collectionName);
const hits = () => mongoose.connection.collection<HitDoc>(RateLimitHitModel.collection.collectionName);

/** The collections of the counters (backups leave them out). */
export const RATE_LIMIT_COLLECTIONS = [
  RateLimitWindowModel.collection.collectionName,
  RateLimitHitModel.collection.collectionName,
];

const DAY_MS = 86_400_000;
/** Slots probed at once (point reads in parallel) when looking for free or taken ones. */
const PROBE_BATCH = 16;

/**
 * An express-rate-limit store in the database, so that every server on it counts each client
 * together, exactly, on MongoDB and on FerretDB alike, with nothing but inserts, point reads and
 * deletes by `_id` (FerretDB answers those from an index; any other filter reads the collection).
 *
 * Why not `$inc` on one counter document (rate-limiter-flexible's RateLimiterMongo): FerretDB reads,
 * changes and rewrites a document on update, so simultaneous `$inc`s on one counter are lost (25 at
 * once left it at 2 to 6 in our trial) and simultaneous upserts fail with duplicate keys. Here every
 * step that must happen once is an insert under `_id`, which only one caller can win:
 *
 * - time is cut into epochs (a day, or four windows when a window is longer than six hours); a
 *   client's first counted request of an epoch inserts its anchor `<limit>|<client>|<epoch>` with
 *   the moment it came (whoever loses that insert reads the winner's). Its windows follow one
 *   another from there, `windowMs` each, the last one cut short at the epoch's end; so every server
 *   computes the same current window `<anchor>|<k>` from the anchor, which never changes;
 * - each counted request takes a numbered slot `<window>#<n>` of that window and is let through only
 *   with a slot n <= limit. At most `limit` slots exist, so never more than `limit` requests pass,
 *   however many arrive at once and through however many servers; and a request is refused only
 *   after it found every slot up to the limit taken, so exactly `limit` pass.
 * - a request that gives its count back (a successful sign-in) deletes its own slot (`release`).
 *
 * Each process remembers the clients' anchors and the next slot to try; a client new to it in a
 * window finds where the taken slots end by probing them (1, 2, 4, 8… then halving). The first
 * request that finds the slots full probes them all for freed ones; later ones are refused at once,
 * until this process frees a slot or the window ends (a slot another server frees in a full window
 * is reused by that server's next request). Ended anchors and slots are deleted by the periodic job
 * `rate-limit-purge` (purgeRateLimits), not on a request: FerretDB has no TTL indexes.
 */
export class DatabaseRateLimitStore implements Store {
  /** Counts are shared between servers and kept apart per limit by this prefix. */
  readonly localKeys = false;
  private windowMs = 60_000;
  private limit = Number.MAX_SAFE_INTEGER;
  /** Per client and epoch (`<limit>|<client>|<epoch>`): its anchor, which never changes. */
  private readonly anchors = new LRUCache<string, AnchorDoc>({ max: 10_000 });
  /** Per client (`<limit>|<client>`): the window seen last, and the next slot to try in it. */
  private readonly seen = new LRUCache<string, { window: string; next: number; full?: boolean }>({ max: 10_000 });

  constructor(readonly prefix: string) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
    if (typeof options.limit === 'number') this.limit = options.limit;
  }

  private get epochMs(): number {
    return Math.max(DAY_MS, 4 * this.windowMs);
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const window = await this.currentWindow(this.prefix + key, Date.now(), false);
    if (!window) return undefined;
    const taken = await this.takenSlots(window.id);
    return { totalHits: taken.length, resetTime: window.resetAt };
  }

  async increment(key: string): Promise<IncrementResponse> {
    const now = Date.now();
    const fullKey = this.prefix + key;
    const window = (await this.currentWindow(fullKey, now, true)) as Window;
    const resetTime = window.resetAt;
    const seen = this.seen.get(fullKey);
    const sameWindow = seen?.window === window.id;
    // Found full by this process: refused without reading again until this process frees a slot.
    if (sameWindow && seen.full) return { totalHits: this.limit + 1, resetTime };
    let n = sameWindow ? seen.next : await this.firstUntakenGuess(window.id);
    let lookedForFreed = false;
    for (;;) {
      if (n > this.limit) {
        // Slots below may have been given back since they were taken.
        if (lookedForFreed) break;
        lookedForFreed = true;
        n = await this.lowestFreeSlot(window.id);
        if (n > this.limit) break;
      }
      try {
        await hits().insertOne({
          _id: `${window.id}#${n}`,
          key: fullKey,
          window: window.id,
          n,
          expiresAt: resetTime,
        });
        this.seen.set(fullKey, { window: window.id, next: n + 1 });
        return { totalHits: n, resetTime };
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
      // Slot n was taken meanwhile, here or by another server: try the next.
      n += 1;
    }
    this.seen.set(fullKey, { window: window.id, next: this.limit + 1, full: true });
    return { totalHits: this.limit + 1, resetTime };
  }

  /** Gives back slot `n` of the client's window that ends at `resetTime` (what `increment` answered). */
  async release(key: string, n: number, resetTime: Date): Promise<void> {
    const fullKey = this.prefix + key;
    const window = await this.currentWindow(fullKey, Date.now(), false);
    if (!window || window.resetAt.getTime() !== resetTime.getTime() || n > this.limit) return;
    await hits().deleteOne({ _id: `${window.id}#${n}` });
    const seen = this.seen.get(fullKey);
    if (seen?.window === window.id && n < seen.next)
      this.seen.set(fullKey, { window: window.id, next: n, full: false });
  }

  async decrement(key: string): Promise<void> {
    const fullKey = this.prefix + key;
    const window = await this.currentWindow(fullKey, Date.now(), false);
    if (!window) return;
    // Another decrement may delete the same slot first: then free the next highest.
    for (let attempt = 0; attempt < 5; attempt++) {
      const highest = (await this.takenSlots(window.id)).at(-1);
      if (highest === undefined) return;
      if ((await hits().deleteOne({ _id: `${window.id}#${highest}` })).deletedCount === 1) {
        this.seen.delete(fullKey);
        return;
      }
    }
  }

  /** Forgets a client's counts (not on a request path: it reads the collections). */
  async resetKey(key: string): Promise<void> {
    const fullKey = this.prefix + key;
    this.seen.delete(fullKey);
    for (const id of [...this.anchors.keys()]) if (id.startsWith(`${fullKey}|`)) this.anchors.delete(id);
    await hits().deleteMany({ key: fullKey });
    await anchors().deleteMany({ key: fullKey });
  }

  /**
   * The client's window at `now`: from its anchor of the current epoch (remembered, else read by
   * `_id`, else, when `start`, inserted with `now` as its start). None without an anchor.
   */
  private async currentWindow(fullKey: string, now: number, start: boolean): Promise<Window | null> {
    const epoch = Math.floor(now / this.epochMs);
    const anchorId = `${fullKey}|${epoch}`;
    let anchor = this.anchors.get(anchorId) ?? (await anchors().findOne({ _id: anchorId }));
    if (!anchor && start) {
      const fresh: AnchorDoc = {
        _id: anchorId,
        key: fullKey,
        start: new Date(now),
        expiresAt: new Date((epoch + 1) * this.epochMs),
      };
      try {
        await anchors().insertOne(fresh);
        anchor = fresh;
      } catch (error) {
        // Another request (on any server) started the epoch first: use theirs.
        if (!isDuplicateKeyError(error)) throw error;
        anchor = await anchors().findOne({ _id: anchorId });
      }
    }
    if (!anchor) return null;
    this.anchors.set(anchorId, anchor);
    const k = Math.max(0, Math.floor((now - anchor.start.getTime()) / this.windowMs));
    const end = Math.min(anchor.start.getTime() + (k + 1) * this.windowMs, anchor.expiresAt.getTime());
    return { id: `${anchorId}|${k}`, resetAt: new Date(end) };
  }

  private async slotTaken(windowId: string, n: number): Promise<boolean> {
    return (await hits().findOne({ _id: `${windowId}#${n}` }, { projection: { _id: 1 } })) !== null;
  }

  /**
   * Where the taken slots of a window end, for a process that has not counted in it yet: slots are
   * taken lowest first, so it probes 1, 2, 4, 8… to the first free one, then halves the gap. A slot
   * freed below is found later, when the slots above the guess run out.
   */
  private async firstUntakenGuess(windowId: string): Promise<number> {
    if (!(await this.slotTaken(windowId, 1))) return 1;
    let taken = 1;
    let free = 2;
    while (free <= this.limit && (await this.slotTaken(windowId, free))) {
      taken = free;
      free *= 2;
    }
    if (free > this.limit) free = this.limit + 1;
    while (free - taken > 1) {
      const mid = Math.floor((taken + free) / 2);
      if (await this.slotTaken(windowId, mid)) taken = mid;
      else free = mid;
    }
    return free;
  }

  /** The taken slots of a window, in order, probed up to the limit a batch at a time. */
  private async takenSlots(windowId: string): Promise<number[]> {
    const taken: number[] = [];
    for (let from = 1; from <= this.limit; from += PROBE_BATCH) {
      const slots = Array.from({ length: Math.min(PROBE_BATCH, this.limit - from + 1) }, (_, i) => from + i);
      const found = await Promise.all(slots.map((n) => this.slotTaken(windowId, n)));
      slots.forEach((n, i) => found[i] && taken.push(n));
      // Slots are taken lowest first: a whole batch free means none above (bar a rare give-back).
      if (!found.includes(true)) break;
    }
    return taken;
  }

  private async lowestFreeSlot(windowId: string): Promise<number> {
    for (let from = 1; from <= this.limit; from += PROBE_BATCH) {
      const slots = Array.from({ length: Math.min(PROBE_BATCH, this.limit - from + 1) }, (_, i) => from + i);
      const found = await Promise.all(slots.map((n) => this.slotTaken(windowId, n)));
      const free = found.indexOf(false);
      if (free >= 0) return slots[free] ?? this.limit + 1;
    }
    return this.limit + 1;
  }
}

/**
 * Deletes ended slots and anchors (the periodic job `rate-limit-purge`; FerretDB has no TTL
 * indexes), and the windows of the store's earlier shape. Returns how many went.
 */
export async function purgeRateLimits(now = new Date()): Promise<number> {
  const [slots, ended, earlier] = await Promise.all([
    hits().deleteMany({ expiresAt: { $lte: now } }),
    anchors().deleteMany({ expiresAt: { $lte: now } }),
    anchors().deleteMany({ expiresAt: { $exists: false } }),
  ]);
  return slots.deletedCount + ended.deletedCount + earlier.deletedCount;
}
