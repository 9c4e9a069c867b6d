import { once } from 'node:events';
import { createWriteStream, mkdirSync, renameSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { createGzip, gunzipSync } from 'node:zlib';
import mongoose from 'mongoose';
import { CACHE_VERSIONS } from '../lib/cache-sync';
import { LOCKS_COLLECTION } from '../lib/database-lock';
import { DOCUMENT_LOCKS } from '../lib/document-lock';
import { READ_MODELS } from '../lib/read-models';
import { RATE_LIMIT_COLLECTIONS } from '../middleware/rate-limit-store';
import { JOB_LEASES } from '../lib/jobs';
import { MIGRATIONS_COLLECTION } from '../migrations/migration';

/**
 * Backup and restore of a whole Pulso database as one Extended JSON file (canonical mode, so
 * ObjectIds, dates, and integer vs. double numbers come back exactly as they were):
 *
 *   { "format": "pulso-backup", "version": 1, "createdAt": "...", "database": "pulso",
 *     "collections": { "branches": [ {...}, ... ], "users": [ ... ], ... } }
 *
 * One document per line inside each array. Images stored in GridFS (STORAGE=gridfs) are documents
 * of uploads.files and uploads.chunks, so they are in the file; images on disk are not: documents
 * keep their URL and storage key, and the uploads folder (DATA_DIR/uploads) is copied by the admin.
 */

type Db = mongoose.mongo.Db;
type Document = mongoose.mongo.Document;
const { EJSON } = mongoose.mongo.BSON;

export const BACKUP_FORMAT = 'pulso-backup';
export const BACKUP_VERSION = 1;

export interface Backup {
  createdAt: string;
  database: string;
  collections: Record<string, Document[]>;
}

/** Counts of documents per collection. */
export type CollectionCounts = Record<string, number>;

export class BackupError extends Error {
  override name = 'BackupError';
}

/** `pulso-YYYYMMDD-HHMMSS.json` in UTC. */
export function backupFileName(now = new Date(), gzip = false): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-');
  return `pulso-${stamp}.json${gzip ? '.gz' : ''}`;
}

/**
 * The data collections of the database, by name: not system or view ones, nor the running servers'
 * write counts (`cache_versions`, lib/cache-sync.ts), locks and job leases (`job_leases`,
 * lib/jobs.ts), which describe processes, not the chain, nor the rate limits' counters
 * (middleware/rate-limit-store.ts), about the last minutes' requests, nor the read models
 * (lib/read-models.ts), rebuilt from the data by the first start after a restore. The `migrations`
 * record is in: it says which migrations the data has had.
 */
export async function dataCollections(db: Db): Promise<string[]> {
  const infos = await db.listCollections({}, { nameOnly: false }).toArray();
  return infos
    .filter(
      (info) =>
        (info.type ?? 'collection') === 'collection' &&
        !info.name.startsWith('system.') &&
        info.name !== CACHE_VERSIONS &&
        info.name !== LOCKS_COLLECTION &&
        info.name !== DOCUMENT_LOCKS &&
        info.name !== READ_MODELS &&
        !RATE_LIMIT_COLLECTIONS.includes(info.name) &&
        info.name !== JOB_LEASES,
    )
    .map((info) => info.name)
    .sort();
}

async function write(out: Writable, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}

/**
 * Writes every document of every collection to `file` (gzip when it ends in .gz). The file appears
 * only when complete: it is written next to it under a temporary name and renamed at the end.
 */
export async function backupDatabase(db: Db, file: string, now = new Date()): Promise<CollectionCounts> {
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  const fileStream = createWriteStream(partial, { mode: 0o600 });
  const gzip = file.endsWith('.gz') ? createGzip() : undefined;
  if (gzip) gzip.pipe(fileStream);
  const out: Writable = gzip ?? fileStream;
  const finished = new Promise<void>((resolve, reject) => {
    fileStream.once('finish', resolve);
    fileStream.once('error', reject);
    gzip?.once('error', reject);
  });
  const counts: CollectionCounts = {};
  try {
    const header = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: now.toISOString(),
      database: db.databaseName,
    };
    await write(out, `${JSON.stringify(header).slice(0, -1)},"collections":{`);
    const names = await dataCollections(db);
    for (const [i, name] of names.entries()) {
      await write(out, `${i ? ',' : ''}\n${JSON.stringify(name)}:[`);
      let n = 0;
      for await (const doc of db.collection(name).find({}).sort({ _id: 1 })) {
        await write(out, `${n ? ',' : ''}\n${EJSON.stringify(doc, { relaxed: false })}`);
        n += 1;
      }
      await write(out, '\n]');
      counts[name] = n;
    }
    await write(out, '\n}}\n');
    out.end();
    await finished;
    renameSync(partial, file);
    return counts;
  } catch (error) {
    out.destroy();
    rmSync(partial, { force: true });
    throw error;
  }
}

