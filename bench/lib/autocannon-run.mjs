/* global process */
// One autocannon measurement in a process of its own: `node autocannon-run.mjs '<json options>'`
// runs the warm-up, then the measured run, and prints autocannon's result as JSON. The benchmark's
// own process holds the seeding, the soak's records and its timers; its garbage collections and
// callbacks would otherwise land inside the latencies it measures.
import autocannon from 'autocannon';
import { discardBodies, readIntoOneBuffer } from './load.mjs';

readIntoOneBuffer();
const { warmup, duration, ...common } = JSON.parse(process.argv[2] ?? '{}');
const options = { ...common, setupClient: discardBodies };
if (warmup > 0) await autocannon({ ...options, duration: warmup });
const result = await autocannon({ ...options, duration });
process.stdout.write(JSON.stringify(result));
