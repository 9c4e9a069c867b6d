import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runScenario, type Vars } from '../../../shared/src/contract/run';
import { SCENARIOS } from '../../../shared/src/contract/scenarios';
import { createContext } from '../lib/context';
import { seedIfEmpty } from '../seed/seed';
import { createTestApp } from '../test/app';
import { supertestSend } from '../test/contract-send';
import { useTestDatabase } from '../test/db';

/**
 * The API contract (shared/src/contract) against the real server, in the demo world: seeded with the
 * demo chain and nothing else. client/src/mocks/__tests__/contract.test.ts runs the same scenarios
 * against the mock mode, and contract-black-box.api.test.ts in a world a black-box run makes.
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

  const send = supertestSend(app);

  const vars: Vars = { runId: Math.random().toString(36).slice(2, 8) };
  for (const scenario of SCENARIOS) {
    it(scenario.name, async () => {
      expect(await runScenario(scenario, send, vars)).toEqual([]);
    });
  }
});
