import request from 'supertest';
import type { RequestListener } from 'node:http';
import type { Config } from '../../../config/env';
import { createTestApp } from '../../../test/app';
import { useTestDatabase } from '../../../test/db';
import { bearer, createTestUser } from '../../../test/fixtures';
import { startSmtp, until } from '../../../test/smtp';
import { PasswordResetModel } from '../password-reset.model';
import { purgeExpiredResets } from '../password-reset.service';

describe('password reset (POST /api/users/forgot, /api/users/reset)', () => {
  useTestDatabase();
  const mail = startSmtp();
  let app: RequestListener;
  let config: Config;

  beforeAll(async () => {
    ({ app, config } = createTestApp({ SMTP_URL: await mail.listen(), PUBLIC_URL: 'https://gym.example' }));
  });
  afterAll(() => mail.close());

  async function linkFor(email: string): Promise<string> {
    const before = mail.received.length;
    const res = await request(app).post('/api/users/forgot').send({ email });
    expect(res.status).toBe(200);
    await until(() => mail.received.length > before);
    const raw = mail.received.at(-1)?.raw.replace(/=\r\n/g, '') ?? '';
    const match =
      /https:\/\/gym\.example\/restablecer\?token=3D([\w-]+)|https:\/\/gym\.example\/restablecer\?token=([\w-]+)/.exec(
        raw,
      );
    const token = match?.[1] ?? match?.[2];
    if (!token) throw new Error('no link in the e-mail');
    return token;
  }

  test('when a member forgets the password, then a one-hour single-use link resets it and ends older sessions', async () => {
    const user = await createTestUser(config);
    const token = await linkFor(user.email);
    // Only the token's hash is stored.
    expect(await PasswordResetModel.countDocuments({ _id: token })).toBe(0);
    expect(await PasswordResetModel.countDocuments({})).toBe(1);

    await new Promise((r) => setTimeout(r, 1100));
    const res = await request(app).post('/api/users/reset').send({ token, password: 'NuevaClave9' });
    expect(res.body).toEqual({ message: 'Contraseña actualizada. Ya puedes iniciar sesión.' });
    expect((await request(app).get(`/api/users/${user.id}`).set(bearer(user))).status).toBe(401);
    await request(app).post('/api/users/login').send({ email: user.email, password: user.password }).expect(401);
    const login = await request(app).post('/api/users/login').send({ email: user.email, password: 'NuevaClave9' });
    expect(login.status).toBe(200);
    await request(app)
      .get(`/api/users/${user.id}`)
      .set('Authorization', `Bearer ${login.body.login.token}`)
      .expect(200);

    const again = await request(app).post('/api/users/reset').send({ token, password: 'OtraClave99' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('El enlace no es válido o expiró. Solicita uno nuevo.');
  });

  test('when the e-mail has no account, then the answer is the same and no mail is sent', async () => {
    const before = mail.received.length;
    const res = await request(app).post('/api/users/forgot').send({ email: 'nadie@example.com' });
    expect(res.body).toEqual({
      message: 'Si el email está registrado, te enviamos un enlace para crear una nueva contraseña.',
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(mail.received.length).toBe(before);
  });

  test('when the token expired or the new password breaks the rules, then 400 and nothing changes', async () => {
    const user = await createTestUser(config);
    const token = await linkFor(user.email);
    const weak = await request(app).post('/api/users/reset').send({ token, password: 'corta' });
    expect(weak.body.details).toContainEqual({
      field: 'password',
      message: 'La contraseña debe tener al menos 1 número (0-9)',
    });
    await PasswordResetModel.updateMany({}, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await request(app).post('/api/users/reset').send({ token, password: 'NuevaClave9' });
    expect(expired.status).toBe(400);
    await request(app).post('/api/users/login').send({ email: user.email, password: user.password }).expect(200);
    expect(await purgeExpiredResets()).toBeGreaterThan(0);
  });
});
