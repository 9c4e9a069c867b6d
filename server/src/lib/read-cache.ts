import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Response } from 'express';
import { LRUCache } from 'lru-cache';
import type { mongo } from 'mongoose';

/**
 * The API's read cache: computed answers of the busy reads (the public catalogue, a class with its
 * reviews, a member's profile and calendar, the admin's first page of users, the signed-in user),
 * kept in this process and dropped the moment a collection they were read from is written.
 *
 * Every command the driver sends is watched (MongoDB command monitoring). Nobody lists what an
 * entry depends on: while an entry is computed, the collections its commands read are recorded
 * (the computation runs in its own async context, so concurrent computations never mix their
 * reads), and the entry is used only while none of them has been written since the computation
 * started. Any write to a collection, whoever sends it through this process (a service, a script
 * sharing the connection, a test), counts, so a write is visible on the very next read with no
 * invalidation call to forget. Writes from other processes (the other instances of a chain's
 * servers) are learnt through cache-sync.ts: once it follows them, an entry is used only while the
 * other processes' writes are known up to a short bound ago. Entries also expire after `maxAgeMs`.
 *
 * Answers that depend on the clock (a membership is active until its end date) name the moment
 * they stop being true and expire then.
 */

/** Commands that change documents of the collection they name. */
const WRITE_COMMANDS = new Set(['insert', 'update', 'delete', 'findAndModify', 'drop', 'create']);
/** Commands that may change any collection. */
const DATABASE_COMMANDS = new Set(['dropDatabase', 'bulkWrite', 'renameCollection', 'applyOps']);
/** Commands that read the collection they name (`getMore` names it in `collection`). */
const READ_COMMANDS = new Set(['find', 'aggregate', 'count', 'distinct', 'getMore', 'listIndexes']);
/** Aggregation stages that read another collection, and the field naming it. */
const JOIN_STAGES: Record<string, string> = { $lookup: 'from', $graphLookup: 'from', $unionWith: 'coll' };

/** Stands for "every collection": a read whose collections are not known, a database-wide write. */
const ANY = '*';

/**
 * Collections of documents read and written one at a time by `_id` (the read models): in them each
 * document counts on its own, so writing one class's page does not drop every other cached answer
 * read from the same collection. A point read depends on `<collection>/<_id>` and on writes to the
 * whole collection; a point write marks `<collection>/<_id>` and `<collection>/#` (which any other
 * read of the collection depends on); any other write marks the whole collection.
 */
const KEYED_COLLECTIONS = new Set(['read_models']);

/** The one `_id` a filter names exactly (a string), or undefined. */
function exactId(filter: unknown): string | undefined {
  if (typeof filter !== 'object' || filter === null) return undefined;
  const id = (filter as { _id?: unknown })._id;
  return Object.keys(filter).length === 1 && typeof id === 'string' ? id : undefined;
}

/** For a keyed collection, the one document a write command names, if it names exactly one. */
function keyedWrite(commandName: string, command: Record<string, unknown>): string | undefined {
  let ids: (string | undefined)[] = [];
  if (commandName === 'update' && Array.isArray(command.updates)) {
    ids = command.updates.map((op) => exactId((op as { q?: unknown }).q));
  } else if (commandName === 'delete' && Array.isArray(command.deletes)) {
    ids = command.deletes.map((op) => exactId((op as { q?: unknown }).q));
  } else if (commandName === 'insert' && Array.isArray(command.documents)) {
    ids = command.documents.map((doc) => exactId({ _id: (doc as { _id?: unknown })._id }));
  }
  return ids.length === 1 ? ids[0] : undefined;
}

/** What a command writes (collections, or documents of keyed ones); ANY for "any"; none for a read. */
function writeTargets(commandName: string, command: Record<string, unknown>): string[] {
  if (DATABASE_COMMANDS.has(commandName)) return [ANY];
  if (!WRITE_COMMANDS.has(commandName)) return [];
  const target = command[commandName];
  if (typeof target !== 'string') return [ANY];
  const id = KEYED_COLLECTIONS.has(target) ? keyedWrite(commandName, command) : undefined;
  return id === undefined ? [target] : [`${target}/${id}`, `${target}/#`];
}

