import type mongoose from 'mongoose';
import type { Logger } from 'pino';

/**
 * One step that brings the data of an older installation to what the code expects. `up` must be
 * idempotent: a run cut short (a crash between the work and its record) is run again whole by the
 * next `npm run migrate` or start.
 */
export interface Migration {
  /** `NNN-name`, as its file is called; the order of application is the order of MIGRATIONS. */
  id: string;
  /** One line for the logs. */
  description: string;
  up(db: mongoose.mongo.Db, logger: Pick<Logger, 'info' | 'warn'>): Promise<void>;
}

/** One document per applied migration, `_id` its id: the database's own record of its state. */
export const MIGRATIONS_COLLECTION = 'migrations';
