import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { JPEG_BYTES, runScenario, type Send, type Vars } from '../../../shared/src/contract/run';
import { SCENARIOS } from '../../../shared/src/contract/scenarios';
import { createContext } from '../lib/context';
import { seedIfEmpty } from '../seed/seed';
import { createTestApp } from '../test/app';
import { useTestDatabase } from '../test/db';

/**
 * The API contract (shared/src/contract) against the real server, seeded with the demo data.
 * client/src/mocks/__tests__/contract.test.ts runs the same scenarios against the mock mode.
 */
describe('API contract: the server', () => {
  useTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulso-contract-'));
  const { app, config } = createTestApp({ DATA_DIR: dataDir });

  beforeAll(async () => {
    const ctx = createContext(config);
    await seedIfEmpty({ info: () => undefined }, { passwords: ctx.passwords, storage: ctx.storage, config });
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const send: Send = async (req) => {
    const method = req.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    let call = request(app)[method](`/api${req.path}`);
    if (req.token) call = call.set('Authorization', `Bearer ${req.token}`);
    if (req.multipart) {
      const { field, attributes, image } = req.multipart;
      call = call.field(field, JSON.stringify(attributes));
      if (image) {
        const bytes = image.content === 'jpeg' ? Buffer.from(JPEG_BYTES) : Buffer.from('no soy una imagen');
        call = call.attach('image', bytes, { filename: image.name, contentType: 'image/jpeg' });
      }
    } else if (req.json !== undefined) {
      call = call.send(req.json as object);
    }
    const res = await call;
    return { status: res.status, body: res.body as unknown };
  };

  const vars: Vars = { runId: Math.random().toString(36).slice(2, 8) };
  for (const scenario of SCENARIOS) {
    it(scenario.name, async () => {
      expect(await runScenario(scenario, send, vars)).toEqual([]);
    });
  }
});
