import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveDatabase, type ResolvedDatabase } from '../lib/database-engine';

declare global {
  var __PULSO_TEST_ENGINE__: { engine: ResolvedDatabase; dataDir: string } | undefined;
}

/**
 * Starts one database engine for the whole run: MONGODB_URI when set, else the embedded engine in
 * a throwaway folder. Each test file then works in a database of its own (src/test/db.ts).
 */
export default async function globalSetup(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulso-jest-'));
  const engine = await resolveDatabase({
    mongodbUri: process.env.MONGODB_URI,
    dataDir,
    dbName: 'pulso_test',
    log: (line) => process.stdout.write(`${line}\n`),
  });
  process.env.PULSO_TEST_DB_URI = engine.uri;
  globalThis.__PULSO_TEST_ENGINE__ = { engine, dataDir };
}