/** The collection a write target belongs to (the other servers learn writes by collection). */
export function collectionOf(target: string): string {
  const slash = target.indexOf('/');
  return slash > 0 && KEYED_COLLECTIONS.has(target.slice(0, slash)) ? target.slice(0, slash) : target;
}

/** Adds to `reads` the collections a read command reads (ANY when it cannot tell). */
function recordReads(commandName: string, command: Record<string, unknown>, reads: Set<string>): void {
  const target = commandName === 'getMore' ? command.collection : command[commandName];
  reads.add(typeof target === 'string' ? target : ANY);
  if (typeof target === 'string' && KEYED_COLLECTIONS.has(target)) {
    const id = commandName === 'find' ? exactId(command.filter) : undefined;
    reads.add(id === undefined ? `${target}/#` : `${target}/${id}`);
  }
  if (commandName === 'aggregate' && Array.isArray(command.pipeline)) recordJoins(command.pipeline, reads);
}

function recordJoins(pipeline: unknown[], reads: Set<string>): void {
  for (const stage of pipeline) {
    if (typeof stage !== 'object' || stage === null) continue;
    for (const [name, spec] of Object.entries(stage as Record<string, unknown>)) {
      const field = JOIN_STAGES[name];
      if (field === undefined || typeof spec !== 'object' || spec === null) continue;
      const joined = (spec as Record<string, unknown>)[field];
      reads.add(typeof joined === 'string' ? joined : ANY);
      const inner = (spec as { pipeline?: unknown }).pipeline;
      if (Array.isArray(inner)) recordJoins(inner, reads);
    }
  }
}

interface Entry<T> {
  value: T;
  /** The write count when the computation started. */
  since: number;
  /** The collections the computation read. */
  reads: ReadonlySet<string>;
  expiresAt: number;
  size: number;
}

/** A computation under way: its result, and the collections it has read so far. */
interface Running {
  promise: Promise<unknown>;
  reads: Set<string>;
}

/** A JSON answer ready to send: its bytes and their ETag. */
export interface CachedBody {
  body: Buffer;
  /**
   * The body's length when it is known without reading `body` (an answer stored compressed, whose
   * `body` is decompressed only for a client that does not accept its encoding).
   */
  length?: number;
  etag: string;
  /** Headers that belong to this answer (a total count), sent with it. */
  headers?: Readonly<Record<string, string>>;
  /** The body compressed, made on first demand and kept with it. */
  encoded?: Partial<Record<Encoding, Promise<Buffer>>>;
}

/** A computed answer with headers of its own (see withHeaders()). */
class AnswerWithHeaders {
  constructor(
    readonly value: unknown,
    readonly headers: Readonly<Record<string, string>>,
  ) {}
}

/** For sendCached(): an answer whose headers derive from the data, cached and sent with it. */
export function withHeaders(value: unknown, headers: Record<string, string>): AnswerWithHeaders {
  return new AnswerWithHeaders(value, headers);
}

export type Encoding = 'br' | 'gzip';

/** What a computation can tell the cache about its result. */
export interface ComputeContext {
  /** The result stops being true at this moment (a membership starts or ends). */
  expireAt(at: Date | number | null | undefined): void;
}

export interface ReadCacheOptions {
  enabled: boolean;
  maxBytes: number;
  maxAgeMs: number;
  /** How often the other servers' writes are read (cache-sync.ts); 0: this server is alone. */
  syncMs?: number;
}

export class ReadCache {
  /** Counts every write this process sends; `lastWrite` holds the count at each collection's last one. */
  private writes = 0;
  private readonly lastWrite = new Map<string, number>();
  private entries: LRUCache<string, Entry<unknown>>;
  private readonly inflight = new Map<string, Running>();
  /** The collections read by the computation the current async context belongs to. */
  private readonly reading = new AsyncLocalStorage<Set<string>>();
  private options: ReadCacheOptions;
  private readonly watched = new WeakSet<object>();
  /** Told of every write this process sends, once it is answered (cache-sync.ts publishes them). */
  private localWrites?: (collection: string) => void;
  /**
   * When other processes write to the database too (cache-sync.ts): the moment up to which their
   * writes are known, and how old that knowledge may be for an entry to be used.
   */
  private remote?: { knownAt: number; boundMs: number };
  hits = 0;
  misses = 0;

