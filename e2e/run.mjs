// npm run test:e2e: builds, starts the production server on a free port with a throwaway data
// folder (embedded database, demo data), runs the end-to-end tests in Chromium, then stops it all.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { chromiumAvailable, chromiumMissingMessage } from './browser.mjs';
import { ensureBuilt, ROOT, run } from '../scripts/lib.mjs';
import { freePort, startThrowawayServer } from '../scripts/throwaway-server.mjs';

if (!chromiumAvailable()) {
  console.error(chromiumMissingMessage());
  process.exit(1);
}

await ensureBuilt();

let code = 1;
let server;
try {
  // Where addresses.test.mjs serves a SPA built for this API from another origin.
  const spaPort = await freePort();
  server = await startThrowawayServer({
    env: {
      // Every journey signs up and signs in from 127.0.0.1; the limits' own tests live in the API suite.
      RATE_LIMIT_LOGIN: '200',
      RATE_LIMIT_REGISTER: '200',
      RATE_LIMIT_PASSWORD_RESET: '50',
      RATE_LIMIT_CONTACT: '50',
      // As a new install runs: no PUBLIC_URL, so the site must work at every address it is opened at.
      PUBLIC_URL: '',
      CORS_ORIGINS: `http://127.0.0.1:${spaPort}`,
      // Classes start on the half hour from 1:00: the check-in test's class may be up to 90 minutes
      // away, and its check-in must be open already.
      CHECKIN_OPENS_MINUTES: '120',
    },
  });
  const dir = path.join(ROOT, 'e2e', 'tests');
  const only = process.argv.slice(2);
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.test.mjs'))
    .filter((f) => only.length === 0 || only.some((name) => f.includes(name)))
    .map((f) => path.join(dir, f));
  code = await run(process.execPath, ['--test', '--test-concurrency=1', ...files], {
    env: { ...process.env, E2E_BASE_URL: server.baseUrl, E2E_SPA_PORT: String(spaPort) },
  });
} catch (error) {
  console.error(error.message);
} finally {
  await server?.stop();
}
process.exit(code);
