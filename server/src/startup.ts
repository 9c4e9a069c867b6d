import mongoose from 'mongoose';
import type { Logger } from 'pino';
import { withDatabaseLock, type LockOptions } from './lib/database-lock';
import { appliedMigrations, applyMigrations, MIGRATIONS, pendingMigrations } from './migrations';
import type { Migration } from './migrations/migration';
import { seedIfEmpty, type SeedDeps } from './seed/seed';
// Every model, so that syncIndexes builds every index the server uses.
import './scripts/models';
import { ensureReadModels } from './read-models';

/** The lock every instance takes for its start-up work (and `npm run migrate`, `npm run seed`). */
export const STARTUP_LOCK = 'startup';

export class PendingMigrationsError extends Error {
  override name = 'PendingMigrationsError';
}

export interface PrepareOptions {
  logger: Pick<Logger, 'info' | 'warn'>;
  /** Apply pending migrations; false: refuse (PendingMigrationsError) when any is pending. */
  migrate: boolean;
  /** Load the demo data into an empty database with these providers; unset: never seed. */
  seed?: SeedDeps;
  lock?: LockOptions;
  /** Rebuild every read model even when they are current (`npm run migrate`: after data was written behind the API). */
  rebuildReadModels?: boolean;
  /** Tests only: another list of migrations. */
  migrations?: readonly Migration[];
}

export interface PrepareResult {
  /** Ids of the migrations this call applied. */
  migrated: string[];
  /** Whether this call wrote demo data. */
  seeded: boolean;
}

/**
 * Brings the database to what this version of the code expects, safely when several instances start
 * at the same moment: under the database lock `startup`, in this order, pending migrations (they may
 * reshape data a new unique index needs), every model's indexes (mongoose's autoIndex is off), then
 * the demo data into an empty database. Each step is idempotent, so an instance that waited for the
 * lock runs them after the first and finds nothing left to do; nothing is dropped or written twice.
 */
export async function prepareDatabase(options: PrepareOptions): Promise<PrepareResult> {
  const { logger, migrations = MIGRATIONS } = options;
  const db = mongoose.connection.db;
  if (!db) throw new Error('The database connection is not open');
  const lockOptions: LockOptions = {
    onWait: ({ holder, expiresAt }) =>
      logger.info(
        `Another instance (${holder}) is preparing the database; waiting for it (its lock expires at ` +
          `${expiresAt.toISOString()} unless renewed).`,
      ),
    ...options.lock,
  };
  return withDatabaseLock(
    db,
    STARTUP_LOCK,
    async (lock) => {
      const known = new Set(migrations.map((m) => m.id));
      const unknown = [...(await appliedMigrations(db))].filter((id) => !known.has(id));
      if (unknown.length > 0) {
        logger.warn(
          `The database has migrations this version does not know (${unknown.join(', ')}): a newer version ran on it.`,
        );
      }
      let migrated: string[] = [];
      if (options.migrate) {
        migrated = await applyMigrations(db, logger, lock, migrations);
      } else {
        const pending = await pendingMigrations(db, migrations);
        if (pending.length > 0) {
          throw new PendingMigrationsError(
            `${pending.length} database migration(s) pending (${pending.map((m) => m.id).join(', ')}): ` +
              'run `npm run migrate` first, or set MIGRATE_ON_START=true',
          );
        }
      }
      await lock.check();
      await mongoose.connection.syncIndexes();
      let seeded = false;
      if (options.seed) {
        await lock.check();
        seeded = await seedIfEmpty(logger, options.seed);
      }
      // Read models of another version, never built, or behind data the seed or a migration wrote.
      await lock.check();
      await ensureReadModels(logger, seeded || migrated.length > 0 || options.rebuildReadModels === true);
      await warnWithoutIdIndex(db, logger);
      return { migrated, seeded };
    },
    lockOptions,
  );
}

/**
 * On FerretDB, whether reads by `_id` and by a list of `_id`s use the index (Pulso builds FerretDB
 * with those fixes, see FERRETDB_PATCHES): a binary without them (FERRETDB_BINARY) works, but reads
 * scan their tables, so the server says so at start. MongoDB answers explain without
 * `filterPushdown`: nothing to say.
 */
export async function warnWithoutIdIndex(
  db: mongoose.mongo.Db,
  logger: Pick<Logger, 'warn'>,
): Promise<'index' | 'scan' | 'not-ferretdb'> {
  const explain = (filter: Record<string, unknown>) =>
    db.command({ explain: { find: 'read_models', filter }, verbosity: 'queryPlanner' }).catch(() => null);
  const plans = [await explain({ _id: 'meta' }), await explain({ _id: { $in: ['meta', 'other'] } })];
  if (plans.some((plan) => !plan || !('filterPushdown' in plan))) return 'not-ferretdb';
  if (plans.every((plan) => JSON.stringify(plan?.queryPlanner ?? {}).includes('USING INDEX'))) return 'index';
  logger.warn(
    'This FerretDB reads documents by _id without its index, so every request slows down as the chain ' +
      'grows. Let Pulso build its own FerretDB (unset FERRETDB_BINARY; see README, "The database").',
  );
  return 'scan';
}
