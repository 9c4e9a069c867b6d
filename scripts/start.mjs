// npm start: builds whatever is missing or stale, then runs the production server bundle, which
// serves /api, /uploads and the SPA on PORT (default 3000).
import { spawn } from 'node:child_process';
import { ensureBuilt, ROOT, serverProcess } from './lib.mjs';

try {
  await ensureBuilt();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

const { args, env } = serverProcess(process.env);
const server = spawn(process.execPath, args, { cwd: ROOT, env, stdio: 'inherit' });
// The server shuts down gracefully on these; pass them on when they are sent to this wrapper only
// (a terminal's Ctrl-C reaches both, and the server ignores the repeat).
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
