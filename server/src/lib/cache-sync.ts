import { randomUUID } from 'node:crypto';
import type { mongo } from 'mongoose';
import type { Logger } from 'pino';
import type { ReadCache } from './read-cache';

/** The collection where each process publishes how many writes it has sent to each collection. */
export const CACHE_VERSIONS = 'cache_versions';

/** One process's published writes: a count per collection it has written. */
interface VersionsDoc {
  _id: string;
  /** Per collection written, the count of this process's writes to it (an array: names may hold dots). */
  v: { c: string; n: number }[];
  at: Date;
}

export interface CacheSyncOptions {
  /** How often the other processes' writes are read. */
  intervalMs: number;
  /** How old that knowledge may be for a cached answer to be used (several intervals). */
  boundMs: number;
  /** How often a process that writes nothing says it is alive. */
  heartbeatMs?: number;
  /** Entries of processes silent for longer than this are removed. */
  forgetAfterMs?: number;
  /**
   * How long a write waits for the writes that follow it before the counts are published (default
   * 20 ms): one request's dozen writes then cost one or two publishes instead of one each.
   */
  publishDelayMs?: number;
}

/**
 * Keeps the read caches of several server processes on one database coherent, on every engine.
 *
 * Each process publishes, in its own document of `cache_versions`, how many writes it has sent to
 * each collection (one writer per document, so no update is ever lost, even on FerretDB, which
 * rewrites whole documents without isolation). Every `intervalMs` each process reads the few
 * documents of the others and marks as written every collection whose count moved. A cached answer
 * is used only while that reading succeeded less than `boundMs` ago: when the database cannot be
 * read, the cache stops answering within the bound instead of serving what may be stale.
 *
 * On MongoDB (a replica set) a change stream on the database also marks each write elsewhere the
 * moment it is made; the counts stay as the safety net. When the stream fails, the cache is
 * emptied and the counts alone keep it within the bound while the stream is opened again. FerretDB
 * has no change streams: there the counts do it all.
 */
export class CacheSync {
  readonly id = randomUUID();
  private readonly counts = new Map<string, number>();
  private readonly seen = new Map<string, number>();
  private dirty = false;
  private publishing: Promise<void> | undefined;
  private publishTimer: NodeJS.Timeout | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stream: mongo.ChangeStream | undefined;
  private streamRetry: NodeJS.Timeout | undefined;
  private lastPublish = 0;
  private stopped = false;
  /** Whether a change stream is open (diagnostics and metrics). */
  streaming = false;

  constructor(
    private readonly db: mongo.Db,
    private readonly cache: ReadCache,
    private readonly options: CacheSyncOptions,
    private readonly logger?: Logger,
  ) {}

  private get versions() {
    return this.db.collection<VersionsDoc>(CACHE_VERSIONS);
  }

  /** Starts publishing this process's writes and following the others'. */
  start(): void {
    this.cache.followRemote(this.options.boundMs);
    this.cache.onLocalWrite((collection) => this.noteWrite(collection));
    // A read starts every `intervalMs` (or as soon as the last one ends, when the database is slower
    // than that): the others' writes stay known to well within `boundMs` also under load, so the
    // cache is not dropped just when it saves the most.
    const tick = () => {
      if (this.stopped) return;
      const started = Date.now();
      void this.sync().finally(() => {
        const wait = Math.max(0, this.options.intervalMs - (Date.now() - started));
        if (!this.stopped) this.timer = setTimeout(tick, wait).unref();
      });
    };
    tick();
    this.openStream();
  }

  /** Stops following; the cache goes back to this process alone. */
  async stop(): Promise<void> {
    // Writes not yet published are published first: the other servers must still learn of them.
    clearTimeout(this.publishTimer);
    this.publishTimer = undefined;
    if (this.dirty) await this.publish().catch(() => undefined);
    this.stopped = true;
    clearTimeout(this.timer);
    clearTimeout(this.streamRetry);
    this.cache.onLocalWrite(undefined);
    this.cache.followRemote(undefined);
    await this.stream?.close().catch(() => undefined);
    await this.publishing?.catch(() => undefined);
  }

