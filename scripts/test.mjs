// npm test: shared and client unit tests (vitest), server tests (jest + supertest on the real
// database engine), end-to-end tests (Chromium) and the cluster suite (three servers on one
// database). Every part runs; the exit code is non-zero if any failed, and the run closes with the
// names of the failed tests (a CI log that keeps only its end still says which) and one summary line.
import { NPM_COMMAND, runTee, ROOT } from './lib.mjs';
import path from 'node:path';

const node = (script) => [process.execPath, [path.join(ROOT, ...script)]];
const parts = [
  { name: 'shared', exec: [NPM_COMMAND, ['test', '-w', 'shared']] },
  { name: 'client', exec: [NPM_COMMAND, ['test', '-w', 'client']] },
  { name: 'server', exec: [NPM_COMMAND, ['test', '-w', 'server']] },
  { name: 'e2e', exec: node(['e2e', 'run.mjs']) },
  // One database and three production servers on it (issue 20: several instances).
  { name: 'cluster', exec: node(['e2e', 'cluster', 'run.mjs']) },
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
  const code = await runTee(...part.exec, (line) => {
    if (FAILURE.test(line) && failures.size < 40) failures.add(line.trim().slice(0, 300));
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
