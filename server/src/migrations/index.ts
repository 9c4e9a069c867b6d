import type mongoose from 'mongoose';
import type { Logger } from 'pino';
import { isDuplicateKeyError } from '../lib/db';
import type { HeldLock } from '../lib/database-lock';
import { legacyReviews } from './001-legacy-reviews';
import { accountKeys } from './002-account-keys';
import { paymentKeys } from './003-payment-keys';
import { reviewerNames } from './004-reviewer-names';
import { trainerDirectory } from './005-trainer-directory';
import { storedSessionDates } from './006-stored-session-dates';
import { ownedLists } from './007-owned-lists';
import { MIGRATIONS_COLLECTION, type Migration } from './migration';

type Db = mongoose.mongo.Db;

/** Every migration, oldest first. A new one goes at the end, in a file named after its id. */
export const MIGRATIONS: readonly Migration[] = [
  legacyReviews,
  accountKeys,
  paymentKeys,
  reviewerNames,
  trainerDirectory,
  storedSessionDates,
  ownedLists,
];

export { MIGRATIONS_COLLECTION };

interface MigrationRecord {
  _id: string;
  description: string;
  appliedAt: Date;
  durationMs: number;
}

const records = (db: Db) => db.collection<MigrationRecord>(MIGRATIONS_COLLECTION);

/** The ids of the migrations the database has recorded as applied. */
export async function appliedMigrations(db: Db): Promise<Set<string>> {
  const docs = await records(db)
    .find({}, { projection: { _id: 1 } })
    .toArray();
  return new Set(docs.map((d) => d._id));
}

/** The migrations of `list` the database has not applied yet, in order. */
export async function pendingMigrations(db: Db, list: readonly Migration[] = MIGRATIONS): Promise<Migration[]> {
  const applied = await appliedMigrations(db);
  return list.filter((m) => !applied.has(m.id));
}

/**
 * Applies the pending migrations in order and records each one after it ran. Meant to run under the
 * start-up lock (`lock`), which it checks before each step so that a holder whose lock expired stops
 * instead of running beside the one that took it over. The record is an insert under the
 * migration's id, so even without the lock a migration is never recorded twice. Returns the ids
 * applied.
 */
export async function applyMigrations(
  db: Db,
  logger: Pick<Logger, 'info' | 'warn'>,
  lock?: HeldLock,
  list: readonly Migration[] = MIGRATIONS,
): Promise<string[]> {
  const done: string[] = [];
  for (const migration of await pendingMigrations(db, list)) {
    await lock?.check();
    logger.info(`Applying migration ${migration.id}: ${migration.description}`);
    const started = Date.now();
    await migration.up(db, logger);
    try {
      await records(db).insertOne({
        _id: migration.id,
        description: migration.description,
        appliedAt: new Date(),
        durationMs: Date.now() - started,
      });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
    done.push(migration.id);
  }
  return done;
}
