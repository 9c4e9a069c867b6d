/**
 * @pulso/shared for the benchmark's plain-JavaScript scripts: its TypeScript source bundled in memory
 * by esbuild (the bundler the server's build uses), so the benchmark's chain is made of the product's
 * own catalogue, weekdays and schedule shape rather than copies of them.
 */
import { build } from 'esbuild';
import { Buffer } from 'node:buffer';
import path from 'node:path';
import { ROOT } from '../../scripts/lib.mjs';

/** A TypeScript module of the repository, bundled in memory and imported. */
async function load(file) {
  const bundle = await build({
    entryPoints: [path.join(ROOT, file)],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'warning',
  });
  return import(`data:text/javascript;base64,${Buffer.from(bundle.outputFiles[0].text).toString('base64')}`);
}

export const shared = await load('shared/src/index.ts');

/**
 * The server's key documents beside accounts and payments (issue 21: what requests find by `_id`),
 * from the modules the server writes them with, so a chain seeded straight into the database is
 * one the server can sign in to and list payments of.
 */
export const accountKeys = await load('server/src/modules/users/account-keys.ts');
export const paymentKeys = await load('server/src/modules/payments/payment-keys.ts');

/** How the product starts its embedded FerretDB, so the benchmark's engine runs alike. */
export const ferretDb = await load('server/src/lib/ferretdb-args.ts');
