import path from 'node:path';
import mongoose from 'mongoose';
import { ConfigError, loadConfig } from '../config/env';
import { openDatabase } from '../lib/db';
import { createLogger } from '../lib/logger';
import { BackupError, describeCounts, readBackup, restoreDatabase, RestoreRefusedError } from './backup-core';
import './models';

const USAGE = 'Usage: npm run restore -- FILE [--force]  (FILE written by npm run backup)';

/**
 * `npm run restore -- FILE`: loads a backup into the configured database, which must be empty
 * (`--force` deletes what it holds first), then rebuilds every index. Exit code 1 on any failure.
 */
async function main(args: string[]): Promise<void> {
  const force = args.includes('--force');
  const files = args.filter((a) => a !== '--force');
  const given = files[0];
  if (files.length !== 1 || !given || given.startsWith('-')) throw new BackupError(USAGE);
  // npm runs workspace scripts in server/: a relative FILE is taken from where npm was started.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), given);
  const backup = await readBackup(file);
  const config = loadConfig();
  const database = await openDatabase(config, createLogger(config));
  try {
    const db = mongoose.connection.db;
    if (!db) throw new Error('The database connection is not open');
    const counts = await restoreDatabase(db, backup, { force });
    await mongoose.connection.syncIndexes();
    console.log(`Restored ${file} (made ${backup.createdAt}): ${describeCounts(counts)}.`);
    if (counts['uploads.files']) {
      console.log(`The backup held ${counts['uploads.files']} images (GridFS): serve them with STORAGE=gridfs.`);
    } else {
      console.log(
        `Uploaded images on disk are not in the backup: put the saved uploads folder at ${config.uploadsDir}.`,
      );
    }
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const message =
    error instanceof ConfigError
      ? `Configuration error: ${error.message}`
      : error instanceof RestoreRefusedError || error instanceof BackupError
        ? error.message
        : error instanceof Error
          ? `Restore failed: ${error.message}`
          : String(error);
  console.error(message);
  process.exit(1);
});
