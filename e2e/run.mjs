// npm run test:e2e: builds, starts the production server on a free port with a throwaway data
// folder (embedded database, demo data), runs the end-to-end tests in Chromium, then stops it all.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromiumAvailable, chromiumMissingMessage } from './browser.mjs';
import { ensureBuilt, ROOT, run } from '../scripts/lib.mjs';

if (!chromiumAvailable()) {
  console.error(chromiumMissingMessage());
  process.exit(1);
}

await ensureBuilt();

const port = await new Promise((resolve) => {
  const srv = net.createServer().listen(0, '127.0.0.1', () => {
    const { port: p } = srv.address();
    srv.close(() => resolve(p));
  });
});
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulso-e2e-'));
const baseUrl = `http://127.0.0.1:${port}`;

const server = spawn(process.execPath, ['--enable-source-maps', path.join(ROOT, 'server', 'dist', 'server.js')], {
  cwd: ROOT,
  env: {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    MONGODB_URI: '',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

async function stopServer() {
  if (server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  rmSync(dataDir, { recursive: true, force: true });
}

async function waitReady(timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode} before it was ready.`);
    try {
      const res = await fetch(`${baseUrl}/api/ready`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server was not ready within ${timeoutMs / 1000} s.`);
}

let code = 1;
try {
  // The first run on a machine may build FerretDB with Go (a few minutes).
  await waitReady(20 * 60_000);
  const dir = path.join(ROOT, 'e2e', 'tests');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.test.mjs'))
    .map((f) => path.join(dir, f));
  code = await run(process.execPath, ['--test', '--test-concurrency=1', ...files], {
    env: { ...process.env, E2E_BASE_URL: baseUrl },
  });
} catch (error) {
  console.error(error.message);
} finally {
  await stopServer();
}
process.exit(code);