  constructor(options: ReadCacheOptions = { enabled: true, maxBytes: 64 * 1024 * 1024, maxAgeMs: 60_000 }) {
    this.options = options;
    this.entries = this.createStore();
  }

  private createStore() {
    return new LRUCache<string, Entry<unknown>>({
      maxSize: Math.max(1, this.options.maxBytes),
      sizeCalculation: (entry) => Math.max(1, entry.size),
    });
  }

  configure(options: ReadCacheOptions): void {
    this.options = options;
    this.entries = this.createStore();
    this.inflight.clear();
  }

  get enabled(): boolean {
    return this.options.enabled;
  }

  /** The estimated bytes the entries hold. */
  get bytes(): number {
    return this.entries.calculatedSize;
  }

  /** Forgets everything (a new connection, maybe to another database). */
  clear(): void {
    this.written(ANY);
    this.entries.clear();
    this.inflight.clear();
  }

  /** Marks `collection` (ANY: every collection) as written: entries that read it are no longer used. */
  written(collection: string): void {
    this.lastWrite.set(collection, ++this.writes);
  }

  /** Calls `listener` with the collection of every write this process sends, once it is answered. */
  onLocalWrite(listener: ((collection: string) => void) | undefined): void {
    this.localWrites = listener;
  }

  /**
   * Other processes write to the database too: from now on an entry is used only while their writes
   * are known (remoteKnownAt) up to `boundMs` ago. Nothing is known yet, so nothing is used until
   * the first remoteKnownAt(). `undefined` goes back to this process alone.
   */
  followRemote(boundMs: number | undefined): void {
    this.remote = boundMs === undefined ? undefined : { knownAt: -Infinity, boundMs };
  }

  /** Every write other processes made before `at` has been marked with written(). */
  remoteKnownAt(at: number): void {
    if (this.remote && at > this.remote.knownAt) this.remote.knownAt = at;
  }

  /** Watches every command `client` sends: reads teach computations what they depend on, writes invalidate. */
  watch(client: mongo.MongoClient): void {
    if (this.watched.has(client)) return;
    this.watched.add(client);
    // A write is marked when it is sent (a read that starts now must not be kept) and again when
    // it is answered (a read that ran while it was applied may have seen the old documents).
    const pending = new Map<number, string[]>();
    client.on('commandStarted', (event) => {
      const targets = writeTargets(event.commandName, event.command);
      if (targets.length === 0) {
        const reads = this.reading.getStore();
        if (reads && READ_COMMANDS.has(event.commandName)) recordReads(event.commandName, event.command, reads);
        return;
      }
      pending.set(event.requestId, targets);
      for (const target of targets) this.written(target);
    });
    const answered = (event: { requestId: number }) => {
      const targets = pending.get(event.requestId);
      if (targets === undefined) return;
      pending.delete(event.requestId);
      for (const target of targets) this.written(target);
      // The other servers learn it by collection.
      this.localWrites?.(collectionOf(targets[0] as string));
    };
    client.on('commandSucceeded', answered);
    client.on('commandFailed', answered);
  }

  /**
   * A read of `collection` made for the computation under way (if any), whatever context its command
   * is sent in (lib/combined-reads.ts sends many callers' reads as one command).
   */
  noteRead(collection: string, id: unknown): void {
    const reads = this.reading.getStore();
    if (!reads) return;
    reads.add(collection);
    if (KEYED_COLLECTIONS.has(collection))
      reads.add(typeof id === 'string' ? `${collection}/${id}` : `${collection}/#`);
  }

  /** Whether nothing the entry read (nor every collection at once) was written since it was computed. */
  private isCurrent(entry: Entry<unknown>, now: number): boolean {
    if (entry.expiresAt <= now) return false;
    if (this.remote && now - this.remote.knownAt > this.remote.boundMs) return false;
    if (this.writes === entry.since) return true;
    if (entry.reads.has(ANY) || (this.lastWrite.get(ANY) ?? 0) > entry.since) return false;
    for (const collection of entry.reads) {
      if ((this.lastWrite.get(collection) ?? 0) > entry.since) return false;
    }
    return true;
  }

