import { loadConfig } from '../config/env';
import { openDatabase } from '../lib/db';
import { createLogger } from '../lib/logger';
import { prepareDatabase } from '../startup';
import { runScript } from './run-script';

/**
 * `npm run migrate`: applies the pending migrations, builds the indexes and rebuilds the read models
 * (lib/read-models.ts) of the configured database (MONGODB_URI or the embedded engine), under the
 * same lock as every instance's start-up, so it is safe beside running or starting servers. Never
 * seeds. Run it after writing to the database behind the API.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config);
  const database = await openDatabase(config, logger);
  try {
    const { migrated } = await prepareDatabase({
      logger,
      migrate: true,
      rebuildReadModels: true,
      lock: { waitMs: config.startupLockWaitMs },
    });
    logger.info(
      migrated.length > 0
        ? `Applied ${migrated.length} migration(s): ${migrated.join(', ')}.`
        : 'No pending migrations: the database is up to date.',
    );
  } finally {
    await database.close();
  }
}

runScript(main);
