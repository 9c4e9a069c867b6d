import request from 'supertest';
import { createTestApp } from '../../test/app';
import { resetRateLimits, useTestDatabase } from '../../test/db';
import { createTestUser } from '../../test/fixtures';
import { until } from '../../test/smtp';
import { ContactModel } from '../../modules/contact/contact.model';
import { expectRefused, unchanged } from './support';

/**
 * OWASP API4:2023 Unrestricted Resource Consumption and API6 Sensitive Business Flows — abuse of
 * sign-in, registration, password reset and contact. Guards: per-IP limits from configuration
 * (src/middleware/rate-limit.ts; RATE_LIMIT_* and RATE_LIMIT_WINDOW_MS in src/config/env.ts), the
 * client IP taken from `trust proxy` (TRUST_PROXY), 429 with Retry-After.
 * The basics — each limit answering 429 with Retry-After, failed sign-ins only, admins exempt,
 * clients told apart behind one trusted proxy and a forged X-Forwarded-For ignored without one — are
 * in src/middleware/__tests__/rate-limit.api.test.ts. These cases add the rest.
 */
describe('security: abuse', () => {
  useTestDatabase();
  // Counters live in the database: each test starts from zero.
  beforeEach(resetRateLimits);
  const { config } = createTestApp();
  const limited = (overrides: Record<string, string>) => createTestApp(overrides).app;

  function expectLimited(res: request.Response) {
    expectRefused(res, 429);
    expect(res.body).toEqual({ code: 'RATE_LIMITED', message: 'Demasiadas solicitudes, inténtalo más tarde' });
    const retryAfter = Number(res.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    return retryAfter;
  }

  test('when a limit is reached, then Retry-After is within the configured window and the standard RateLimit headers say so', async () => {
    const app = limited({ RATE_LIMIT_CONTACT: '1', RATE_LIMIT_WINDOW_MS: '60000' });
    const body = { user_name: 'Ana', subject: 'Hola', user_email: 'ana@example.com' };
    const first = await request(app).post('/api/contact').send(body);
    expect(first.status).toBe(201);
    expect(String(first.headers.ratelimit)).toMatch(/r=0; t=(60|59)/);
    expect(String(first.headers['ratelimit-policy'])).toMatch(/q=1; w=60/);
    // The first message's e-mail goes out after the answer: let it settle before comparing the database.
    await until(async () => ((await ContactModel.findById(first.body.id).lean())?.attempts ?? 0) > 0);
    const retryAfter = expectLimited(await unchanged(() => request(app).post('/api/contact').send(body)));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  test('when a burst of failed logins arrives at once, then no more than the limit get through', async () => {
    const user = await createTestUser(config);
    const app = limited({ RATE_LIMIT_LOGIN: '3' });
    const results = await unchanged(() =>
      Promise.all(
        Array.from({ length: 12 }, () =>
          request(app).post('/api/users/login').send({ email: user.email, password: 'Mala12345' }),
        ),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(9);
  });

  test('when failed Google sign-ins use up the login limit, then password sign-in from that client is limited too', async () => {
    const user = await createTestUser(config);
    const app = limited({ RATE_LIMIT_LOGIN: '2' });
    for (let i = 0; i < 2; i++) {
      const res = await request(app).post('/api/users/google').send({ credential: 'no-es-un-token' });
      expect(res.status).toBeGreaterThanOrEqual(400);
    }
    expectLimited(await request(app).post('/api/users/login').send({ email: user.email, password: user.password }));
  });

  test('when an attacker behind the trusted proxy varies the addresses it prepends, then it is still counted as one client', async () => {
    const app = limited({ RATE_LIMIT_LOGIN: '2', TRUST_PROXY: '1' });
    const user = await createTestUser(config);
    const attempt = (spoofed: string) =>
      request(app)
        .post('/api/users/login')
        .set('X-Forwarded-For', `${spoofed}, 203.0.113.50`)
        .send({ email: user.email, password: 'Mala12345' });
    expect((await attempt('10.0.0.1')).status).toBe(401);
    expect((await attempt('10.0.0.2')).status).toBe(401);
    expectLimited(await attempt('10.0.0.3'));
    // Another real client behind the same proxy is not affected.
    const other = await request(app)
      .post('/api/users/login')
      .set('X-Forwarded-For', '203.0.113.51')
      .send({ email: user.email, password: user.password });
    expect(other.status).toBe(200);
  });

  test('when the password-reset limit is reached, then no reset token is stored and no mail is asked for', async () => {
    const user = await createTestUser(config);
    const app = limited({ RATE_LIMIT_PASSWORD_RESET: '1' });
    expect((await request(app).post('/api/users/forgot').send({ email: user.email })).status).toBe(200);
    expectLimited(
      await unchanged(() => request(app).post('/api/users/forgot').send({ email: user.email }), 'passwordresets'),
    );
  });

  test('when registrations are refused at the limit, then trying many different e-mails creates none of them', async () => {
    const app = limited({ RATE_LIMIT_REGISTER: '1' });
    await request(app)
      .post('/api/users/create')
      .send({ email: 'primera@example.com', password: 'Secreta123' })
      .expect(201);
    await unchanged(async () => {
      for (let i = 0; i < 5; i++) {
        expectLimited(
          await request(app)
            .post('/api/users/create')
            .send({ email: `bot${i}@example.com`, password: 'Secreta123' }),
        );
      }
    }, 'users');
  });

  test('when one limit is used up, then the others still answer (limits are counted apart)', async () => {
    const user = await createTestUser(config);
    const app = limited({ RATE_LIMIT_CONTACT: '1', RATE_LIMIT_LOGIN: '1' });
    const body = { user_name: 'Ana', subject: 'Hola', user_email: 'ana@example.com' };
    await request(app).post('/api/contact').send(body).expect(201);
    expectLimited(await request(app).post('/api/contact').send(body));
    expect(
      (await request(app).post('/api/users/login').send({ email: user.email, password: user.password })).status,
    ).toBe(200);
    expect((await request(app).post('/api/users/forgot').send({ email: user.email })).status).toBe(200);
  });

  test('when an unlimited route is called many times, then it is not slowed by the abuse limits (the limits are targeted)', async () => {
    const app = limited({ RATE_LIMIT_CONTACT: '1', RATE_LIMIT_LOGIN: '1', RATE_LIMIT_REGISTER: '1' });
    for (let i = 0; i < 10; i++) expect((await request(app).get('/api/memberships')).status).toBe(200);
  });
});