  /** An entry used inside another computation: that one depends on what this one read. */
  private passOn(reads: ReadonlySet<string>): void {
    const outer = this.reading.getStore();
    if (outer) for (const collection of reads) outer.add(collection);
  }

  /**
   * The value under `key`, computed by `compute` when missing or stale; what it depends on is what
   * it reads. Concurrent misses share one computation. `sizeOf` estimates the bytes an entry keeps
   * alive.
   */
  async get<T>(
    key: string,
    compute: (ctx: ComputeContext) => Promise<T>,
    sizeOf: (value: T) => number = () => 1024,
  ): Promise<T> {
    if (!this.options.enabled) return compute({ expireAt: () => undefined });
    const now = Date.now();
    const cached = this.entries.get(key);
    if (cached && this.isCurrent(cached, now)) {
      this.hits++;
      this.passOn(cached.reads);
      return cached.value as T;
    }
    const running = this.inflight.get(key);
    if (running) {
      const value = (await running.promise) as T;
      this.passOn(running.reads);
      return value;
    }
    this.misses++;
    const since = this.writes;
    const reads = new Set<string>();
    let expiresAt = now + this.options.maxAgeMs;
    const ctx: ComputeContext = {
      expireAt(at) {
        if (at === null || at === undefined) return;
        const ms = typeof at === 'number' ? at : at.getTime();
        if (ms > now && ms < expiresAt) expiresAt = ms;
      },
    };
    // Awaited inside the context: a query builder returned as is (a thenable) runs when awaited.
    const promise = this.reading
      .run(reads, async () => await compute(ctx))
      .then(
        (value) => {
          if (this.inflight.get(key)?.promise === promise) {
            this.inflight.delete(key);
            // A write during the computation already counts as later than `since`: the entry is born
            // stale and the next read computes again.
            this.entries.set(key, { value, since, reads, expiresAt, size: sizeOf(value) });
          }
          return value;
        },
        (error: unknown) => {
          if (this.inflight.get(key)?.promise === promise) this.inflight.delete(key);
          throw error;
        },
      );
    this.inflight.set(key, { promise, reads });
    const value = await promise;
    this.passOn(reads);
    return value;
  }

  /** The value under `key` if it is cached and current; never computes. */
  peek<T>(key: string): T | undefined {
    if (!this.options.enabled) return undefined;
    const cached = this.entries.get(key);
    if (!cached || !this.isCurrent(cached, Date.now())) return undefined;
    this.hits++;
    return cached.value as T;
  }

  /** The collections the entry under `key` was computed from (tests and diagnostics). */
  readsOf(key: string): string[] | undefined {
    const entry = this.entries.get(key);
    return entry ? [...entry.reads].sort() : undefined;
  }

  /** Like get(), for a JSON answer: serialised and hashed once, then sent as is. */
  body(key: string, compute: (ctx: ComputeContext) => Promise<unknown>): Promise<CachedBody> {
    return this.get(
      key,
      async (ctx) => {
        const result = await compute(ctx);
        return result instanceof AnswerWithHeaders ? toCachedBody(result.value, result.headers) : toCachedBody(result);
      },
      // Room for a compressed copy too (JSON compresses to well under a quarter).
      (entry) => Math.ceil(entry.body.length * 1.25) + 200,
    );
  }
}

export function toCachedBody(value: unknown, headers?: Record<string, string>): CachedBody {
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  const hash = createHash('sha1')
    .update(body)
    .update(headers ? JSON.stringify(headers) : '')
    .digest('base64')
    .slice(0, 27);
  return { body, etag: `W/"${body.length.toString(16)}-${hash}"`, ...(headers ? { headers } : {}) };
}

/** The process's cache, configured by createApp() and fed by connectMongoose(). */
export const readCache = new ReadCache();

