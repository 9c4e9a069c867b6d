// npm run dev: the API with reload (tsx watch) and Vite's dev server, which forwards /api and
// /uploads to it. Open http://localhost:5173. Ctrl-C (or SIGTERM to this script) stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './lib.mjs';

const apiPort = process.env.PORT ?? '3000';
const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);
const procs = [
  {
    name: 'api',
    command: bin('tsx'),
    args: ['watch', '--clear-screen=false', 'src/server.ts'],
    cwd: path.join(ROOT, 'server'),
    env: { PORT: apiPort },
  },
  {
    name: 'web',
    command: bin('vite'),
    args: [],
    cwd: path.join(ROOT, 'client'),
    env: { PULSO_API_PROXY: `http://localhost:${apiPort}` },
  },
];

// Each child leads its own process group, so stopping it also stops what it started (the API's
// database engine, tsx's watched process).
const children = procs.map(({ name, command, args, cwd, env }) => {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const prefix = (stream, out) =>
    stream.on('data', (chunk) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) out.write(`[${name}] ${line}\n`);
    });
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  child.on('exit', (code, signal) => {
    console.log(`[${name}] exited (${code ?? signal})`);
    stopAll();
  });
  return child;
});

let stopping = false;
function stopAll() {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    if (child.exitCode !== null) continue;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  setTimeout(() => process.exit(0), 8000).unref();
  const waitAll = children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.once('exit', r))));
  void Promise.all(waitAll).then(() => process.exit(0));
}
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
