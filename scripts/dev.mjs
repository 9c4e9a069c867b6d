// npm run dev: the API with reload (tsx watch) and Vite's dev server, which forwards /api and
// /uploads to it. Open http://localhost:5173.
import { spawn } from 'node:child_process';
import { ROOT } from './lib.mjs';

const apiPort = process.env.PORT ?? '3000';
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const procs = [
  { name: 'api', args: ['run', 'dev', '-w', 'server'], env: { PORT: apiPort } },
  { name: 'web', args: ['run', 'dev', '-w', 'client'], env: { PULSO_API_PROXY: `http://localhost:${apiPort}` } },
];

const children = procs.map(({ name, args, env }) => {
  const child = spawn(NPM, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['inherit', 'pipe', 'pipe'] });
  const prefix = (stream, out) =>
    stream.on('data', (chunk) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) out.write(`[${name}] ${line}\n`);
    });
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  child.on('exit', (code) => {
    console.log(`[${name}] exited with ${code}`);
    stopAll();
  });
  return child;
});

let stopping = false;
function stopAll() {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(0), 5000).unref();
}
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
