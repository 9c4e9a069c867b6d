import mongoose from 'mongoose';
import { useTestDatabase } from '../../test/db';
import { claimLease, JOB_LEASES, JobRunner, purgeOldLeases, type PeriodicJob } from '../jobs';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Several "processes" (runners with owners of their own) sharing one job and one database. */
function instances(count: number, job: PeriodicJob, leaseMs = 60_000): JobRunner[] {
  return Array.from({ length: count }, (_, i) =>
    new JobRunner({ leaseMs, pollMs: 60_000, owner: `instance-${i}` }).add(job),
  );
}

/** A claim that must succeed. */
async function claimed(key: string, leaseMs: number) {
  const lease = await claimLease(key, { leaseMs });
  if (!lease) throw new Error(`${key} was not claimed`);
  return lease;
}

describe('job leases and the job runner', () => {
  useTestDatabase();
  beforeEach(() => mongoose.connection.collection(JOB_LEASES).deleteMany({}));

  describe('claimLease', () => {
    test('when 20 processes claim one key at the same moment, then exactly one gets it', async () => {
      const claims = await Promise.all(
        Array.from({ length: 20 }, (_, i) => claimLease('item:a', { leaseMs: 60_000, owner: `p${i}` })),
      );
      expect(claims.filter(Boolean)).toHaveLength(1);
    });

    test('when the owner finished the work, then nobody takes the key again, even after the lease time', async () => {
      const lease = await claimed('item:b', 50);
      await lease.finish();
      await sleep(80);
      expect(await claimLease('item:b', { leaseMs: 50 })).toBeNull();
    });

    test('when the owner released the key after a failure, then the next claim takes it at once', async () => {
      const lease = await claimed('item:c', 60_000);
      expect(await claimLease('item:c', { leaseMs: 60_000 })).toBeNull();
      await lease.release();
      const next = await claimLease('item:c', { leaseMs: 60_000 });
      expect(next?.generation).toBe(1);
    });

    test('when the owner died, then its lease expires and one of 10 simultaneous claimers takes over', async () => {
      expect(await claimLease('item:d', { leaseMs: 150, owner: 'dead' })).not.toBeNull();
      expect(await claimLease('item:d', { leaseMs: 60_000 })).toBeNull();
      await sleep(200);
      const claims = await Promise.all(
        Array.from({ length: 10 }, (_, i) => claimLease('item:d', { leaseMs: 60_000, owner: `p${i}` })),
      );
      expect(claims.flatMap((c) => (c ? [c.generation] : []))).toEqual([1]);
    });

    test('when leases ended long ago, then the purge removes them and keeps the current ones', async () => {
      await claimLease('item:old', { leaseMs: 1 });
      await claimLease('item:new', { leaseMs: 60_000 });
      await sleep(20);
      expect(await purgeOldLeases(10)).toBe(1);
      expect(await claimLease('item:new', { leaseMs: 60_000 })).toBeNull();
    });
  });

  describe('JobRunner', () => {
    const EVERY = 60_000;
    const period = (n: number) => n * EVERY + 1_000;

    test('when 10 processes look for due work at the same moment, then the job runs once per period', async () => {
      let runs = 0;
      const job: PeriodicJob = { name: 'count', everyMs: EVERY, run: async () => void (runs += 1) };
      const runners = instances(10, job);
      const ran = await Promise.all(runners.map((r) => r.runDue(period(100))));
      expect(runs).toBe(1);
      expect(ran.flat()).toEqual(['count']);
      // Later in the same period: nothing; in the next one: once more.
      await Promise.all(runners.map((r) => r.runDue(period(100) + 30_000)));
      expect(runs).toBe(1);
      await Promise.all(runners.map((r) => r.runDue(period(101))));
      expect(runs).toBe(2);
      const total = runners.reduce((sum, r) => sum + (r.stats().count?.runs ?? 0), 0);
      expect(total).toBe(2);
    });

    test('when the process running a period dies, then after the lease time another runs that period once', async () => {
      let runs = 0;
      const job: PeriodicJob = { name: 'slow', everyMs: EVERY, run: async () => void (runs += 1) };
      // The dead process claimed the period and never finished it.
      expect(await claimLease(`job:slow:200`, { leaseMs: 150, owner: 'dead' })).not.toBeNull();
      const runners = instances(10, job);
      await Promise.all(runners.map((r) => r.runDue(period(200))));
      expect(runs).toBe(0);
      await sleep(200);
      await Promise.all(runners.map((r) => r.runDue(period(200))));
      expect(runs).toBe(1);
    });

    test('when a job throws, then the failure is counted, the other jobs still run and the period is over', async () => {
      const done: string[] = [];
      const runner = new JobRunner({ leaseMs: 60_000, pollMs: 60_000 })
        .add({ name: 'broken', everyMs: EVERY, run: () => Promise.reject(new Error('SMTP down')) })
        .add({ name: 'fine', everyMs: EVERY, run: async () => void done.push('fine') });
      expect(await runner.runDue(period(300))).toEqual(['broken', 'fine']);
      expect(await runner.runDue(period(300))).toEqual([]);
      expect(runner.stats()).toEqual({
        broken: { runs: 1, failures: 1, lastRunAt: expect.any(Date), lastError: 'SMTP down' },
        fine: { runs: 1, failures: 0, lastRunAt: expect.any(Date), lastError: null },
      });
      expect(done).toEqual(['fine']);
    });

    test('when it stops, then it waits for the running job and starts no other', async () => {
      let finished = false;
      let later = 0;
      const runner = new JobRunner({ leaseMs: 60_000, pollMs: 60_000 })
        .add({ name: 'long', everyMs: EVERY, run: () => sleep(150).then(() => void (finished = true)) })
        .add({ name: 'after', everyMs: EVERY, run: async () => void (later += 1) });
      const pass = runner.runDue(period(400));
      await sleep(20);
      expect(await runner.stop(5_000)).toBe(true);
      expect(finished).toBe(true);
      expect(await pass).toEqual(['long']);
      expect(later).toBe(0);
      expect(await runner.runDue(period(401))).toEqual([]);
    });

    test('when the running job outlasts the stop timeout, then stop returns false without waiting longer', async () => {
      let jobDone = false;
      const runner = new JobRunner({ leaseMs: 60_000, pollMs: 60_000 }).add({
        name: 'stuck',
        everyMs: EVERY,
        run: async () => {
          await sleep(2_000);
          jobDone = true;
        },
      });
      const pass = runner.runDue(period(500));
      await sleep(20);
      expect(await runner.stop(50)).toBe(false);
      // stop() came back while the job was still running: it did not wait for it.
      expect(jobDone).toBe(false);
      await pass;
    });

    test('when started, then it runs due work by itself every poll until stopped', async () => {
      let runs = 0;
      const runner = new JobRunner({ leaseMs: 60_000, pollMs: 20 }).add({
        name: 'tick',
        everyMs: 100,
        run: async () => void (runs += 1),
      });
      const started = Date.now();
      runner.start();
      // Runs by itself, period after period (however slow the machine, within a bounded wait).
      for (let waited = 0; runs < 2 && waited < 10_000; waited += 20) await sleep(20);
      await runner.stop(1_000);
      const elapsed = Date.now() - started;
      const seen = runs;
      expect(seen).toBeGreaterThanOrEqual(2);
      // Never more than once per 100 ms period, however often it polls.
      expect(seen).toBeLessThanOrEqual(Math.ceil(elapsed / 100) + 1);
      await sleep(150);
      expect(runs).toBe(seen);
    });
  });
});
