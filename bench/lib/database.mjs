/* global process, console, URL, setTimeout, clearTimeout */
// The benchmark's own database: BENCH_MONGODB_URI when set, otherwise a FerretDB 1.x (SQLite) in a
// throwaway folder, the engine `npm start` uses on a machine without mongod. The server is then
// started with MONGODB_URI pointing here, so the benchmark can seed it directly and restart the
// server between catalogue sizes.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, startThrowawayServer } from '../../scripts/throwaway-server.mjs';
import { ferretDb } from './shared.mjs';

function ferretDbBinary() {
  const cache = path.join(process.env.XDG_CACHE_HOME?.trim() || path.join(os.homedir(), '.cache'), 'pulso');
  const candidates = [
    process.env.FERRETDB_BINARY?.trim(),
    path.join(cache, 'bin', ferretDb.FERRETDB_BINARY_NAME),
    ...(process.env.PATH ?? '').split(path.delimiter).map((dir) => dir && path.join(dir, 'ferretdb')),
  ];
  for (const candidate of candidates) {
    if (!candidate || !existsSync(candidate)) continue;
    try {
      if (/version:\s*v1\./.test(execFileSync(candidate, ['--version'], { encoding: 'utf8', timeout: 10_000 }))) {
        return candidate;
      }
    } catch {
      // not a FerretDB 1.x binary
    }
  }
  return undefined;
}

/**
 * @returns {Promise<{ uri: string, description: string, pid: number | undefined, stop: () => Promise<void> }>}
 */
export async function startDatabase(dbName) {
  const external = process.env.BENCH_MONGODB_URI?.trim();
  if (external) {
    const url = new URL(external);
    url.pathname = `/${dbName}`;
    return { uri: url.toString(), description: 'BENCH_MONGODB_URI', pid: undefined, stop: async () => undefined };
  }
  let binary = ferretDbBinary();
  if (!binary) {
    // As on a first `npm start`: the server finds or builds FerretDB (Go, a few minutes, once) into
    // ~/.cache/pulso/bin, and the benchmark then runs its own from there. A local mongod found first
    // serves that server instead and builds nothing: the error below then says what to do.
    console.log(
      '[bench] no FerretDB binary yet: starting the server once so it provides one (a few minutes the first time)...',
    );
    const server = await startThrowawayServer({ stdio: 'inherit' });
    await server.stop();
    binary = ferretDbBinary();
  }
  if (!binary) {
    throw new Error(
      'No FerretDB 1.x binary was found and the server did not build one. Install Go 1.22+ or set ' +
        'FERRETDB_BINARY to a FerretDB 1.x binary, or set BENCH_MONGODB_URI to a MongoDB server the benchmark may write a throwaway database to.',
    );
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pulso-bench-db-'));
  const port = await freePort();
  // Started as the product starts it (server/src/lib/ferretdb-args.ts).
  const { ferretDbArgs, sqliteSynchronous } = ferretDb;
  const child = spawn(binary, ferretDbArgs({ dir, port, synchronous: sqliteSynchronous(process.env) }), {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', () => child.kill('SIGKILL'));
  const net = await import('node:net');
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`FerretDB exited with ${child.exitCode}`);
    const open = await new Promise((resolve) => {
      const socket = net.connect({ port, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) {
      return {
        uri: `mongodb://127.0.0.1:${port}/${dbName}`,
        description: `FerretDB (SQLite) ${binary}`,
        pid: child.pid,
        stop,
      };
    }
    await sleep(100);
  }
  await stop();
  throw new Error('FerretDB did not accept connections within 30 s');
}
