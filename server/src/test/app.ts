import os from 'node:os';
import path from 'node:path';
import { createApp } from '../app';
import { loadConfig } from '../config/env';
import { createContext } from '../lib/context';
import { hotPath } from '../lib/hot-path';
import { createLogger } from '../lib/logger';

/**
 * The real app with test settings, behind the hot path as the server runs it (so every API test
 * also checks that answers replayed from the cache equal the app's); `overrides` are environment
 * variables.
 */
export function createTestApp(overrides: Record<string, string> = {}) {
  const config = loadConfig({
    NODE_ENV: 'test',
    // Nothing is written there by the app itself; tests that upload files set their own folder.
    DATA_DIR: path.join(os.tmpdir(), 'pulso-test-data'),
    // Suites log in and register far more than a person would; the abuse tests set low limits.
    RATE_LIMIT_LOGIN: '1000000',
    RATE_LIMIT_REGISTER: '1000000',
    RATE_LIMIT_PASSWORD_RESET: '1000000',
    RATE_LIMIT_CONTACT: '1000000',
    ...overrides,
  });
  const logger = createLogger(config);
  const ctx = createContext(config, logger);
  const expressApp = createApp(config, logger, ctx);
  return { app: hotPath(expressApp, logger), expressApp, config, ctx };
}
