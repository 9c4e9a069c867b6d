import mongoose from 'mongoose';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config/env';
import { resolveDatabase, type ResolvedDatabase } from './database-engine';
import { CacheSync } from './cache-sync';
import { readCache } from './read-cache';
import { countCommands } from './metrics';

// Query filters built from user input can never smuggle operators such as { $gt: '' }: operator
// objects are only honoured when the code marks them with mongoose.trusted().
mongoose.set('sanitizeFilter', true);
mongoose.set('strictQuery', true);
// Updates are checked against the schema (lengths, ranges) like creates are.
mongoose.set('runValidators', true);
// No command buffering: while the database is down a query fails after the server selection
// timeout (and the API answers 503) instead of waiting in a queue until the client gives up.
// Collections are created by the first write or by syncIndexes, never by a model compiled before
// the connection is open (which buffering-off would turn into an error).
mongoose.set('bufferCommands', false);
mongoose.set('autoCreate', false);
// Each query would otherwise capture a stack trace when it runs (to report a query run twice), a
// share of every request's CPU (more with source-mapped traces, NODE_OPTIONS=--enable-source-maps).
mongoose.set('skipOriginalStackTraces', true);

/**
 * Newest first, for the lists ordered by when their records were made: records made in the same
 * millisecond (a bulk action's, two messages one after the other) go by their ids, which grow as
 * they are made, instead of in whatever order the engine leaves ties.
 */
export const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

/** How long an operation waits for a reachable server, set by the last connectMongoose(). */
let selectionTimeoutMs = 2000;

export interface DatabaseHandle {
  engine: ResolvedDatabase;
  close(): Promise<void>;
}

export class DatabaseConnectError extends Error {
  override name = 'DatabaseConnectError';
}

function isSelectionFailure(error: unknown): boolean {
  return (
    error instanceof mongoose.Error.MongooseServerSelectionError ||
    error instanceof mongoose.mongo.MongoServerSelectionError ||
    error instanceof mongoose.mongo.MongoNetworkError
  );
}

/**
 * Connects mongoose to `uri`, failing within `timeoutMs` instead of hanging. Afterwards every
 * operation waits at most `serverSelectionTimeoutMs` for a reachable server (the database stopped
 * mid-run means a prompt error, not a hung request); the first connection keeps trying until
 * `timeoutMs`, so a slow-starting or remote database still gets its full time.
 */
export async function connectMongoose(
  uri: string,
  timeoutMs: number,
  serverSelectionTimeoutMs: number = timeoutMs,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const selection = Math.min(serverSelectionTimeoutMs, timeoutMs);
  for (;;) {
    try {
      await mongoose.connect(uri, {
        serverSelectionTimeoutMS: selection,
        connectTimeoutMS: timeoutMs,
        // Indexes are built once per start under the start-up lock (startup.ts), not by every
        // model of every instance as it compiles.
        autoIndex: false,
        // Every write is seen by the read cache, which drops what it changes.
        monitorCommands: true,
      });
      readCache.clear();
      readCache.watch(mongoose.connection.getClient());
      countCommands(mongoose.connection.getClient());
      selectionTimeoutMs = selection;
      return;
    } catch (error) {
      await mongoose.disconnect().catch(() => undefined);
      if (isSelectionFailure(error) && deadline - Date.now() > 250) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        continue;
      }
      const reason = error instanceof Error ? error.message : String(error);
      throw new DatabaseConnectError(
        `Could not connect to the database within ${Math.round(timeoutMs / 1000)} s: ${reason}`,
      );
    }
  }
}

/**
 * Resolves the engine (MONGODB_URI or an embedded one in DATA_DIR/db) and connects. Indexes are
 * built by prepareDatabase (startup.ts), under the lock shared by every instance. A server
 * (`serving`) also keeps its read cache coherent with the other servers on the database.
 */
export async function openDatabase(
  config: Config,
  logger: Logger,
  options: { serving?: boolean } = {},
): Promise<DatabaseHandle> {
  const engine = await resolveDatabase({
    mongodbUri: config.mongodbUri,
    dataDir: path.join(config.dataDir, 'db'),
    log: (line) => logger.info(line),
  });
  try {
    await connectMongoose(engine.uri, config.dbConnectTimeoutMs, config.dbServerSelectionTimeoutMs);
  } catch (error) {
    await engine.stop();
    throw error;
  }
  logger.info(`Database: ${engine.description}`);
  const sync = options.serving ? startCacheSync(config.readCache.syncMs ?? 0, logger) : undefined;
  return {
    engine,
    async close() {
      await sync?.stop();
      await mongoose.disconnect();
      await engine.stop();
    },
  };
}

/**
 * Keeps this process's read cache coherent with the other servers on the same database (see
 * cache-sync.ts); none when `intervalMs` is 0 (a server alone on its database).
 */
export function startCacheSync(intervalMs: number, logger?: Logger): CacheSync | undefined {
  const db = mongoose.connection.db;
  if (intervalMs <= 0 || !db) return undefined;
  const sync = new CacheSync(db, readCache, { intervalMs, boundMs: 4 * intervalMs }, logger);
  sync.start();
  return sync;
}

/** A round trip to the server, for the readiness probe; false within the selection timeout when down. */
export async function pingDatabase(timeoutMs = selectionTimeoutMs): Promise<boolean> {
  // No shortcut on readyState: after an outage the ping itself makes the driver look for the
  // server again, so readiness comes back as soon as the database does.
  const db = mongoose.connection.db;
  if (!db) return false;
  try {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('ping timed out')), timeoutMs);
    });
    await Promise.race([db.admin().ping(), timeout]).finally(() => clearTimeout(timer));
    return true;
  } catch {
    return false;
  }
}

/**
 * A unique index refused the write. MongoDB says so with code 11000; FerretDB does too, except in
 * findAndModify, where SQLite's "UNIQUE constraint failed" comes back as InternalError (code 1).
 */
export function isDuplicateKeyError(error: unknown): boolean {
  const { code, message } = error as { code?: number; message?: unknown };
  if (code === 11000) return true;
  return code === 1 && typeof message === 'string' && message.includes('UNIQUE constraint failed');
}

/** For writes that may race an identical one (two processes seeding at once): a duplicate is fine. */
export function ignoreDuplicateKeys(error: unknown): void {
  if (!isDuplicateKeyError(error)) throw error;
}

/** Runs a write; a duplicate-key error (a unique index said no) becomes `conflict()`. */
export async function onDuplicateKey<T>(run: () => Promise<T>, conflict: () => Error): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isDuplicateKeyError(error)) throw conflict();
    throw error;
  }
}
