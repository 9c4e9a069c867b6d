// Starts the built production server on a free port with a throwaway data folder (embedded
// database engine, demo data) for the end-to-end tests, Lighthouse and the benchmarks.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ROOT, serverProcess } from './lib.mjs';

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * @param {{ env?: Record<string, string>, stdio?: 'inherit' | 'ignore', readyTimeoutMs?: number }} options
 * @returns {Promise<{ baseUrl: string, port: number, pid: number, stop: () => Promise<void> }>}
 */
export async function startThrowawayServer({ env = {}, stdio = 'inherit', readyTimeoutMs = 20 * 60_000 } = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulso-run-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const { args, env: serverEnv } = serverProcess({
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    MONGODB_URI: '',
    ...env,
  });
  const server = spawn(process.execPath, args, {
    cwd: ROOT,
    env: serverEnv,
    stdio: ['ignore', stdio, stdio],
  });

  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  // The first run on a machine may build FerretDB with Go (a few minutes).
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (server.exitCode !== null) {
      await stop();
      throw new Error(`The server exited with ${server.exitCode} before it was ready.`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/ready`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server was not ready within ${readyTimeoutMs / 1000} s.`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { baseUrl, port, pid: server.pid, stop };
}
