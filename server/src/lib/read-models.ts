import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Response } from 'express';
import mongoose from 'mongoose';
import type { Logger } from 'pino';
import { withDocumentLock } from './document-lock';
import {
  ON_CACHED_ANSWER,
  readCache,
  toCachedBody,
  writeCached,
  type CachedAnswerListener,
  type CachedBody,
} from './read-cache';

/**
 * Read models: the answers of the busy public and member reads (the class list, a class with its
 * reviews, the sedes, the plans...), stored in the database under a key and sent as they are.
 *
 * The embedded engine (FerretDB 1.24 on SQLite) answers a query by `_id` alone from an index and
 * reads a whole collection for any other filter, decoding every document (about 75 µs each, more
 * for big ones). So a read that assembles its answer from queries gets slower as the chain grows,
 * while one point read of a stored answer does not. The answer is stored as one binary value (its
 * JSON, Brotli-compressed): the engine decodes one field instead of thousands, and a client that
 * accepts Brotli gets those very bytes.
 *
 * Writes keep them current: the request that changes what a read model shows rebuilds or patches it
 * before answering (the modules' `*.views.ts`), under a document lock per model so that two writers
 * never lose each other's change. A read model that is missing is built by the first read that
 * needs it. `ensureReadModels()` (at start-up, by `npm run migrate` and after a restore) rebuilds
 * them all when the stored ones are of another shape or were never built. Because they live in the
 * database, every server on it shares them; the in-process read cache (read-cache.ts) stays in
 * front of them as an optimisation.
 */

export const READ_MODELS = 'read_models';

/** Changes whenever a read model's shape changes: stored ones of another version are rebuilt at start. */
export const READ_MODELS_VERSION = 2;

const META_ID = 'meta';

interface ReadModelDoc {
  _id: string;
  /** The answer's JSON, Brotli-compressed. */
  br: mongoose.mongo.Binary;
  etag: string;
  /** The JSON's length in bytes. */
  length: number;
  at: Date;
}

interface MetaDoc {
  _id: string;
  version: number;
  builtAt: Date;
}

const models = () => mongoose.connection.collection<ReadModelDoc | MetaDoc>(READ_MODELS);

const brotli = promisify(zlib.brotliCompress);
const unbrotli = promisify(zlib.brotliDecompress);