/** Reads a backup file (plain or gzip), checking that it is one. */
export async function readBackup(file: string): Promise<Backup> {
  let raw: Buffer;
  try {
    raw = await readFile(file);
  } catch (error) {
    throw new BackupError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  let parsed: unknown;
  try {
    const text = (raw[0] === 0x1f && raw[1] === 0x8b ? gunzipSync(raw) : raw).toString('utf8');
    parsed = EJSON.parse(text, { relaxed: false });
  } catch (error) {
    throw new BackupError(`${file} is not a Pulso backup: ${(error as Error).message}`);
  }
  const backup = parsed as Partial<Backup> & { format?: unknown; version?: unknown };
  if (backup?.format !== BACKUP_FORMAT || typeof backup.collections !== 'object' || !backup.collections) {
    throw new BackupError(`${file} is not a Pulso backup (no "format": "${BACKUP_FORMAT}")`);
  }
  // Canonical parsing turns bare numbers into Int32/Double wrappers.
  if (Number(backup.version) !== BACKUP_VERSION) {
    throw new BackupError(
      `${file} is a backup of version ${String(backup.version)}; this Pulso reads version ${BACKUP_VERSION}`,
    );
  }
  for (const [name, docs] of Object.entries(backup.collections)) {
    if (!Array.isArray(docs) || name.startsWith('system.') || !/^[\w.-]{1,120}$/.test(name)) {
      throw new BackupError(`${file} has an invalid collection "${name}"`);
    }
  }
  return {
    createdAt: String(backup.createdAt ?? ''),
    database: String(backup.database ?? ''),
    collections: backup.collections,
  };
}

/**
 * Collections that hold at least one document. The migrations record alone does not count: a server
 * started on the empty database writes it before anything else.
 */
export async function nonEmptyCollections(db: Db): Promise<string[]> {
  const names = (await dataCollections(db)).filter((name) => name !== MIGRATIONS_COLLECTION);
  const counts = await Promise.all(names.map((name) => db.collection(name).countDocuments({}, { limit: 1 })));
  return names.filter((_, i) => (counts[i] ?? 0) > 0);
}

export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

const BATCH = 500;

/**
 * Writes the backup's documents into `db` as they are (no validation, no timestamps touched).
 * Refuses when any collection already holds documents, unless `force`, which first empties every
 * collection (indexes are kept). The migrations record is always replaced by the backup's.
 */
export async function restoreDatabase(
  db: Db,
  backup: Backup,
  options: { force?: boolean } = {},
): Promise<CollectionCounts> {
  const occupied = await nonEmptyCollections(db);
  if (occupied.length > 0) {
    if (!options.force) {
      throw new RestoreRefusedError(
        `The database "${db.databaseName}" is not empty (documents in: ${occupied.join(', ')}). ` +
          'Restore into an empty database, or add --force to delete its documents first.',
      );
    }
    for (const name of occupied) await db.collection(name).deleteMany({});
  }
  // The record of applied migrations belongs to the data it describes: the backup's replaces the
  // database's (none in the backup: every migration runs again, and each is idempotent).
  await db.collection(MIGRATIONS_COLLECTION).deleteMany({});
  const counts: CollectionCounts = {};
  for (const [name, docs] of Object.entries(backup.collections)) {
    for (let i = 0; i < docs.length; i += BATCH) {
      await db.collection(name).insertMany(docs.slice(i, i + BATCH), { ordered: true });
    }
    counts[name] = docs.length;
  }
  return counts;
}

export function describeCounts(counts: CollectionCounts): string {
  const entries = Object.entries(counts);
  const total = entries.reduce((sum, [, n]) => sum + n, 0);
  return `${total} documents in ${entries.length} collections (${entries.map(([name, n]) => `${name} ${n}`).join(', ')})`;
}
