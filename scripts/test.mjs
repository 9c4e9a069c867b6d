// npm test: shared and client unit tests (vitest), server tests (jest + supertest on the real
// database engine), end-to-end tests (Chromium) and the cluster suite (three servers on one
// database). Every part runs; the exit code is non-zero if any failed, and the run closes with the
// names of the failed tests (a CI log that keeps only its end still says which) and one summary line.
import { npm, run, ROOT } from './lib.mjs';
import path from 'node:path';

const node = (script, options) => run(process.execPath, [path.join(ROOT, ...script)], options);
const parts = [
  { name: 'shared', exec: (options) => npm(['test', '-w', 'shared'], options) },
  { name: 'client', exec: (options) => npm(['test', '-w', 'client'], options) },
  { name: 'server', exec: (options) => npm(['test', '-w', 'server'], options) },
  { name: 'e2e', exec: (options) => node(['e2e', 'run.mjs'], options) },
  // One database and three production servers on it (issue 20: several instances).
  { name: 'cluster', exec: (options) => node(['e2e', 'cluster', 'run.mjs'], options) },
];

/**
 * Lines that name a failure: jest's `FAIL file` and `● test`, vitest's `FAIL file > test` and `×`,
 * node:test's `not ok`. Jest's `●` also heads console output, which these lines leave out.
 */
const FAILURE = /^\s*(FAIL\b|× |✗ |not ok\b|● (?!Console))/;

const only = process.argv.slice(2);
const results = [];
for (const part of parts) {
  if (only.length && !only.includes(part.name)) continue;
  console.log(`\n━━ ${part.name} tests ━━`);
  const failures = new Set();
  const code = await part.exec({
    onLine: (line) => {
      if (FAILURE.test(line) && failures.size < 40) failures.add(line.trim().slice(0, 300));
    },
  });
  results.push({ name: part.name, ok: code === 0, failures: [...failures] });
}

const failedParts = results.filter((r) => !r.ok);
for (const part of failedParts) {
  console.log(`\n✘ ${part.name}:`);
  for (const line of part.failures.length ? part.failures : ['(no failing test named; see its output above)']) {
    console.log(`  ${line}`);
  }
}
const passed = results.length - failedParts.length;
console.log('\n' + results.map((r) => `${r.ok ? '✔' : '✘'} ${r.name}`).join('   '));
console.log(`Suites: ${passed} passed, ${failedParts.length} failed`);
process.exit(failedParts.length === 0 ? 0 : 1);