function compress(body: Buffer): Promise<Buffer> {
  return brotli(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      // Quality 4 compresses the 3,000-class list in about 5 ms (quality 5: about 27 ms) for a few
      // percent more bytes.
      [zlib.constants.BROTLI_PARAM_QUALITY]: body.length > 256 * 1024 ? 4 : 5,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/** Stores `value` as the read model `key` (replacing what was stored). */
export async function storeModel(key: string, value: unknown): Promise<CachedBody> {
  const cached = toCachedBody(value);
  const br = await compress(cached.body);
  await models().replaceOne(
    { _id: key },
    { br: new mongoose.mongo.Binary(br), etag: cached.etag, length: cached.body.length, at: new Date() },
    { upsert: true },
  );
  cached.encoded = { br: Promise.resolve(br) };
  return cached;
}

export async function deleteModel(key: string): Promise<void> {
  await models().deleteOne({ _id: key });
}

/**
 * A stored answer as sent: its Brotli bytes as stored, and its JSON decompressed only when asked for
 * (a client that does not accept Brotli, a patch). Decompressing the class list on every request
 * was most of a cache-off request's work.
 */
class StoredBody implements CachedBody {
  private plain: Buffer | undefined;
  readonly encoded: CachedBody['encoded'];
  constructor(
    private readonly br: Buffer,
    readonly etag: string,
    readonly length: number,
  ) {
    this.encoded = { br: Promise.resolve(br) };
  }
  get body(): Buffer {
    this.plain ??= zlib.brotliDecompressSync(this.br);
    return this.plain;
  }
}

/** The stored answer `key`, ready to send; null when none is stored. */
export async function loadModel(key: string): Promise<CachedBody | null> {
  const doc = (await models().findOne({ _id: key })) as ReadModelDoc | null;
  if (!doc?.br) return null;
  return new StoredBody(Buffer.from(doc.br.buffer), doc.etag, doc.length);
}

/** The stored value of read model `key` (to patch it); null when none is stored. */
export async function loadModelValue<T>(key: string): Promise<T | null> {
  const doc = (await models().findOne({ _id: key })) as ReadModelDoc | null;
  if (!doc?.br) return null;
  const plain = await unbrotli(Buffer.from(doc.br.buffer));
  return JSON.parse(plain.toString('utf8')) as T;
}

/**
 * Changes the read model `key` with `change` (given the stored value, or null when there is none;
 * returning undefined leaves it as it is, null deletes it), one writer at a time across every server.
 */
export async function patchModel<T>(
  key: string,
  change: (current: T | null) => Promise<T | null | undefined> | T | null | undefined,
): Promise<void> {
  await withDocumentLock(`read-model:${key}`, async ({ hold }) => {
    // A hold handed over from the last writer of this process has the value as it was stored (no
    // other writer can change it meanwhile): no read, no decompression.
    const carried = hold.value as T | undefined;
    hold.value = undefined;
    const next = await change(carried ?? (await loadModelValue<T>(key)));
    if (next === undefined) return;
    if (next === null) await deleteModel(key);
    else {
      await storeModel(key, next);
      hold.value = next;
    }
  });
}

/** Builds and stores the read model `key`, one builder at a time across every server. */
export async function rebuildModel(key: string, build: () => Promise<unknown>): Promise<void> {
  await patchModel(key, async () => (await build()) ?? null);
}

/**
 * The stored answer `key`; when it is missing (never built, or nobody changed it since the read
 * models were built), `build` makes it and it is stored unless a writer stored one meanwhile. A
 * build that throws (a 404) stores nothing and takes no lock.
 */
export async function loadOrBuild(key: string, build: () => Promise<unknown>): Promise<CachedBody> {
  const stored = await loadModel(key);
  if (stored) return stored;
  const value = await build();
  let answer: CachedBody | undefined;
  await withDocumentLock(`read-model:${key}`, async ({ hold }) => {
    hold.value = undefined;
    answer = (await loadModel(key)) ?? (await storeModel(key, value));
  });
  return new BuiltBody(answer as CachedBody);
}

/** An answer loadOrBuild() had to store: the read cache counts that write against it. */
class BuiltBody implements CachedBody {
  body: Buffer;
  length: number;
  etag: string;
  encoded: CachedBody['encoded'];
  constructor(answer: CachedBody) {
    this.body = answer.body;
    this.length = answer.body.length;
    this.etag = answer.etag;
    this.encoded = answer.encoded;
  }
}

/**
 * Sends the read model `key` (see writeCached(): ETag, 304, Brotli as stored), built by `build` when
 * it is not stored, through the in-process read cache when it is on.
 */
export async function sendModel(res: Response, key: string, build: () => Promise<unknown>): Promise<void> {
  const cacheKey = `model:${key}`;
  const load = () => loadOrBuild(key, build);
  const size = (entry: CachedBody) => Math.ceil((entry.length ?? entry.body.length) * 1.25) + 200;
  let cached = await readCache.get(cacheKey, load, size);
  // Storing it was a write to what the entry read, so the cache holds it as stale: read it once more
  // (now a point read) so that the next request finds it current.
  if (cached instanceof BuiltBody && readCache.enabled) cached = await readCache.get(cacheKey, load, size);
  const listener = (res.req as { [ON_CACHED_ANSWER]?: CachedAnswerListener })[ON_CACHED_ANSWER];
  listener?.(cacheKey, res.getHeaders(), key);
  await writeCached(res.req, res, cached);
}

/**
 * A read model made whole from a small collection (the sedes, the plans, the exercise types):
 * sent by `send`, rebuilt by `refresh` after every write to what it shows, and by the full rebuild.
 */
export function wholeModel(key: string, build: () => Promise<unknown>) {
  registerReadModels({
    name: key,
    async rebuildAll() {
      await rebuildModel(key, build);
      return 1;
    },
  });
  return {
    send: (res: Response) => sendModel(res, key, build),
    refresh: () => rebuildModel(key, build),
  };
}

/** A rebuild of every read model of one kind, from the collections they summarise. */
export interface ReadModelFamily {
  name: string;
  rebuildAll(): Promise<number>;
}

const families: ReadModelFamily[] = [];

/** Modules register how to rebuild their read models (at import). */
export function registerReadModels(family: ReadModelFamily): void {
  if (!families.some((f) => f.name === family.name)) families.push(family);
}

/** Whether the stored read models were all built by this version (kept once seen: it only changes at start). */
let readyVersion: number | undefined;

export async function readModelsReady(): Promise<boolean> {
  if (readyVersion === READ_MODELS_VERSION) return true;
  const meta = (await models().findOne({ _id: META_ID })) as MetaDoc | null;
  if (meta?.version === READ_MODELS_VERSION) readyVersion = meta.version;
  return readyVersion === READ_MODELS_VERSION;
}

/**
 * Rebuilds every read model from the data when the stored ones are of another version or were never
 * built (`force`: always). Start-up runs it under the start-up lock; its scans are the one place
 * read models are made from whole collections.
 */
export async function ensureReadModels(
  logger?: Pick<Logger, 'info'>,
  force = false,
): Promise<{ rebuilt: boolean; models: number }> {
  if (!force && (await readModelsReady())) return { rebuilt: false, models: 0 };
  const started = Date.now();
  readyVersion = undefined;
  await models().deleteOne({ _id: META_ID });
  let count = 0;
  for (const family of families) count += await family.rebuildAll();
  await models().replaceOne({ _id: META_ID }, { version: READ_MODELS_VERSION, builtAt: new Date() }, { upsert: true });
  readyVersion = READ_MODELS_VERSION;
  logger?.info(`Read models built: ${count} in ${Date.now() - started} ms`);
  return { rebuilt: true, models: count };
}

/** Forgets what readModelsReady() learnt (tests that drop the database). */
export function forgetReadModelsState(): void {
  readyVersion = undefined;
}
