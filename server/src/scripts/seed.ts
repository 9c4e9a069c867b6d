import { loadConfig } from '../config/env';
import { openDatabase } from '../lib/db';
import { createLogger } from '../lib/logger';
import { createContext } from '../lib/context';
import { prepareDatabase } from '../startup';
import { runScript } from './run-script';

/**
 * `npm run seed`: loads the demo data into an empty database (MONGODB_URI or the embedded engine),
 * after its migrations and indexes, under the start-up lock like a starting server.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config);
  const database = await openDatabase(config, logger);
  try {
    const { seeded } = await prepareDatabase({
      logger,
      migrate: true,
      seed: createContext(config),
      lock: { waitMs: config.startupLockWaitMs },
    });
    logger.info(seeded ? 'Demo data loaded.' : 'The database already has data; nothing was changed.');
  } finally {
    await database.close();
  }
}

runScript(main);
