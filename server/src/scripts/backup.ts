import path from 'node:path';
import mongoose from 'mongoose';
import { ConfigError, loadConfig } from '../config/env';
import { openDatabase } from '../lib/db';
import { createLogger } from '../lib/logger';
import { backupDatabase, backupFileName, describeCounts } from './backup-core';

const USAGE = 'Usage: npm run backup [-- [--gzip] [FILE]]  (default: BACKUP_DIR/pulso-YYYYMMDD-HHMMSS.json)';

/**
 * `npm run backup`: writes every collection of the configured database (MONGODB_URI or the
 * embedded engine in DATA_DIR/db) to a timestamped Extended JSON file. Images stored in GridFS
 * (STORAGE=gridfs) are in it, as the collections uploads.files and uploads.chunks; images on disk are
 * not: copy DATA_DIR/uploads alongside (documents keep their URLs and keys).
 */
async function main(args: string[]): Promise<void> {
  const gzip = args.includes('--gzip');
  const rest = args.filter((a) => a !== '--gzip');
  if (rest.some((a) => a.startsWith('-')) || rest.length > 1) throw new ConfigError(USAGE);
  const config = loadConfig();
  // npm runs workspace scripts in server/: a relative FILE is taken from where npm was started.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const file = rest[0] ? path.resolve(cwd, rest[0]) : path.join(config.backupDir, backupFileName(new Date(), gzip));
  const database = await openDatabase(config, createLogger(config));
  try {
    const db = mongoose.connection.db;
    if (!db) throw new Error('The database connection is not open');
    const counts = await backupDatabase(db, file);
    console.log(`Backup written to ${file}: ${describeCounts(counts)}.`);
    console.log(
      config.storage === 'gridfs'
        ? 'Uploaded images are in it (STORAGE=gridfs keeps them in the database).'
        : `Uploaded images are not in it: copy ${config.uploadsDir} too (unless images are on Cloudinary).`,
    );
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(
    error instanceof ConfigError && error.message.startsWith('Usage')
      ? error.message
      : error instanceof ConfigError
        ? `Configuration error: ${error.message}`
        : error instanceof Error
          ? error.message
          : error,
  );
  process.exit(1);
});
