// Helpers shared by the root scripts (start, dev, test, e2e). Plain Node, no dependencies.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * Runs a command with inherited output; resolves with its exit code. With `onLine`, the output is
 * still shown as it comes, and `onLine` also sees each line of it (without colour codes), so a
 * caller can keep what it needs for a summary.
 */
export function run(command, args, { onLine, ...options } = {}) {
  return new Promise((resolve) => {
    const stdio = onLine ? ['inherit', 'pipe', 'pipe'] : 'inherit';
    const child = spawn(command, args, { cwd: ROOT, stdio, ...options });
    if (onLine) {
      for (const [source, sink] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        let pending = '';
        source.on('data', (chunk) => {
          sink.write(chunk);
          const lines = (pending + chunk.toString('utf8')).split('\n');
          pending = lines.pop();
          // eslint-disable-next-line no-control-regex
          for (const line of lines) onLine(line.replace(/\u001b\[[0-9;]*m/g, ''));
        });
      }
    }
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(1);
    });
  });
}

export const npm = (args, options) => run(NPM, args, options);

/** Newest modification time among the files (or single files) given, skipping node_modules and dist. */
export function newest(dirs) {
  let latest = 0;
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    if (!statSync(dir).isDirectory()) {
      latest = Math.max(latest, statSync(dir).mtimeMs);
      return;
    }
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else latest = Math.max(latest, statSync(full).mtimeMs);
    }
  };
  dirs.forEach(walk);
  return latest;
}

function builtAt(file) {
  return existsSync(file) ? statSync(file).mtimeMs : 0;
}

/**
 * Builds the client and the server when their output is missing or older than their sources,
 * so `npm start` after a `git pull` never serves a stale build.
 */
export async function ensureBuilt() {
  const shared = [path.join(ROOT, 'shared', 'src')];
  const targets = [
    {
      name: 'client',
      output: path.join(ROOT, 'client', 'dist', 'index.html'),
      sources: [
        ...shared,
        path.join(ROOT, 'client', 'src'),
        path.join(ROOT, 'client', 'public'),
        path.join(ROOT, 'client', 'index.html'),
      ],
    },
    {
      name: 'server',
      output: path.join(ROOT, 'server', 'dist', 'server.js'),
      sources: [...shared, path.join(ROOT, 'server', 'src')],
    },
  ];
  // A mock-mode build (VITE_API_MODE=mock) answers the API in the browser: never serve it as the real SPA.
  const mockBuild = existsSync(path.join(ROOT, 'client', 'dist', 'demo-images'));
  // Nor a build that bundled React's development runtime (built under NODE_ENV=test, say).
  const assets = path.join(ROOT, 'client', 'dist', 'assets');
  const devBuild = existsSync(assets) && readdirSync(assets).some((file) => file.startsWith('jsx-dev-runtime-'));
  for (const target of targets) {
    const stale = target.name === 'client' && (mockBuild || devBuild);
    if (!stale && builtAt(target.output) >= newest(target.sources)) continue;
    console.log(`Building the ${target.name}...`);
    // Production builds whatever NODE_ENV the caller runs under (a test runner sets it to test, and
    // Vite would then bundle React's development build).
    const code = await npm(['run', 'build', '-w', target.name], { env: { ...process.env, NODE_ENV: 'production' } });
    if (code !== 0) throw new Error(`The ${target.name} build failed (exit ${code}).`);
  }
}

/** Old space (MB) of the production server, unless NODE_OPTIONS already sizes it (Dockerfile too). */
const SERVER_HEAP_MB = 256;

/**
 * Node's arguments for the production server bundle (the Dockerfile's CMD says the same):
 * - no `--enable-source-maps`: it loads the source map of every module that names one (the
 *   bundle's and the database driver's, among others) into the heap at start, about 30 MB, which
 *   left the soak's 96 MB heap collecting garbage half of the time (docs/performance.md, "Session
 *   42"). The bundle's map stays beside it (server/dist/server.js.map) for reading a stack trace;
 *   `NODE_OPTIONS=--enable-source-maps` turns it back on;
 * - no allocation-site pretenuring. When requests pile up behind a slow first read (a cold
 *   cache, or the first read after a write, with a large catalogue), V8 sees the objects of every
 *   request survive and from then on allocates them straight in the old space, for good: 20 full
 *   collections in 10 s instead of none, and the lesson list's p99 at 3,000 lessons 11–12 ms
 *   instead of 7–8 (docs/performance.md, "How Pulso answers fast").
 */
export const SERVER_NODE_ARGS = ['--no-allocation-site-pretenuring'];

/**
 * How to run the production server bundle: its Node arguments and environment. The heap is sized
 * for the server, not for the machine: with Node's default limit (a few GB here) V8 lets the old
 * space grow to about four times the live heap before it collects, so a server with 40 MB live
 * reached 250–280 MB of RSS under load; with a limit below 1 GB it collects at about 1.3 times,
 * at no measured cost in throughput. A heap size in the caller's NODE_OPTIONS wins.
 * @param {NodeJS.ProcessEnv} env the server's environment
 */
export function serverProcess(env) {
  const options = env.NODE_OPTIONS ?? '';
  return {
    args: [...SERVER_NODE_ARGS, path.join(ROOT, 'server', 'dist', 'server.js')],
    env: /--max-old-space-size\b/.test(options)
      ? env
      : { ...env, NODE_OPTIONS: `${options} --max-old-space-size=${SERVER_HEAP_MB}`.trim() },
  };
}
