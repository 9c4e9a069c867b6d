import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestListener } from 'node:http';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import type { Config } from '../../../config/env';
import { createTestApp } from '../../../test/app';
import { resetReadModels, useTestDatabase } from '../../../test/db';
import { createTestUser } from '../../../test/fixtures';
import { expectMatchesOpenApi } from '../../../test/openapi';
import { EmailKeyModel } from '../account-keys.model';
import { IdentityModel } from '../identity.model';
import { UserModel } from '../users.model';

const CLIENT_ID = 'pulso-test.apps.googleusercontent.com';
const KID = 'test-key-1';
const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const otherKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const publicPem = keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();

/** Google's certificate endpoint, served from 127.0.0.1 with our own key. */
const certs = http.createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=60' });
  res.end(JSON.stringify({ [KID]: publicPem }));
});

function credential(claims: Record<string, unknown> = {}, options: { key?: typeof keys.privateKey } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return jwt.sign(
    {
      iss: 'https://accounts.google.com',
      aud: CLIENT_ID,
      sub: '1098765432101234',
      email: 'nueva.google@example.com',
      email_verified: true,
      name: 'Nueva Google',
      iat: now,
      exp: now + 600,
      ...claims,
    },
    options.key ?? keys.privateKey,
    { algorithm: 'RS256', keyid: KID },
  );
}

describe('POST /api/users/google', () => {
  useTestDatabase();
  let app: RequestListener;
  let config: Config;

  beforeAll(async () => {
    await new Promise<void>((resolve) => certs.listen(0, '127.0.0.1', resolve));
    const { port } = certs.address() as AddressInfo;
    ({ app, config } = createTestApp({
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CERTS_URL: `http://127.0.0.1:${port}/certs`,
    }));
  });
  afterAll(() => new Promise<void>((resolve) => certs.close(() => resolve())));
  beforeEach(async () => {
    await resetReadModels();
    await IdentityModel.deleteMany({});
    await UserModel.deleteMany({ email: 'nueva.google@example.com' });
    // Removed behind the service's back, the account leaves its e-mail key: remove it too.
    await EmailKeyModel.deleteMany({ _id: 'nueva.google@example.com' });
  });

  const signIn = (token: string) => request(app).post('/api/users/google').send({ credential: token });

  test('when a new person signs in with a valid token, then an account without password is made and a session returned', async () => {
    const res = await signIn(credential());
    expect(res.status).toBe(200);
    expectMatchesOpenApi('POST', '/users/google', res);
    expect(res.body.login).toMatchObject({ success: true, token: expect.any(String) });
    const user = await UserModel.findOne({ email: 'nueva.google@example.com' }).select('+passwordHash').lean();
    expect(user).toMatchObject({ fullName: 'Nueva Google', isAdmin: false });
    expect(user?.passwordHash).toBeUndefined();
    // The e-mail never works as a password (the spec's social sign-up defect).
    const login = await request(app)
      .post('/api/users/login')
      .send({ email: 'nueva.google@example.com', password: 'nueva.google@example.com' });
    expect(login.status).toBe(401);

    const again = await signIn(credential());
    expect(again.status).toBe(200);
    expect(await UserModel.countDocuments({ email: 'nueva.google@example.com' })).toBe(1);
    expect(await IdentityModel.countDocuments()).toBe(1);
  });

  test('when an existing account signs in with Google for the first time, then it is linked by its verified e-mail', async () => {
    const existing = await createTestUser(config);
    const res = await signIn(credential({ sub: 'sub-existing', email: existing.email.toUpperCase() }));
    expect(res.status).toBe(200);
    const identity = await IdentityModel.findOne({ subject: 'sub-existing' }).lean();
    expect(identity?.user.toString()).toBe(existing.id);
  });

  test("when someone registered the owner's address with their own password and the owner then signs in with Google, then that password and its sessions stop working", async () => {
    const intruder = await request(app)
      .post('/api/users/create')
      .send({ email: 'nueva.google@example.com', password: 'Intruso123' });
    expect(intruder.status).toBe(201);
    const intruderToken = intruder.body.user.token as string;

    const owner = await signIn(credential({ sub: 'sub-owner' }));
    expect(owner.status).toBe(200);

    const login = await request(app)
      .post('/api/users/login')
      .send({ email: 'nueva.google@example.com', password: 'Intruso123' });
    expect(login.status).toBe(401);
    const read = await request(app)
      .get(`/api/users/${intruder.body.user.id}`)
      .set({ Authorization: `Bearer ${intruderToken}` });
    expect(read.status).toBe(401);
    const ownerRead = await request(app)
      .get(`/api/users/${intruder.body.user.id}`)
      .set({ Authorization: `Bearer ${owner.body.login.token}` });
    expect(ownerRead.status).toBe(200);
    expect(await UserModel.findOne({ email: 'nueva.google@example.com' }).lean()).toMatchObject({
      emailVerified: true,
    });
  });

  test('when an account the staff created signs in with Google, then its password keeps working', async () => {
    const admin = await createTestUser(config, { isAdmin: true });
    const created = await request(app)
      .post('/api/users/create')
      .set({ Authorization: `Bearer ${admin.token}` })
      .send({
        fullName: 'Nueva Google',
        email: 'nueva.google@example.com',
        phone: '5512345678',
        password: 'Personal123',
        isMonitor: 'No',
        isAdmin: 'No',
      });
    expect(created.status).toBe(201);
    expect((await signIn(credential({ sub: 'sub-staff' }))).status).toBe(200);
    const login = await request(app)
      .post('/api/users/login')
      .send({ email: 'nueva.google@example.com', password: 'Personal123' });
    expect(login.status).toBe(200);
  });

  test.each([
    ['a wrong audience', { aud: 'someone-else.apps.googleusercontent.com' }, {}],
    ['a wrong issuer', { iss: 'https://evil.example.com' }, {}],
    ['an expired token', { iat: 1_600_000_000, exp: 1_600_000_600 }, {}],
    ['a bad signature', {}, { key: otherKeys.privateKey }],
    ['an unverified e-mail', { email_verified: false }, {}],
  ])(
    'when the token has %s, then 401 "error al verificar con google" and no account',
    async (_name, claims, options) => {
      const res = await signIn(credential(claims, options));
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({
        message: 'error al verificar con google',
        login: { success: false, message: 'error al verificar con google' },
      });
      expect(await UserModel.countDocuments({ email: 'nueva.google@example.com' })).toBe(0);
    },
  );

  test('when Google is not configured, then 404 and the public config has no client id', async () => {
    const { app: plain } = createTestApp();
    expect((await request(plain).post('/api/users/google').send({ credential: credential() })).status).toBe(404);
    expect((await request(plain).get('/api/config')).body.googleClientId).toBeNull();
    expect((await request(app).get('/api/config')).body.googleClientId).toBe(CLIENT_ID);
  });
});
