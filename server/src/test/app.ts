import os from 'node:os';
import path from 'node:path';
import { createApp } from '../app';
import { loadConfig } from '../config/env';
import { createLogger } from '../lib/logger';

/** The real app with test settings; `overrides` are environment variables. */
export function createTestApp(overrides: Record<string, string> = {}) {
  const config = loadConfig({
    NODE_ENV: 'test',
    // Nothing is written there by the app itself; tests that upload files set their own folder.
    DATA_DIR: path.join(os.tmpdir(), 'pulso-test-data'),
    ...overrides,
  });
  return { app: createApp(config, createLogger(config)), config };
}
