import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { passed, runBlackBox } from '../../../shared/src/contract/black-box';
import { createContext } from '../lib/context';
import { runContractCli } from '../scripts/contract-cli';
import { seedIfEmpty } from '../seed/seed';
import { createTestApp } from '../test/app';
import { supertestSend } from '../test/contract-send';
import { useTestDatabase } from '../test/db';

/**
 * `npm run test:api`: the contract scenarios black-box, in a world the run makes through the API
 * and removes afterwards, against a server seeded with the demo chain, as a QA team runs them
 * against a `npm start` or a staging server.
 */
/** Whole contract runs through the command line: seconds each, more on a loaded machine (the time is not what is checked). */
const SLOW_RUN_MS = 120_000;

describe('API contract black-box (npm run test:api)', () => {
  useTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulso-black-box-'));
  const { app, config } = createTestApp({ DATA_DIR: dataDir });
  const send = supertestSend(app);
  const admin = { email: 'admin@pulso.demo', password: 'Admin1234' };
  const server = http.createServer(app);
  let url = '';

  beforeAll(async () => {
    const ctx = createContext(config);
    await seedIfEmpty({ info: () => undefined }, { passwords: ctx.passwords, storage: ctx.storage, config });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  });

  const signIn = async (account: { email: string; password: string }) =>
    ((await request(app).post('/api/users/login').send(account)).body as { login: { token: string } }).login.token;

  /** What visitors, members and the admin see of the chain (not the suite's retired or suspended records). */
  async function chain() {
    const token = await signIn(admin);
    const get = async (url: string) =>
      (await request(app).get(`/api${url}`).set('Authorization', `Bearer ${token}`)).body;
    const users = (await get('/users?limit=200')) as { id: string; email: string }[];
    const member = users.find((u) => u.email === 'socio@pulso.demo');
    const stats = (await get('/stats')) as Record<string, unknown>;
    return {
      plans: await get('/memberships'),
      lessons: await get('/lessons/all'),
      lesson: await get('/lessons/Spinning'),
      branches: await get('/branchoffice'),
      users,
      member: await get(`/users/${member?.id ?? ''}`),
      events: await get('/events?start=2030-01-01T00:00:00.000Z&end=2030-03-01T00:00:00.000Z'),
      counts: [stats.activeMembers, stats.classes, stats.sedes, stats.trainers],
    };
  }

  test(
    'when run twice in a row through its command line, then both runs pass and the demo chain is as it was',
    async () => {
      const before = await chain();
      for (const run of [1, 2]) {
        const lines: string[] = [];
        const status = await runContractCli(
          [`--url=${url}`, '--admin-email', admin.email],
          { PULSO_ADMIN_PASSWORD: admin.password },
          (line) => lines.push(line),
        );
        const output = lines.join('\n');
        expect(output).toMatch(/\nScenarios: 19 passed, 0 failed; \d+ requests checked, 0 steps skipped\.$/);
        expect(output).toMatch(
          /Clean-up: 5 classes retired, 1 sede deleted, 6 accounts suspended, 4 plans retired, 1 gym event deleted\./,
        );
        expect({ run, status }).toEqual({ run, status: 0 });
      }
      expect(await chain()).toEqual(before);
    },
    SLOW_RUN_MS,
  );

  test(
    'when the database holds a real member, then nothing is made and the run says why; allowed, it runs',
    async () => {
      const registered = await request(app)
        .post('/api/users/create')
        .send({ email: 'lucia.garcia@gmail.com', password: 'Secreta123' });
      expect(registered.status).toBe(201);
      const before = await chain();

      const refused = await runBlackBox(send, { admin });
      expect(refused.refused).toMatch(
        /^This database holds 1 account that looks like real people's: lu\*\*\*@gmail\.com\./,
      );
      expect(refused.refused).toContain('--allow-real-data');
      expect(refused.scenarios).toEqual([]);
      expect(await chain()).toEqual(before);

      // A second admin: the last-admin step cannot be tried, and nobody is suspended for it.
      const token = await signIn(admin);
      const second = await request(app).post('/api/users/create').set('Authorization', `Bearer ${token}`).send({
        fullName: 'Otra Admin',
        email: 'otra-admin@example.com',
        phone: '5512345678',
        password: 'Secreta123',
        isMonitor: 'No',
        isAdmin: 'Si',
      });
      expect(second.status).toBe(201);

      const allowed = await runBlackBox(send, { admin, allowRealData: true });
      expect(allowed.scenarios.flatMap((s) => s.failures)).toEqual([]);
      expect(passed(allowed)).toBe(true);
      expect(allowed.scenarios.flatMap((s) => s.skipped)).toEqual([
        {
          step: 'the last admin cannot be suspended',
          why: '2 admins are active on this server, so none of them is the last one',
        },
      ]);
      const users = (await request(app).get('/api/users?limit=200').set('Authorization', `Bearer ${token}`)).body as {
        email: string;
      }[];
      expect(users.map((u) => u.email)).toEqual(
        expect.arrayContaining(['lucia.garcia@gmail.com', 'otra-admin@example.com']),
      );
    },
    SLOW_RUN_MS,
  );

  test('when the account is not an admin, then nothing runs and the exit status says so', async () => {
    const lines: string[] = [];
    const status = await runContractCli(
      [`--url=${url}/api`, '--admin-email=socio@pulso.demo', '--admin-password=Socio1234'],
      {},
      (line) => lines.push(line),
    );
    expect(status).toBe(2);
    expect(lines.join('\n')).toMatch(
      /Not run: could not list the accounts \(is it an admin\?\): GET \/users\?page=1&limit=200 answered 403/,
    );
  });

  test('when a wrong password is given, then nothing runs and the sign-in is named', async () => {
    const report = await runBlackBox(send, { admin: { ...admin, password: 'Otra1234' } });
    expect(report.refused).toMatch(/^could not sign in the admin admin@pulso\.demo: POST \/users\/login answered 401/);
  });
});

describe('the contract runner and rate limits', () => {
  useTestDatabase();
  const { app } = createTestApp({ RATE_LIMIT_REGISTER: '1', RATE_LIMIT_WINDOW_MS: '1000' });
  const register = (email: string) => ({
    method: 'POST' as const,
    path: '/users/create',
    json: { email, password: 'Secreta123' },
  });

  test('when a 429 asks to wait within the allowed time, then the request is sent again after it', async () => {
    const waits: unknown[] = [];
    const send = supertestSend(app, {
      maxWaitSeconds: 5,
      onWait: (seconds, _req, policy) => waits.push({ seconds, policy }),
    });
    expect((await send(register('espera-uno@example.com'))).status).toBe(201);
    expect((await send(register('espera-dos@example.com'))).status).toBe(201);
    expect(waits).toEqual([{ seconds: 1, policy: { limit: 1, windowSeconds: 1 } }]);
  });

  test('when waiting is not allowed, then the 429 is the answer', async () => {
    const send = supertestSend(app, { maxWaitSeconds: 0 });
    await send(register('prisa-uno@example.com'));
    expect((await send(register('prisa-dos@example.com'))).status).toBe(429);
  });
});
