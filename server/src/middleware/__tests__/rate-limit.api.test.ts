import request from 'supertest';
import { createTestApp } from '../../test/app';
import { resetRateLimits, useTestDatabase } from '../../test/db';
import { bearer, createTestUser } from '../../test/fixtures';
import { ContactModel } from '../../modules/contact/contact.model';
import { UserModel } from '../../modules/users/users.model';
import type { Options } from 'express-rate-limit';
import { DatabaseRateLimitStore } from '../rate-limit-store';
import { expectPointQueries, queriesDuring } from '../../test/point-queries';
import { RateLimitHitModel } from '../rate-limit.model';

describe('rate limits', () => {
  useTestDatabase();
  // Counters live in the database: each test starts from zero.
  beforeEach(resetRateLimits);

  const limited = (overrides: Record<string, string>) => createTestApp({ ...overrides }).app;
  const { config } = createTestApp();

  function expectLimited(res: request.Response) {
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('RATE_LIMITED');
    expect(res.body.message).toBe('Demasiadas solicitudes, inténtalo más tarde');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  }

  test('when failed logins pass RATE_LIMIT_LOGIN, then the next attempt gets 429 with Retry-After, even with the right password', async () => {
    const user = await createTestUser(config);
    const app = limited({ RATE_LIMIT_LOGIN: '2' });
    for (let i = 0; i < 2; i++) {
      const res = await request(app).post('/api/users/login').send({ email: user.email, password: 'Mala12345' });
      expect(res.status).toBe(401);
    }
    expectLimited(await request(app).post('/api/users/login').send({ email: user.email, password: user.password }));
  });

  test('when logins succeed, then they do not count toward the limit', async () => {
    const user = await createTestUser(config);
    const app = limited({ RATE_LIMIT_LOGIN: '1' });
    for (let i = 0; i < 3; i++) {
      const res = await request(app).post('/api/users/login').send({ email: user.email, password: user.password });
      expect(res.status).toBe(200);
    }
  });

  test('when registrations pass RATE_LIMIT_REGISTER, then the next is refused and creates no account', async () => {
    const app = limited({ RATE_LIMIT_REGISTER: '1' });
    const first = await request(app)
      .post('/api/users/create')
      .send({ email: 'a1@example.com', password: 'Secreta123' });
    expect(first.status).toBe(201);
    expectLimited(
      await request(app).post('/api/users/create').send({ email: 'a2@example.com', password: 'Secreta123' }),
    );
    expect(await UserModel.countDocuments({ email: 'a2@example.com' })).toBe(0);
  });

  test('when an admin creates accounts from the dashboard, then the registration limit does not apply', async () => {
    const { app, config: limitedConfig } = createTestApp({ RATE_LIMIT_REGISTER: '1' });
    const admin = await createTestUser(limitedConfig, { isAdmin: true });
    for (const email of ['b1@example.com', 'b2@example.com', 'b3@example.com']) {
      const res = await request(app)
        .post('/api/users/create')
        .set(bearer(admin))
        .send({ email, password: 'Secreta123', fullName: 'Socio Nuevo', phone: '3001234567' });
      expect(res.status).toBe(201);
    }
  });

  test('when password-reset requests pass RATE_LIMIT_PASSWORD_RESET, then forgot and reset answer 429', async () => {
    const app = limited({ RATE_LIMIT_PASSWORD_RESET: '2' });
    expect((await request(app).post('/api/users/forgot').send({ email: 'x@example.com' })).status).toBe(200);
    expect((await request(app).post('/api/users/forgot').send({ email: 'x@example.com' })).status).toBe(200);
    expectLimited(await request(app).post('/api/users/forgot').send({ email: 'x@example.com' }));
    expectLimited(
      await request(app)
        .post('/api/users/reset')
        .send({ token: 'x'.repeat(43), password: 'Nueva1234' }),
    );
  });

  test('when contact messages pass RATE_LIMIT_CONTACT, then the next is refused and not stored', async () => {
    const app = limited({ RATE_LIMIT_CONTACT: '1' });
    const body = { user_name: 'Ana', subject: 'Hola', user_email: 'ana@example.com' };
    expect((await request(app).post('/api/contact').send(body)).status).toBe(201);
    expectLimited(await request(app).post('/api/contact').send(body));
    expect(await ContactModel.countDocuments({})).toBe(1);
  });

  test('when the server sits behind one trusted proxy, then clients are told apart by X-Forwarded-For', async () => {
    const app = limited({ RATE_LIMIT_CONTACT: '1', TRUST_PROXY: '1' });
    const body = { user_name: 'Ana', subject: 'Hola', user_email: 'ana@example.com' };
    const from = (ip: string) => request(app).post('/api/contact').set('X-Forwarded-For', ip).send(body);
    expect((await from('203.0.113.1')).status).toBe(201);
    expect((await from('203.0.113.2')).status).toBe(201);
    expectLimited(await from('203.0.113.1'));
  });

  test('when no proxy is trusted, then a forged X-Forwarded-For does not reset the count', async () => {
    const app = limited({ RATE_LIMIT_CONTACT: '1' });
    const body = { user_name: 'Ana', subject: 'Hola', user_email: 'ana@example.com' };
    expect((await request(app).post('/api/contact').set('X-Forwarded-For', '198.51.100.1').send(body)).status).toBe(
      201,
    );
    expectLimited(await request(app).post('/api/contact').set('X-Forwarded-For', '198.51.100.2').send(body));
  });

  describe('counted in the database, across servers', () => {
    const badLogin = (app: ReturnType<typeof limited>, email: string, forwardedFor?: string) => {
      const req = request(app).post('/api/users/login');
      if (forwardedFor) req.set('X-Forwarded-For', forwardedFor);
      return req.send({ email, password: 'Mala12345' });
    };

    test('when 25 failed logins arrive at once through two servers on one database, then exactly the configured 20 get through', async () => {
      const user = await createTestUser(config);
      let [a, b] = [limited({}), limited({})];
      for (let round = 0; round < 3; round++) {
        await resetRateLimits();
        [a, b] = [limited({ RATE_LIMIT_LOGIN: '20' }), limited({ RATE_LIMIT_LOGIN: '20' })];
        const results = await Promise.all(Array.from({ length: 25 }, (_, i) => badLogin(i % 2 ? b : a, user.email)));
        const statuses = results.map((r) => r.status);
        expect(statuses.filter((s) => s === 401)).toHaveLength(20);
        expect(statuses.filter((s) => s === 429)).toHaveLength(5);
      }
      // Either server now refuses, even the right password.
      for (const server of [a, b]) {
        expectLimited(
          await request(server).post('/api/users/login').send({ email: user.email, password: user.password }),
        );
      }
    });

    test('when sign-ins succeed one right after another through two servers, then each was given back before its answer', async () => {
      const user = await createTestUser(config);
      const [a, b] = [limited({ RATE_LIMIT_LOGIN: '1' }), limited({ RATE_LIMIT_LOGIN: '1' })];
      for (let i = 0; i < 30; i++) {
        const res = await request(i % 2 ? b : a)
          .post('/api/users/login')
          .send({ email: user.email, password: user.password });
        expect(res.status).toBe(200);
      }
      expect((await badLogin(a, user.email)).status).toBe(401);
      expectLimited(await badLogin(b, user.email));
    });

    test('when many requests are counted at once by several stores, then no more slots than the limit are ever given', async () => {
      const [s1, s2, s3] = [1, 2, 3].map(() => {
        const store = new DatabaseRateLimitStore('probe|');
        store.init({ windowMs: 60_000, limit: 7 } as Options);
        return store;
      }) as [DatabaseRateLimitStore, DatabaseRateLimitStore, DatabaseRateLimitStore];
      const storeFor = (i: number) => [s1, s2, s3][i % 3] ?? s1;
      const counted = await Promise.all(Array.from({ length: 30 }, (_, i) => storeFor(i).increment('198.51.100.7')));
      const allowed = counted.filter((c) => c.totalHits <= 7).map((c) => c.totalHits);
      expect(allowed.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(new Set(counted.map((c) => c.resetTime?.getTime())).size).toBe(1);
      // Two given back at once free two slots, which the next two take, and no more.
      await Promise.all([s1.decrement('198.51.100.7'), s2.decrement('198.51.100.7')]);
      const again = await Promise.all(Array.from({ length: 6 }, (_, i) => storeFor(i).increment('198.51.100.7')));
      expect(again.filter((c) => c.totalHits <= 7)).toHaveLength(2);
      expect((await s3.get('198.51.100.7'))?.totalHits).toBe(7);
      // A slot given back by number (a successful sign-in's own) is taken again by the next request.
      const taken = again.find((c) => c.totalHits <= 7);
      await s2.release('198.51.100.7', taken?.totalHits ?? 0, taken?.resetTime ?? new Date());
      expect((await s2.get('198.51.100.7'))?.totalHits).toBe(6);
      expect((await s2.increment('198.51.100.7')).totalHits).toBe(taken?.totalHits);
      expect((await s2.increment('198.51.100.7')).totalHits).toBe(8);
    });

    test('when a client is counted by a server new to it, fills its limit and gives slots back, then every step is a pushed-down point query', async () => {
      const [s1, s2] = [1, 2].map(() => {
        const store = new DatabaseRateLimitStore('probe|');
        store.init({ windowMs: 60_000, limit: 5 } as Options);
        return store;
      }) as [DatabaseRateLimitStore, DatabaseRateLimitStore];
      const client = '198.51.100.9';
      const sent = await queriesDuring(async () => {
        for (let i = 0; i < 3; i++) await s1.increment(client);
        // New to s2: it finds where the taken slots end, then takes the next ones.
        expect((await s2.increment(client)).totalHits).toBe(4);
        expect((await s2.increment(client)).totalHits).toBe(5);
        // Full: every slot is probed for a freed one, then refused.
        expect((await s1.increment(client)).totalHits).toBe(6);
        const counted = await s2.get(client);
        expect(counted?.totalHits).toBe(5);
        await s1.release(client, 2, counted?.resetTime ?? new Date());
        await s2.decrement(client);
        expect((await s2.get(client))?.totalHits).toBe(3);
      });
      await expectPointQueries(sent);
    });

    test('when the window ends, then every server starts the same new one', async () => {
      const user = await createTestUser(config);
      const overrides = { RATE_LIMIT_LOGIN: '2', RATE_LIMIT_WINDOW_MS: '1000' };
      const [a, b] = [limited(overrides), limited(overrides)];
      expect((await badLogin(a, user.email)).status).toBe(401);
      expect((await badLogin(b, user.email)).status).toBe(401);
      expectLimited(await badLogin(a, user.email));
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const results = await Promise.all([a, b, a, b].map((server) => badLogin(server, user.email)));
      expect(results.map((r) => r.status).sort()).toEqual([401, 401, 429, 429]);
    });

    test('when TRUST_PROXY is off, then X-Forwarded-For changes nothing: the connection address is counted on every server', async () => {
      const user = await createTestUser(config);
      const [a, b] = [limited({ RATE_LIMIT_LOGIN: '2' }), limited({ RATE_LIMIT_LOGIN: '2' })];
      expect((await badLogin(a, user.email, '203.0.113.10')).status).toBe(401);
      expect((await badLogin(b, user.email, '203.0.113.11')).status).toBe(401);
      expectLimited(await badLogin(a, user.email, '203.0.113.12'));
      const keys = await RateLimitHitModel.distinct('key');
      expect(keys).toHaveLength(1);
      expect(keys[0]).toMatch(/^login\|(::ffff:)?127\.0\.0\.1$/);
    });

    test('when TRUST_PROXY trusts the proxy, then the address it forwards is counted, the same on every server', async () => {
      const user = await createTestUser(config);
      const overrides = { RATE_LIMIT_LOGIN: '2', TRUST_PROXY: '1' };
      const [a, b] = [limited(overrides), limited(overrides)];
      expect((await badLogin(a, user.email, '203.0.113.20')).status).toBe(401);
      expect((await badLogin(b, user.email, '203.0.113.20')).status).toBe(401);
      expectLimited(await badLogin(b, user.email, '203.0.113.20'));
      // Another client behind the same proxy has its own count.
      expect((await badLogin(a, user.email, '203.0.113.21')).status).toBe(401);
      expect((await RateLimitHitModel.distinct('key')).sort()).toEqual(['login|203.0.113.20', 'login|203.0.113.21']);
    });
  });
});
