// Bundles the server (and the seed, migrate, backup and restore scripts) into dist/ with esbuild. npm packages stay external and
// load from node_modules; the workspace package @pulso/shared is TypeScript source, so it is bundled in.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
// mongodb-memory-server-core is a development dependency (the embedded mongod of `npm start` and the
// tests); the production image has a MongoDB of its own and leaves it out.
const external = [
  ...Object.keys(pkg.dependencies).filter((name) => name !== '@pulso/shared'),
  'mongodb-memory-server-core',
];

await build({
  entryPoints: {
    server: 'src/server.ts',
    seed: 'src/scripts/seed.ts',
    migrate: 'src/scripts/migrate.ts',
    backup: 'src/scripts/backup.ts',
    restore: 'src/scripts/restore.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
