import mongoose from 'mongoose';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config/env';
import { resolveDatabase, type ResolvedDatabase } from './database-engine';

// Query filters built from user input can never smuggle operators such as { $gt: '' }: operator
// objects are only honoured when the code marks them with mongoose.trusted().
mongoose.set('sanitizeFilter', true);
mongoose.set('strictQuery', true);
// Updates are checked against the schema (lengths, ranges) like creates are.
mongoose.set('runValidators', true);

export interface DatabaseHandle {
  engine: ResolvedDatabase;
  close(): Promise<void>;
}

export class DatabaseConnectError extends Error {
  override name = 'DatabaseConnectError';
}

/** Connects mongoose to `uri`, failing within `timeoutMs` instead of hanging. */
export async function connectMongoose(uri: string, timeoutMs: number): Promise<void> {
  try {
    await mongoose.connect(uri, {
      serverSelectionTimeoutMS: timeoutMs,
      connectTimeoutMS: timeoutMs,
      autoIndex: true,
    });
  } catch (error) {
    await mongoose.disconnect().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatabaseConnectError(
      `Could not connect to the database within ${Math.round(timeoutMs / 1000)} s: ${reason}`,
    );
  }
}

/** Resolves the engine (MONGODB_URI or an embedded one in DATA_DIR/db), connects and builds indexes. */
export async function openDatabase(config: Config, logger: Logger): Promise<DatabaseHandle> {
  const engine = await resolveDatabase({
    mongodbUri: config.mongodbUri,
    dataDir: path.join(config.dataDir, 'db'),
    log: (line) => logger.info(line),
  });
  try {
    await connectMongoose(engine.uri, config.dbConnectTimeoutMs);
    await mongoose.connection.syncIndexes();
  } catch (error) {
    await engine.stop();
    throw error;
  }
  logger.info(`Database: ${engine.description}`);
  return {
    engine,
    async close() {
      await mongoose.disconnect();
      await engine.stop();
    },
  };
}

export function isDatabaseReady(): boolean {
  return mongoose.connection.readyState === mongoose.ConnectionStates.connected;
}

/** A round trip to the server, for the readiness probe. */
export async function pingDatabase(timeoutMs = 2000): Promise<boolean> {
  const db = mongoose.connection.db;
  if (!isDatabaseReady() || !db) return false;
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

/** Runs a write; a duplicate-key error (E11000, a unique index said no) becomes `conflict()`. */
export async function onDuplicateKey<T>(run: () => Promise<T>, conflict: () => Error): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if ((error as { code?: number }).code === 11000) throw conflict();
    throw error;
  }
}
