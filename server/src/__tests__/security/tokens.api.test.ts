import { generateKeyPairSync } from 'node:crypto';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { createTestApp } from '../../test/app';
import { useTestDatabase } from '../../test/db';
import { bearer, createTestUser, type TestUser } from '../../test/fixtures';
import { UserModel } from '../../modules/users/users.model';
import { expectRefused, unchanged } from './support';

/**
 * OWASP API2:2023 Broken Authentication — session tokens. Only an HS256 token signed with this
 * installation's secret, unexpired, naming an active user, opens a session; the user's rights are
 * re-read from the database on every request (src/middleware/auth.ts, src/lib/jwt.ts).
 * Already covered elsewhere: alg none, a tampered payload and a demoted admin reading the user list
 * (modules/users/__tests__/users.api.test.ts, "tokens"). These cases add the rest, and prove that a
 * refused token changes nothing.
 */
describe('security: tokens', () => {
  useTestDatabase();
  const { app, config } = createTestApp();
  let member: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    [member, admin] = await Promise.all([createTestUser(config), createTestUser(config, { isAdmin: true })]);
  });

  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const parts = (token: string) => token.split('.') as [string, string, string];
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const claims = () => ({ id: member.id, isAdmin: true });

  /** A write as the token's holder (their own profile) and an admin-only write: both must be refused. */
  async function attack(authorization: string) {
    return unchanged(async () => {
      const own = await request(app)
        .put(`/api/users/update/${member.id}`)
        .set('Authorization', authorization)
        .send({ fullName: 'Cuenta Robada' });
      const adminOnly = await request(app)
        .post('/api/memberships/create')
        .set('Authorization', authorization)
        .send({ name: 'Gratis', benefits: 'Todo', duration: '12', price: '1' });
      return { own, adminOnly };
    });
  }

  const forged: [string, () => string][] = [
    ['alg none, no signature', () => `${enc({ alg: 'none', typ: 'JWT' })}.${enc(claims())}.`],
    ['alg None, original signature kept', () => `${enc({ alg: 'None' })}.${enc(claims())}.${parts(member.token)[2]}`],
    [
      'alg NONE with the header of a real token',
      () => `${enc({ alg: 'NONE', typ: 'JWT' })}.${parts(member.token)[1]}.`,
    ],
    [
      'payload switched to another user, signature kept',
      () => `${parts(member.token)[0]}.${enc({ id: admin.id, isAdmin: true, iat: 1e10 })}.${parts(member.token)[2]}`,
    ],
    [
      'signature of another token',
      () => `${parts(member.token)[0]}.${parts(member.token)[1]}.${parts(admin.token)[2]}`,
    ],
    ['signature bit-flipped', () => member.token.slice(0, -2) + (member.token.endsWith('AA') ? 'BB' : 'AA')],
    ['signed with the wrong secret', () => jwt.sign(claims(), 'x'.repeat(48), { algorithm: 'HS256' })],
    ['signed with an empty-looking secret', () => jwt.sign(claims(), ' '.repeat(32), { algorithm: 'HS256' })],
    ['HS384 with the real secret', () => jwt.sign(claims(), config.jwtSecret, { algorithm: 'HS384' })],
    ['HS512 with the real secret', () => jwt.sign(claims(), config.jwtSecret, { algorithm: 'HS512' })],
    ['RS256 with an attacker key', () => jwt.sign(claims(), rsa.privateKey, { algorithm: 'RS256' })],
    [
      'RS256 carrying its own public key (jwk header)',
      () =>
        jwt.sign(claims(), rsa.privateKey, {
          algorithm: 'RS256',
          header: { alg: 'RS256', jwk: rsa.publicKey.export({ format: 'jwk' }) } as jwt.JwtHeader,
        }),
    ],
    ['PS256 with an attacker key', () => jwt.sign(claims(), rsa.privateKey, { algorithm: 'PS256' })],
    ['ES256 with an attacker key', () => jwt.sign(claims(), ec.privateKey, { algorithm: 'ES256' })],
    [
      'expired an hour ago',
      () =>
        jwt.sign({ ...claims(), exp: Math.floor(Date.now() / 1000) - 3600 }, config.jwtSecret, { algorithm: 'HS256' }),
    ],
    [
      'not valid before next year',
      () => jwt.sign(claims(), config.jwtSecret, { algorithm: 'HS256', notBefore: '365d', expiresIn: '400d' }),
    ],
    [
      'id as an operator object (really signed)',
      () => jwt.sign({ id: { $ne: null }, isAdmin: true }, config.jwtSecret, { algorithm: 'HS256' }),
    ],
    ['id not an ObjectId (really signed)', () => jwt.sign({ id: 'admin', isAdmin: true }, config.jwtSecret)],
    ['no id (really signed)', () => jwt.sign({ isAdmin: true }, config.jwtSecret, { algorithm: 'HS256' })],
    ['payload is a JSON array', () => `${parts(member.token)[0]}.${enc([member.id])}.${parts(member.token)[2]}`],
    ['header is not JSON', () => `${Buffer.from('{alg:').toString('base64url')}.${parts(member.token)[1]}.x`],
    ['one part', () => 'abc'],
    ['two parts', () => `${parts(member.token)[0]}.${parts(member.token)[1]}`],
    ['four parts', () => `${member.token}.AAAA`],
    ['characters outside base64url', () => member.token.replace('.', '.$')],
    ['oversized (5000 characters)', () => `${parts(member.token)[0]}.${'A'.repeat(5000)}.${parts(member.token)[2]}`],
  ];

  test.each(forged)('when a token is forged (%s), then 401 and nothing changes', async (_name, make) => {
    const { own, adminOnly } = await attack(`Bearer ${make()}`);
    expectRefused(own, 401);
    expect(own.body).toMatchObject({
      code: 'UNAUTHENTICATED',
      message: 'Tu sesión no es válida o expiró. Inicia sesión nuevamente.',
    });
    expectRefused(adminOnly, 401);
  });

  test.each([
    ['another scheme', () => `Basic ${Buffer.from('admin:admin').toString('base64')}`],
    ['the token without a scheme', () => member.token],
    ['lower-case bearer', () => `bearer ${member.token}`],
    ['an empty bearer', () => 'Bearer '],
    ['two tokens', () => `Bearer ${member.token} ${admin.token}`],
  ])('when the Authorization header holds %s, then 401 and nothing changes', async (_name, make) => {
    const { own, adminOnly } = await attack(make());
    expectRefused(own, 401);
    expectRefused(adminOnly, 401);
  });

  test('when an Authorization header is far larger than any token, then it is refused without a server error', async () => {
    const res = await unchanged(() =>
      request(app)
        .put(`/api/users/update/${member.id}`)
        .set('Authorization', `Bearer ${'A'.repeat(20_000)}.${'B'.repeat(20_000)}.C`)
        .send({ fullName: 'Cuenta Robada' })
        .catch((error: { response?: request.Response }) => {
          if (error.response) return error.response;
          throw error;
        }),
    );
    expect([401, 431]).toContain(res.status);
    expect((await request(app).get(`/api/users/${member.id}`).set(bearer(member))).status).toBe(200);
  });

  test('when a suspended user uses the token they had, then every call is 401 ACCOUNT_SUSPENDED and nothing changes', async () => {
    const user = await createTestUser(config);
    await UserModel.updateOne({ _id: user.id }, { $set: { deletedAt: new Date() } });
    const res = await unchanged(() =>
      request(app).put(`/api/users/update/${user.id}`).set(bearer(user)).send({ fullName: 'Sigo Aqui' }),
    );
    expectRefused(res, 401);
    expect(res.body.code).toBe('ACCOUNT_SUSPENDED');
    expectRefused(await request(app).post('/api/reviews/create').set(bearer(user)).send({ stars: 5 }), 401);
  });

  test('when a suspended admin uses their admin token, then admin writes are 401 and nothing changes', async () => {
    const suspended = await createTestUser(config, { isAdmin: true });
    await UserModel.updateOne({ _id: suspended.id }, { $set: { deletedAt: new Date() } });
    const res = await unchanged(() => request(app).put(`/api/users/restore/${suspended.id}`).set(bearer(suspended)));
    expectRefused(res, 401);
    expect(res.body.code).toBe('ACCOUNT_SUSPENDED');
  });

  test('when a demoted admin writes with their old admin token, then 403 and nothing changes', async () => {
    const demoted = await createTestUser(config, { isAdmin: true });
    await UserModel.updateOne({ _id: demoted.id }, { $set: { isAdmin: false } });
    const target = await createTestUser(config);
    const calls = [
      () => request(app).put(`/api/users/update/${target.id}`).set(bearer(demoted)).send({ fullName: 'Hackeado' }),
      () => request(app).delete(`/api/users/delete/${target.id}`).set(bearer(demoted)),
      () =>
        request(app)
          .post('/api/memberships/create')
          .set(bearer(demoted))
          .send({ name: 'Gratis', benefits: 'Todo', duration: '12', price: '1' }),
    ];
    for (const call of calls) expectRefused(await unchanged(call, 'users', 'plans'), 403);
    // Their own profile they may still edit, as the member they now are: the admin field is ignored.
    const own = await request(app)
      .put(`/api/users/update/${demoted.id}`)
      .set(bearer(demoted))
      .send({ fullName: 'Yo Mismo', isAdmin: true });
    expect(own.status).toBe(200);
    expect(await UserModel.findById(demoted.id).lean()).toMatchObject({ fullName: 'Yo Mismo', isAdmin: false });
  }, 60_000);

  test('when the account behind a token no longer exists, then 401 and nothing is created', async () => {
    const gone = await createTestUser(config);
    await UserModel.deleteOne({ _id: gone.id });
    const res = await unchanged(() =>
      request(app).put(`/api/users/update/${gone.id}`).set(bearer(gone)).send({ fullName: 'Fantasma' }),
    );
    expectRefused(res, 401);
    expect(await UserModel.countDocuments({ _id: gone.id })).toBe(0);
  });

  test('when a token was issued before a password reset, then it no longer opens a session', async () => {
    const user = await createTestUser(config);
    await UserModel.updateOne({ _id: user.id }, { $set: { sessionsValidAfter: new Date(Date.now() + 5000) } });
    const res = await unchanged(() =>
      request(app).put(`/api/users/update/${user.id}`).set(bearer(user)).send({ fullName: 'Sesion Vieja' }),
    );
    expectRefused(res, 401);
  });

  test('when a valid token is sent, then the same calls work (the cases above can fail)', async () => {
    const res = await request(app)
      .put(`/api/users/update/${member.id}`)
      .set(bearer(member))
      .send({ fullName: 'Ana Real' });
    expect(res.status).toBe(200);
    const asAdmin = await request(app)
      .post('/api/memberships/create')
      .set(bearer(admin))
      .send({ name: 'Prueba Token', benefits: 'Todo', duration: '1', price: '10' });
    expect(asAdmin.status).toBe(201);
  });
});
