import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The repository root: the nearest folder above the working directory whose package.json declares
 * workspaces. `npm start`, `npm run -w server ...`, jest and the Docker image all run from inside it,
 * so paths such as ./data and client/dist resolve the same way everywhere.
 */
function findRoot(start: string): string {
  let dir = path.resolve(start);
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg)) {
      try {
        const parsed = JSON.parse(readFileSync(pkg, 'utf8')) as { workspaces?: unknown };
        if (parsed.workspaces) return dir;
      } catch {
        // An unreadable package.json is not the root; keep walking up.
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve(start);
    dir = parent;
  }
}

export const ROOT_DIR = findRoot(process.cwd());
export const CLIENT_DIST_DIR = path.join(ROOT_DIR, 'client', 'dist');
