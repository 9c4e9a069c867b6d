// npm run test:cluster: builds if needed, then runs the cluster suite, which starts one embedded
// database and three production servers on it (e2e/cluster/cluster.mjs) and stops them at the end.
import path from 'node:path';
import { ensureBuilt, ROOT, run } from '../../scripts/lib.mjs';

await ensureBuilt();
const code = await run(process.execPath, [
  '--test',
  '--test-concurrency=1',
  path.join(ROOT, 'e2e', 'cluster', 'cluster.test.mjs'),
]);
process.exit(code);
