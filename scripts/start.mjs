// npm start: builds whatever is missing or stale, then runs the production server bundle, which
// serves /api, /uploads and the SPA on PORT (default 3000).
import path from 'node:path';
import { ensureBuilt, ROOT, run } from './lib.mjs';

try {
  await ensureBuilt();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

const code = await run(process.execPath, ['--enable-source-maps', path.join(ROOT, 'server', 'dist', 'server.js')], {
  // Signals reach the server directly (it shares the terminal's process group) and it shuts down
  // gracefully; this wrapper only passes on its exit code.
});
process.exit(code);
