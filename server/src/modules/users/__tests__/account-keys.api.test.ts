import { createHash } from 'node:crypto';
import mongoose, { Types } from 'mongoose';
import request from 'supertest';
import { createTestApp } from '../../../test/app';
import { useTestDatabase } from '../../../test/db';
import { bearer, createTestUser } from '../../../test/fixtures';
import { expectPointQueries, queriesDuring } from '../../../test/point-queries';
import { emailKeyDocs, googleIdentityId } from '../account-keys';
import { EmailKeyModel } from '../account-keys.model';
import { KEY_SETTLE_MS, migrateAccountKeys } from '../account-keys.service';
import { IdentityModel } from '../identity.model';
import { PasswordResetModel } from '../password-reset.model';
import { signInWithGoogle } from '../users.service';
import { UserModel } from '../users.model';

const old = () => new Date(Date.now() - 2 * KEY_SETTLE_MS);

describe('accounts found by their keys (e-mail, Google subject, reset token)', () => {
  useTestDatabase();
  const { app, config, ctx } = createTestApp();

  test('when someone signs in, registers, asks for a reset link or signs in with Google, then every query is a pushed-down point query', async () => {
    const user = await createTestUser(config);
    await expectPointQueries(
      await queriesDuring(async () => {
        await request(app).post('/api/users/login').send({ email: user.email, password: user.password }).expect(200);
        await request(app).post('/api/users/login').send({ email: user.email, password: 'Mala12345' }).expect(401);
        await request(app)
          .post('/api/users/login')
          .send({ email: 'nadie@example.com', password: 'Mala12345' })
          .expect(404);
      }),
    );
    await expectPointQueries(
      await queriesDuring(async () => {
        await request(app)
          .post('/api/users/create')
          .send({ email: 'punto@example.com', password: 'Secreta123' })
          .expect(201);
        await request(app)
          .post('/api/users/create')
          .send({ email: 'punto@example.com', password: 'Secreta123' })
          .expect(409);
      }),
    );
    await expectPointQueries(
      await queriesDuring(async () => {
        await request(app).post('/api/users/forgot').send({ email: user.email }).expect(200);
        await request(app).post('/api/users/forgot').send({ email: 'nadie@example.com' }).expect(200);
      }),
    );
    const token = 'un-token-de-prueba-suficientemente-largo-123';
    await PasswordResetModel.create({
      _id: createHash('sha256').update(token).digest('hex'),
      user: new Types.ObjectId(user.id),
      expiresAt: new Date(Date.now() + 60_000),
    });
    await expectPointQueries(
      await queriesDuring(() =>
        request(app).post('/api/users/reset').send({ token, password: 'NuevaClave9' }).expect(200),
      ),
    );
    const profile = { subject: 'sub-punto', email: 'google.punto@example.com', emailVerified: true, name: 'G' };
    await expectPointQueries(
      await queriesDuring(async () => {
        await signInWithGoogle(ctx, profile);
        await signInWithGoogle(ctx, profile);
        await signInWithGoogle(ctx, { ...profile, subject: 'sub-otro', email: user.email });
      }),
    );
  });

  test('when one e-mail is registered eight times at the same moment, then exactly one account and one key are made', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        request(app)
          .post('/api/users/create')
          .send({ email: i % 2 ? 'carrera@example.com' : 'CARRERA@example.com', password: 'Secreta123' }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const winner = results.find((r) => r.status === 201)?.body.user.id;
    expect(await UserModel.countDocuments({ email: 'carrera@example.com' })).toBe(1);
    expect(await EmailKeyModel.findById('carrera@example.com').lean()).toMatchObject({
      user: new Types.ObjectId(winner),
    });
    await request(app)
      .post('/api/users/login')
      .send({ email: 'carrera@example.com', password: 'Secreta123' })
      .expect(200);
  });

  test('when a key was left by a step that failed, then it counts as absent once settled, and a fresh one still holds the e-mail', async () => {
    // A registration that crashed before writing its user.
    await EmailKeyModel.create({ _id: 'huerfana@example.com', user: new Types.ObjectId(), createdAt: old() });
    await request(app)
      .post('/api/users/login')
      .send({ email: 'huerfana@example.com', password: 'Secreta123' })
      .expect(404);
    await request(app)
      .post('/api/users/create')
      .send({ email: 'huerfana@example.com', password: 'Secreta123' })
      .expect(201);
    await request(app)
      .post('/api/users/login')
      .send({ email: 'huerfana@example.com', password: 'Secreta123' })
      .expect(200);
    // One still being written (young) keeps the address taken.
    await EmailKeyModel.create({ _id: 'en-curso@example.com', user: new Types.ObjectId(), createdAt: new Date() });
    await request(app)
      .post('/api/users/create')
      .send({ email: 'en-curso@example.com', password: 'Secreta123' })
      .expect(409);
    // An e-mail change that crashed after writing the user: the old address's key names an account that left it.
    const moved = await createTestUser(config);
    await UserModel.updateOne({ _id: moved.id }, { $set: { email: 'movida@example.com' } });
    await EmailKeyModel.updateOne({ _id: moved.email }, { $set: { createdAt: old() } });
    await request(app).post('/api/users/login').send({ email: moved.email, password: moved.password }).expect(404);
    await request(app).post('/api/users/create').send({ email: moved.email, password: 'Secreta123' }).expect(201);
  });

  test('when an admin changes an e-mail, then the new one signs in, the old one is free, and a refused change keeps both keys', async () => {
    const [admin, a, b] = await Promise.all([
      createTestUser(config, { isAdmin: true }),
      createTestUser(config),
      createTestUser(config),
    ]);
    const form = { fullName: 'Ana', phone: '5512341234' };
    await request(app)
      .put(`/api/users/update/${a.id}`)
      .set(bearer(admin))
      .send({ ...form, email: b.email })
      .expect(409);
    expect(await EmailKeyModel.findById(a.email).lean()).toMatchObject({ user: new Types.ObjectId(a.id) });
    expect(await EmailKeyModel.findById(b.email).lean()).toMatchObject({ user: new Types.ObjectId(b.id) });

    await request(app)
      .put(`/api/users/update/${a.id}`)
      .set(bearer(admin))
      .send({ ...form, email: 'Nueva.Direccion@example.com' })
      .expect(200);
    expect(await EmailKeyModel.findById(a.email).lean()).toBeNull();
    await request(app).post('/api/users/login').send({ email: a.email, password: a.password }).expect(404);
    await request(app)
      .post('/api/users/login')
      .send({ email: 'nueva.direccion@example.com', password: a.password })
      .expect(200);
    await request(app).post('/api/users/create').send({ email: a.email, password: 'Secreta123' }).expect(201);
  });

  test('when a request resets the password with one link several times at once, then exactly one succeeds', async () => {
    const user = await createTestUser(config);
    const token = 'otro-token-de-prueba-suficientemente-largo-1';
    await PasswordResetModel.create({
      _id: createHash('sha256').update(token).digest('hex'),
      user: new Types.ObjectId(user.id),
      expiresAt: new Date(Date.now() + 60_000),
    });
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        request(app)
          .post('/api/users/reset')
          .send({ token, password: `NuevaClave${i}` }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400, 400]);
  });

  test('when accounts and Google identities were written before their keys, then migration 002 keys them, twice without harm', async () => {
    const hash = (
      await UserModel.findById((await createTestUser(config)).id)
        .select('+passwordHash')
        .lean()
    )?.passwordHash;
    const legacy = await UserModel.create({
      fullName: 'Antigua',
      email: 'antigua@example.com',
      passwordHash: hash,
      emailVerified: true,
    });
    const google = await UserModel.create({
      fullName: 'Con Google',
      email: 'antigua.google@example.com',
      emailVerified: true,
    });
    const db = mongoose.connection.db;
    if (!db) throw new Error('no database');
    await db
      .collection('identities')
      .insertOne({ _id: new Types.ObjectId() as never, provider: 'google', subject: 'sub-antiguo', user: google._id });
    await request(app)
      .post('/api/users/login')
      .send({ email: 'antigua@example.com', password: 'Secreta123' })
      .expect(404);

    const first = await migrateAccountKeys(db);
    expect(first.identities).toBe(1);
    expect(first.emails).toBeGreaterThanOrEqual(2);
    expect(await migrateAccountKeys(db)).toEqual({ emails: 0, identities: 0 });

    await request(app)
      .post('/api/users/login')
      .send({ email: 'antigua@example.com', password: 'Secreta123' })
      .expect(200);
    expect(await IdentityModel.findById(googleIdentityId('sub-antiguo')).lean()).toMatchObject({ user: google._id });
    const token = await signInWithGoogle(ctx, {
      subject: 'sub-antiguo',
      email: 'otra@example.com',
      emailVerified: true,
      name: 'X',
    });
    expect(JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).id).toBe(google._id.toString());
    expect(await EmailKeyModel.findById(legacy.email).lean()).toMatchObject({ user: legacy._id });
  });

  test('emailKeyDocs gives the key of each seeded account, as the benchmark seed writes them', () => {
    const id = new Types.ObjectId();
    const at = new Date(0);
    expect(emailKeyDocs([{ _id: id, email: 'a@b.co' }], at)).toEqual([{ _id: 'a@b.co', user: id, createdAt: at }]);
  });
});