  private noteWrite(collection: string): void {
    if (collection === CACHE_VERSIONS) return;
    this.counts.set(collection, (this.counts.get(collection) ?? 0) + 1);
    this.dirty = true;
    if (this.publishTimer) return;
    this.publishTimer = setTimeout(() => {
      this.publishTimer = undefined;
      void this.publish();
    }, this.options.publishDelayMs ?? 20).unref();
  }

  /** Writes this process's counts; one write at a time, the latest counts each time. */
  private publish(): Promise<void> {
    if (this.publishing) return this.publishing;
    if (!this.dirty || this.stopped) return Promise.resolve();
    const run = async () => {
      try {
        // Writes that came during an update go out again at once, unless a publish is already timed
        // for them: that one carries them, so a burst of writes never costs one publish each.
        while (this.dirty && !this.stopped && !this.publishTimer) {
          this.dirty = false;
          const v = [...this.counts].map(([c, n]) => ({ c, n }));
          this.lastPublish = Date.now();
          await this.versions.updateOne({ _id: this.id }, { $set: { v, at: new Date() } }, { upsert: true });
        }
      } catch (error) {
        // Published again with the next write or heartbeat.
        this.dirty = true;
        this.logger?.warn({ err: error }, 'cache versions not published');
      }
    };
    // Cleared only after it is set: a run with nothing to write ends before `publishing` is assigned.
    const publishing: Promise<void> = run().finally(() => {
      if (this.publishing === publishing) this.publishing = undefined;
    });
    this.publishing = publishing;
    return publishing;
  }

  /** Reads the other processes' counts and marks what moved; then their writes are known up to the read. */
  async sync(): Promise<void> {
    const started = Date.now();
    try {
      const docs = await this.versions.find({}).toArray();
      const forgetBefore = started - (this.options.forgetAfterMs ?? 10 * 60_000);
      for (const doc of docs) {
        if (doc._id === this.id) continue;
        for (const { c, n } of doc.v ?? []) {
          const key = `${doc._id}\n${c}`;
          if (this.seen.get(key) === n) continue;
          this.seen.set(key, n);
          this.cache.written(c);
        }
        if (doc.at.getTime() < forgetBefore) await this.versions.deleteOne({ _id: doc._id, at: doc.at });
      }
      this.cache.remoteKnownAt(started);
      // A process that has written keeps its document alive; one that never wrote needs none.
      if (this.counts.size > 0 && started - this.lastPublish >= (this.options.heartbeatMs ?? 60_000)) {
        this.dirty = true;
        await this.publish();
      }
    } catch (error) {
      this.logger?.warn({ err: error }, 'cache versions not read: cached answers stop being used');
    }
  }

  /** A change stream on the database, where the engine has them (MongoDB replica sets). */
  private openStream(): void {
    if (this.stopped) return;
    const stream = this.db.watch([{ $project: { ns: 1 } }]);
    let opened = false;
    this.stream = stream;
    stream.on('init', () => {
      opened = true;
      this.streaming = true;
    });
    stream.on('change', (change: { ns?: { coll?: string } }) => {
      const collection = change.ns?.coll;
      if (collection && collection !== CACHE_VERSIONS) this.cache.written(collection);
    });
    stream.once('error', (error: unknown) => {
      this.streaming = false;
      void stream.close().catch(() => undefined);
      if (this.stream === stream) this.stream = undefined;
      if (this.stopped) return;
      if (!opened) {
        // The engine has no change streams (FerretDB, a standalone mongod): the counts do it all.
        this.logger?.debug({ err: error }, 'no change streams: other processes’ writes are read every interval');
        return;
      }
      // The stream had been working: what it would have said since is unknown.
      this.logger?.warn({ err: error }, 'change stream failed: cache emptied, opening it again');
      this.cache.clear();
      this.streamRetry = setTimeout(() => this.openStream(), 5_000).unref();
    });
  }
}
