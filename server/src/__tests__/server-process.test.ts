import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { ROOT_DIR } from '../config/paths';
import { JOB_LEASES } from '../lib/jobs';
import { testDatabaseUri, useTestDatabase, withDatabaseName } from '../test/db';

/** The real server process (src/server.ts through tsx) on this file's database: its jobs and its SIGTERM. */

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function status(url: string): Promise<{ status: number; body: unknown } | null> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return { status: res.status, body: await res.json() };
  } catch {
    return null;
  }
}

describe('the server process', () => {
  useTestDatabase();
  let child: ChildProcess | undefined;
  afterEach(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
  });

  test('when started, then its jobs run through leases; on SIGTERM ready turns 503 first, health stays 200, and it exits 0', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}/api`;
    const server = spawn(
      process.execPath,
      [path.join(ROOT_DIR, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'src/server.ts'],
      {
        cwd: path.join(ROOT_DIR, 'server'),
        env: {
          ...process.env,
          NODE_ENV: 'test',
          PORT: String(port),
          HOST: '127.0.0.1',
          MONGODB_URI: withDatabaseName(testDatabaseUri(), mongoose.connection.name),
          DATA_DIR: path.join(os.tmpdir(), `pulso-process-${randomBytes(4).toString('hex')}`),
          SEED_DEMO_DATA: 'false',
          LOG_LEVEL: 'silent',
          SHUTDOWN_DRAIN_MS: '1500',
        },
        stdio: 'ignore',
      },
    );
    child = server;
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));

    const deadline = Date.now() + 60_000;
    while ((await status(`${base}/ready`))?.status !== 200) {
      if (Date.now() > deadline || server.exitCode !== null) throw new Error('the server did not start');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // The first pass runs at start: one lease per job and period (waited for all thirteen jobs).
    const leases = mongoose.connection.collection(JOB_LEASES);
    const deadlineJobs = Date.now() + 10_000;
    while ((await leases.countDocuments({ state: 'done' })) < 13 && Date.now() < deadlineJobs) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const keys = (await leases.find({}).toArray()).map((l) => String(l.key).replace(/:\d+$/, ''));
    expect(keys.sort()).toEqual([
      'job:account-erasures',
      'job:announcements',
      'job:booking-notices',
      'job:contact-retry',
      'job:lease-purge',
      'job:membership-pauses',
      'job:membership-reminders',
      'job:overview-days',
      'job:rate-limit-purge',
      'job:reset-purge',
      'job:reviewer-names',
      'job:session-attendance',
      'job:subscription-renewals',
    ]);

    const signalled = Date.now();
    server.kill('SIGTERM');
    let ready = await status(`${base}/ready`);
    while (ready?.status === 200 && Date.now() - signalled < 1_000) ready = await status(`${base}/ready`);
    expect(ready).toEqual({ status: 503, body: { status: 'draining', database: 'up' } });
    expect((await status(`${base}/health`))?.status).toBe(200);
    expect(await exited).toBe(0);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(1_500);
  }, 90_000);
});
