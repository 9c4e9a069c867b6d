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
 * @param {{ env?: Record<string, string>, stdio?: 'inherit' | 'ignore' | number, readyTimeoutMs?: number }} options
 *   stdio: where the server's output goes (a file descriptor keeps it in a file)
 * @returns {Promise<{ baseUrl: string, port: number, pid: number, dataDir: string, kill: (signal: NodeJS.Signals) => Promise<void>, stop: () => Promise<void> }>}
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
  /** Sends the signal and waits for the exit (SIGKILL: a crash, with no draining). */
  const kill = async (signal) => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill(signal);
    await exited;
  };
  return { baseUrl, port, pid: server.pid, dataDir, kill, stop };
}

/**
 * Starts the embedded database engine alone, as `npm run db` does, with its files in a throwaway
 * folder and on a free port, for several servers to share (the cluster suite).
 * @param {{ readyTimeoutMs?: number }} options
 * @returns {Promise<{ uri: string, stop: () => Promise<void> }>}
 */
export async function startThrowawayDatabase({ readyTimeoutMs = 20 * 60_000 } = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulso-db-'));
  const port = await freePort();
  const db = spawn(
    process.execPath,
    [path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join('src', 'scripts', 'db.ts')],
    {
      cwd: path.join(ROOT, 'server'),
      env: { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, DB_PORT: String(port), MONGODB_URI: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const stop = async () => {
    if (db.exitCode === null && db.signalCode === null) {
      const exited = new Promise((resolve) => db.once('exit', resolve));
      db.kill('SIGTERM');
      const timer = setTimeout(() => db.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const uri = await new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`npm run db printed no MONGODB_URI within ${readyTimeoutMs / 1000} s:\n${output}`)),
        readyTimeoutMs,
      );
      const read = (chunk) => {
        output += chunk;
        const match = /^\s*MONGODB_URI=(\S+)/m.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      };
      db.stdout.on('data', read);
      db.stderr.on('data', read);
      db.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`npm run db exited with ${code}:\n${output}`));
      });
    });
    // Keep draining its output so the pipe never fills.
    db.stdout.resume();
    db.stderr.resume();
    return { uri, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
