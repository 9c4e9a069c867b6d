import path from 'node:path';
import { loadConfig } from '../config/env';
import { resolveDatabase } from '../lib/database-engine';
import { runScript } from './run-script';

/**
 * `npm run db`: starts the embedded database engine alone, with its data in DATA_DIR/db (the
 * files `npm start` uses), and prints the MONGODB_URI to give other processes: several server
 * instances, a QA suite, mongosh. Runs until Ctrl+C (or SIGTERM), then stops the engine.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (config.mongodbUri) {
    console.log('MONGODB_URI is set: that database is already running, nothing to start.');
    return;
  }
  const engine = await resolveDatabase({
    dataDir: path.join(config.dataDir, 'db'),
    port: config.dbPort,
    log: (line) => console.log(line),
  });
  console.log(`\n${engine.description}\n\nGive other processes (server instances, npm run test:api, mongosh):\n`);
  console.log(`  MONGODB_URI=${engine.uri}\n`);
  console.log('For example, two servers on one database:');
  console.log(`  MONGODB_URI=${engine.uri} PORT=3001 npm start`);
  console.log(`  MONGODB_URI=${engine.uri} PORT=3002 npm start\n`);
  console.log('Ctrl+C stops the database.');
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping the database...`);
    void engine.stop().finally(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  // Keeps the process alive while the engine runs.
  setInterval(() => undefined, 1 << 30);
}

runScript(main);