/** Whether the client's If-None-Match names `etag` (weak comparison, as for GET). */
function clientHas(ifNoneMatch: string | undefined, cacheControl: string | undefined, etag: string): boolean {
  if (!ifNoneMatch || (cacheControl && /(?:^|,)\s*no-cache\s*(?:,|$)/i.test(cacheControl))) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

/** Bodies smaller than this are sent uncompressed (a packet's worth; compressing them gains nothing). */
export const COMPRESS_MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Compressed once per cached answer, with settings fast enough for a large catalogue. */
function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'gzip') return gzip(body, { level: 6 });
  return brotli(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/**
 * The encoding to send given an Accept-Encoding header: Brotli, else gzip, else none. An encoding
 * with `q=0` is refused, `*` stands for any encoding not named.
 */
export function preferredEncoding(header: string | string[] | undefined): Encoding | undefined {
  if (!header) return undefined;
  const accepted = new Set<string>();
  const refused = new Set<string>();
  for (const part of String(header).split(',')) {
    const [rawName = '', ...params] = part.split(';');
    const name = rawName.trim().toLowerCase();
    let q = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(param);
      if (match) q = Number(match[1]);
    }
    (q > 0 ? accepted : refused).add(name === 'x-gzip' ? 'gzip' : name);
  }
  const ok = (name: Encoding) => !refused.has(name) && (accepted.has(name) || accepted.has('*'));
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return undefined;
}

/** The body in `encoding`, compressed on first demand; the plain body if compressing fails. */
async function encodedBody(cached: CachedBody, encoding: Encoding): Promise<Buffer | undefined> {
  cached.encoded ??= {};
  const pending = (cached.encoded[encoding] ??= compress(cached.body, encoding));
  try {
    return await pending;
  } catch {
    return undefined;
  }
}

/** Adds `field` to the response's Vary header. */
function addVary(res: ServerResponse, field: string): void {
  const current = res.getHeader('Vary');
  if (!current) res.setHeader('Vary', field);
  else if (!String(current).toLowerCase().includes(field.toLowerCase()))
    res.setHeader('Vary', `${String(current)}, ${field}`);
}

/**
 * Writes a cached JSON answer: its ETag, `304 Not Modified` for a client that already has it
 * (If-None-Match), else the bytes, compressed with Brotli or gzip when the client accepts it and
 * the body is worth it. The ETag is weak, so it names the answer whatever its encoding.
 */
export async function writeCached(req: IncomingMessage, res: ServerResponse, cached: CachedBody): Promise<void> {
  const { headers, method } = req;
  const { etag } = cached;
  if (cached.headers) for (const [name, value] of Object.entries(cached.headers)) res.setHeader(name, value);
  const compressible = (cached.length ?? cached.body.length) >= COMPRESS_MIN_BYTES;
  const encoding = compressible ? preferredEncoding(headers['accept-encoding']) : undefined;
  const encoded = encoding ? await encodedBody(cached, encoding) : undefined;
  res.setHeader('ETag', etag);
  if (compressible) addVary(res, 'Accept-Encoding');
  if (clientHas(headers['if-none-match'], headers['cache-control'], etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  if (encoding && encoded) res.setHeader('Content-Encoding', encoding);
  const bytes = encoded ?? cached.body;
  res.setHeader('Content-Length', bytes.length);
  res.end(method === 'HEAD' ? undefined : bytes);
}

/**
 * Set on a request by the hot path (lib/hot-path.ts): called with the cache key and the headers
 * the app had set when the answer is sent from the cache, so the next identical request can be
 * answered without going through the app. `storedModel` names the read model the answer is (a
 * stored answer, lib/read-models.ts): with the read cache off, the hot path reads it again.
 */
export const ON_CACHED_ANSWER = Symbol('pulso.onCachedAnswer');

export type CachedAnswerListener = (key: string, headers: OutgoingHttpHeaders, storedModel?: string) => void;

/**
 * Sends the JSON answer cached under `key`, computing it when needed (see writeCached()).
 * The hot path replays the headers already set on `res` with later answers of the same request:
 * they must depend on the request alone (as the middleware's do); headers that derive from the
 * data are returned by `compute` with the value (withHeaders()) and cached with it.
 */
export async function sendCached(
  res: Response,
  key: string,
  compute: (ctx: ComputeContext) => Promise<unknown>,
): Promise<void> {
  const cached = await readCache.body(key, compute);
  const listener = (res.req as { [ON_CACHED_ANSWER]?: CachedAnswerListener })[ON_CACHED_ANSWER];
  listener?.(key, res.getHeaders());
  await writeCached(res.req, res, cached);
}
