import request from 'supertest';
import { createTestApp } from '../../test/app';
import { useTestDatabase } from '../../test/db';
import { bearer, createTestUser } from '../../test/fixtures';
import { ContactModel } from '../../modules/contact/contact.model';
import { UserModel } from '../../modules/users/users.model';

describe('rate limits', () => {
  useTestDatabase();

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
});
