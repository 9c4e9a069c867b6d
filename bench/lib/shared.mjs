/**
 * @pulso/shared for the benchmark's plain-JavaScript scripts: its TypeScript source bundled in memory
 * by esbuild (the bundler the server's build uses), so the benchmark's chain is made of the product's
 * own catalogue, weekdays and schedule shape rather than copies of them.
 */
import { build } from 'esbuild';
import { Buffer } from 'node:buffer';
import path from 'node:path';
import { ROOT } from '../../scripts/lib.mjs';

const bundle = await build({
  entryPoints: [path.join(ROOT, 'shared', 'src', 'index.ts')],
  bundle: true,
  write: false,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  logLevel: 'warning',
});

export const shared = await import(
  `data:text/javascript;base64,${Buffer.from(bundle.outputFiles[0].text).toString('base64')}`
);
