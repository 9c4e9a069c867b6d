import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import request from 'supertest';
import { ERROR_CODES, MESSAGES } from '@pulso/shared';
import { openDatabase, type DatabaseHandle } from '../lib/db';
import { createLogger } from '../lib/logger';
import { freePort, resolveDatabase, type ResolvedDatabase } from '../lib/database-engine';
import { PlanModel } from '../modules/plans/plans.model';
import { createTestApp } from '../test/app';

/**
 * Faults: the database engine stops while the API runs. Requests must fail promptly with 503 (no
 * command buffering, a short server selection timeout) and the same app must recover by itself
 * when the engine is back. This file starts an embedded engine of its own, so stopping it touches
 * no other test.
 *
 * Timings are not measured with a stopwatch: every request gets a client timeout far longer than
 * the configured 1 s selection timeout but shorter than
 * the 10 s connect timeout that was used before (and the driver's 30 s default), so a
 * request that waits instead of failing fails the test as a timeout.
 */
const CLIENT_TIMEOUT_MS = 8_000;
const SELECTION_TIMEOUT_MS = 1_000;

describe('faults: the database stops mid-run', () => {
  let dataDir: string;
  let port: number;
  let engine: ResolvedDatabase | undefined;
  let database: DatabaseHandle | undefined;
  let uri: string;
  // The read cache off: every call below must reach the database (the last test turns it on).
  const settings = (uri: string) => ({
    MONGODB_URI: uri,
    DB_SERVER_SELECTION_TIMEOUT_MS: String(SELECTION_TIMEOUT_MS),
    READ_CACHE: 'off',
  });

  const start = () => resolveDatabase({ dataDir, dbName: 'pulso_faults', port });

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulso-faults-'));
    port = await freePort();
    engine = await start();
    // Connected the way the server does it, with the settings of this app.
    uri = engine.uri;
    const { config } = createTestApp(settings(uri));
    database = await openDatabase(config, createLogger(config));
    await PlanModel.create({ name: 'Básico', duration: 1, benefits: 'Sala de musculación', price: 29.99 });
  }, 120_000);

  afterAll(async () => {
    await database?.close().catch(() => undefined);
    await engine?.stop();
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  }, 60_000);

  /** Polls until `check` passes (the driver needs a moment to see the engine again). */
  async function eventually(check: () => Promise<void>, ms = 60_000): Promise<void> {
    const deadline = Date.now() + ms;
    for (;;) {
      try {
        await check();
        return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  }

  test('when the engine stops, then /api/ready and data calls answer 503 promptly; when it is back, the same app answers 200', async () => {
    const { app } = createTestApp(settings(uri));
    const agent = request(app);

    const ready = await agent.get('/api/ready').timeout(CLIENT_TIMEOUT_MS);
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', database: 'up' });
    const plans = await agent.get('/api/memberships').timeout(CLIENT_TIMEOUT_MS);
    expect(plans.status).toBe(200);
    expect(plans.body).toEqual([expect.objectContaining({ name: 'Básico' })]);

    await engine?.stop();
    engine = undefined;

    const down = await agent.get('/api/ready').timeout(CLIENT_TIMEOUT_MS);
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ status: 'unavailable', database: 'down' });

    const expectUnavailable = async (url: string) => {
      const failed = await agent.get(url).timeout(CLIENT_TIMEOUT_MS);
      expect({ url, status: failed.status, body: failed.body }).toEqual({
        url,
        status: 503,
        body: { code: ERROR_CODES.DATABASE_UNAVAILABLE, message: MESSAGES.api.databaseUnavailable },
      });
    };
    // Right after the stop, before the driver's next heartbeat has noticed.
    await expectUnavailable('/api/memberships');
    // Once mongoose reports the connection lost (where buffering, if it were on, would queue
    // commands until its own timeout): several calls in a row, each failing on its own.
    await eventually(async () => {
      expect(mongoose.connection.readyState).not.toBe(mongoose.ConnectionStates.connected);
    });
    for (const url of ['/api/memberships', '/api/branchoffice', '/api/memberships']) await expectUnavailable(url);
    expect((await agent.get('/api/ready').timeout(CLIENT_TIMEOUT_MS)).status).toBe(503);

    // The same data folder on the same port: the engine a supervisor would restart.
    engine = await start();

    await eventually(async () => {
      const back = await agent.get('/api/ready').timeout(CLIENT_TIMEOUT_MS);
      expect(back.status).toBe(200);
    });
    await eventually(async () => {
      const again = await agent.get('/api/memberships').timeout(CLIENT_TIMEOUT_MS);
      expect(again.status).toBe(200);
      expect(again.body).toEqual([expect.objectContaining({ name: 'Básico' })]);
    });
  }, 180_000);

  test('when the engine stops, then reads the cache already holds still answer and the others answer 503', async () => {
    const { app } = createTestApp({ ...settings(uri), READ_CACHE: 'on' });
    const agent = request(app);
    await eventually(async () => {
      expect((await agent.get('/api/ready').timeout(CLIENT_TIMEOUT_MS)).status).toBe(200);
    });
    const before = await agent.get('/api/memberships').timeout(CLIENT_TIMEOUT_MS);
    expect(before.status).toBe(200);

    await engine?.stop();
    engine = undefined;
    try {
      // Nothing can be written while the engine is down, so what the cache holds is still true.
      const cached = await agent.get('/api/memberships').timeout(CLIENT_TIMEOUT_MS);
      expect({ status: cached.status, body: cached.body }).toEqual({ status: 200, body: before.body });
      const uncached = await agent.get('/api/branchoffice').timeout(CLIENT_TIMEOUT_MS);
      expect({ status: uncached.status, body: uncached.body }).toEqual({
        status: 503,
        body: { code: ERROR_CODES.DATABASE_UNAVAILABLE, message: MESSAGES.api.databaseUnavailable },
      });
    } finally {
      engine = await start();
    }
    await eventually(async () => {
      expect((await agent.get('/api/branchoffice').timeout(CLIENT_TIMEOUT_MS)).status).toBe(200);
    });
  }, 180_000);
});
