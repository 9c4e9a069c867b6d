// npm test: shared and client unit tests (vitest), server tests (jest + supertest on the real
// database engine), end-to-end tests (Chromium) and the cluster suite (three servers on one
// database). Every part runs; the exit code is non-zero if
// any failed, and one summary line closes the run.
import { npm, run, ROOT } from './lib.mjs';
import path from 'node:path';

const parts = [
  { name: 'shared', exec: () => npm(['test', '-w', 'shared']) },
  { name: 'client', exec: () => npm(['test', '-w', 'client']) },
  { name: 'server', exec: () => npm(['test', '-w', 'server']) },
  { name: 'e2e', exec: () => run(process.execPath, [path.join(ROOT, 'e2e', 'run.mjs')]) },
  // One database and three production servers on it (issue 20: several instances).
  { name: 'cluster', exec: () => run(process.execPath, [path.join(ROOT, 'e2e', 'cluster', 'run.mjs')]) },
];

const only = process.argv.slice(2);
const results = [];
for (const part of parts) {
  if (only.length && !only.includes(part.name)) continue;
  console.log(`\n━━ ${part.name} tests ━━`);
  const code = await part.exec();
  results.push({ name: part.name, ok: code === 0 });
}

const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
console.log('\n' + results.map((r) => `${r.ok ? '✔' : '✘'} ${r.name}`).join('   '));
console.log(`Suites: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
