import { trusted, Types } from 'mongoose';
import request from 'supertest';
import { createTestApp } from '../../../test/app';
import { resetRateLimits, useTestDatabase } from '../../../test/db';
import { bearer, createTestUser, lessonFields, type TestUser } from '../../../test/fixtures';
import { LessonModel } from '../../lessons/lessons.model';
import { UserModel } from '../users.model';

/**
 * The account rules found missing by trying Pulso as a new user and by hostile probing (issue 18):
 * every form that sets a password applies the password rules, the profile applies the user form's
 * name and phone rules, changing one's own password needs the current one, suspension ends sessions
 * for good, and a trainer who teaches classes is not taken away from them.
 */
describe('account rules', () => {
  useTestDatabase();
  const { app, config } = createTestApp();
  let admin: TestUser;

  beforeAll(async () => {
    admin = await createTestUser(config, { isAdmin: true });
  });

  const update = (by: TestUser, id: string, body: object) =>
    request(app).put(`/api/users/update/${id}`).set(bearer(by)).send(body);
  const fieldsOf = (body: { details?: { field: string; message: string }[] }) =>
    Object.fromEntries((body.details ?? []).map((d) => [d.field, d.message]));

  describe('the profile form (PUT /api/users/update/:id by the user)', () => {
    test.each([
      ['a phone of 5 digits', { phone: '55123' }, { phone: 'Telefono solo numeros, hasta 10 digitos' }],
      ['a phone of 11 digits', { phone: '55123456789' }, { phone: 'Telefono solo numeros, hasta 10 digitos' }],
      ['a phone with letters', { phone: '55abc45678' }, { phone: 'El telefono solo puede contener números' }],
      ['a name with #$%', { fullName: 'Ana #$%' }, { fullName: 'No puede llevar caracteres especiales' }],
      ['an empty name', { fullName: '  ' }, { fullName: 'Se requiere nombre y apellidos completos!' }],
    ])('when it sends %s, then 400 with the user form message and nothing changes', async (_what, change, errors) => {
      const member = await createTestUser(config);
      const res = await update(member, member.id, { fullName: 'Ana Pérez', phone: '5512345678', ...change });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(fieldsOf(res.body)).toEqual(errors);
      expect(await UserModel.findById(member.id).lean()).toMatchObject({
        fullName: 'Usuario Prueba',
        phone: '5512345678',
      });
    });

    test('when it sends ten digits, an accented name or no phone at all, then it is saved', async () => {
      const member = await createTestUser(config);
      expect((await update(member, member.id, { fullName: 'Lucía Fernández (Sur)', phone: '5598765432' })).status).toBe(
        200,
      );
      expect((await update(member, member.id, { fullName: 'Lucía Fernández', phone: '' })).status).toBe(200);
      expect(await UserModel.findById(member.id).lean()).toMatchObject({ fullName: 'Lucía Fernández', phone: '' });
    });
  });

  describe("changing one's own password", () => {
    const change = (user: TestUser, extra: object) =>
      update(user, user.id, { fullName: 'Usuario Prueba', phone: '5512345678', password: 'Robada123', ...extra });

    test('when a stolen session sends a new password without the current one, then 400 and the password stays', async () => {
      const member = await createTestUser(config);
      const res = await change(member, {});
      expect(res.status).toBe(400);
      expect(fieldsOf(res.body)).toEqual({ currentPassword: 'Escribe tu contraseña actual para cambiarla' });
      const login = await request(app)
        .post('/api/users/login')
        .send({ email: member.email, password: member.password });
      expect(login.status).toBe(200);
      // The session it came from is not ended either.
      expect((await request(app).get(`/api/users/${member.id}`).set(bearer(member))).status).toBe(200);
    });

    test('when the current password is wrong, then 400 WRONG_CURRENT_PASSWORD and nothing changes', async () => {
      const member = await createTestUser(config);
      const res = await change(member, { currentPassword: 'Adivino123' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'WRONG_CURRENT_PASSWORD', message: 'La contraseña actual es incorrecta' });
      expect(fieldsOf(res.body)).toEqual({ currentPassword: 'La contraseña actual es incorrecta' });
      expect(
        (await request(app).post('/api/users/login').send({ email: member.email, password: 'Robada123' })).status,
      ).toBe(401);
    });

    test('when an admin changes their own password, then they too give the current one', async () => {
      const self = await createTestUser(config, { isAdmin: true });
      expect((await change(self, {})).status).toBe(400);
      expect((await change(self, { currentPassword: self.password })).status).toBe(200);
    });

    test('when an account that signs in only with Google sends a password, then it is told to use the reset link', async () => {
      const member = await createTestUser(config);
      await UserModel.updateOne({ _id: member.id }, { $unset: { passwordHash: 1 } });
      const res = await change(member, { currentPassword: 'Cualquiera1' });
      expect(res.status).toBe(400);
      expect(fieldsOf(res.body).currentPassword).toMatch(/Olvidé mi contraseña/);
    });

    test('when the current password is guessed again and again, then the guesses are limited like failed sign-ins', async () => {
      // The earlier tests' wrong guesses are counted in the database too.
      await resetRateLimits();
      const { app: limited, config: limitedConfig } = createTestApp({ RATE_LIMIT_LOGIN: '3' });
      const member = await createTestUser(limitedConfig);
      const guess = (n: number) =>
        request(limited)
          .put(`/api/users/update/${member.id}`)
          .set(bearer(member))
          .send({ fullName: 'Usuario Prueba', password: 'Robada123', currentPassword: `Intento${n}A` });
      const statuses = [];
      for (let n = 0; n < 4; n++) statuses.push((await guess(n)).status);
      expect(statuses).toEqual([400, 400, 400, 429]);
      // Changes that set no password are not counted.
      const rename = await request(limited)
        .put(`/api/users/update/${member.id}`)
        .set(bearer(member))
        .send({ fullName: 'Otro Nombre' });
      expect(rename.status).toBe(200);
    });
  });

  describe('staff accounts follow the password rules', () => {
    const trainer = { fullName: 'Profe Nuevo', email: 'profe.nuevo@example.com', phone: '5512345678', isMonitor: 'Si' };

    test.each([
      ['a trainer with password "abc"', { ...trainer, password: 'abc', isAdmin: 'No' }],
      ['a trainer with password "a"', { ...trainer, password: 'a', isAdmin: 'Si' }],
      ['an admin with password "a"', { ...trainer, isMonitor: 'No', isAdmin: 'Si', password: 'a' }],
      ['a trainer with "abcdefgh"', { ...trainer, password: 'abcdefgh', isAdmin: 'No' }],
    ])('when an admin creates %s, then 400 on the password and no account', async (_what, body) => {
      const res = await request(app).post('/api/users/create').set(bearer(admin)).send(body);
      expect(res.status).toBe(400);
      expect(fieldsOf(res.body).password).toMatch(/^La contraseña debe tener/);
      expect(await UserModel.countDocuments({ email: body.email })).toBe(0);
    });

    test('when an admin sets a trainer\'s password to "a", then 400 and the old password still works', async () => {
      const profe = await createTestUser(config, { isMonitor: true });
      const res = await update(admin, profe.id, {
        fullName: 'Profe Uno',
        email: profe.email,
        phone: '5512345678',
        password: 'a',
        isMonitor: 'Si',
        isAdmin: 'No',
      });
      expect(res.status).toBe(400);
      expect(fieldsOf(res.body).password).toBe('La contraseña debe tener al menos 1 número (0-9)');
      expect((await request(app).post('/api/users/login').send({ email: profe.email, password: 'a' })).status).toBe(
        401,
      );
      expect(
        (await request(app).post('/api/users/login').send({ email: profe.email, password: profe.password })).status,
      ).toBe(200);
    });
  });

  describe('suspension and restore', () => {
    test('when a suspended account is restored, then sessions from before the suspension stay closed and a new sign-in works', async () => {
      const member = await createTestUser(config);
      expect((await request(app).delete(`/api/users/delete/${member.id}`).set(bearer(admin))).status).toBe(200);
      expect((await request(app).put(`/api/users/restore/${member.id}`).set(bearer(admin))).status).toBe(200);

      const old = await request(app).get(`/api/users/${member.id}`).set(bearer(member));
      expect(old.status).toBe(401);
      expect(old.body.code).toBe('UNAUTHENTICATED');
      const login = await request(app)
        .post('/api/users/login')
        .send({ email: member.email, password: member.password });
      expect(login.status).toBe(200);
      const fresh = await request(app)
        .get(`/api/users/${member.id}`)
        .set(bearer({ token: login.body.login.token }));
      expect(fresh.status).toBe(200);
    });

    test('when an account suspended before suspensions closed sessions is restored, then its old sessions stay closed too', async () => {
      const member = await createTestUser(config);
      await UserModel.updateOne({ _id: member.id }, { $set: { deletedAt: new Date(), sessionsValidAfter: null } });
      expect((await request(app).put(`/api/users/restore/${member.id}`).set(bearer(admin))).status).toBe(200);
      expect((await request(app).get(`/api/users/${member.id}`).set(bearer(member))).status).toBe(401);
    });

    test('when the last admin tries to leave, then 409 and their session goes on', async () => {
      await UserModel.updateMany({ _id: trusted({ $ne: admin.id }) }, { $set: { isAdmin: false } });
      const res = await request(app).delete(`/api/users/delete/${admin.id}`).set(bearer(admin));
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('LAST_ADMIN');
      expect((await request(app).get(`/api/users/${admin.id}`).set(bearer(admin))).status).toBe(200);
    });
  });

  describe('a trainer who teaches classes', () => {
    async function teaching(names: string[]) {
      const profe = await createTestUser(config, { isMonitor: true, fullName: 'Carlos Ruiz' });
      const lessons = await LessonModel.create(
        names.map((name) => lessonFields(name, { monitor: new Types.ObjectId(profe.id) })),
      );
      return { profe, lessons };
    }

    test('when an admin deletes them, then 409 TRAINER_IN_USE names the classes and the trainer stays', async () => {
      const { profe } = await teaching(['Yoga', 'Boxeo']);
      const res = await request(app).delete(`/api/users/delete/${profe.id}`).set(bearer(admin));
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        code: 'TRAINER_IN_USE',
        message:
          'No se puede eliminar al profesor porque imparte clases. Asigna otro profesor a estas clases primero: Boxeo, Yoga.',
      });
      expect((await UserModel.findById(profe.id).lean())?.deletedAt).toBeNull();
      // Trainers may close their own account too, but not while classes name them.
      expect((await request(app).delete(`/api/users/delete/${profe.id}`).set(bearer(profe))).status).toBe(409);
    });

    test('when an admin takes away the trainer role, then 409 naming the classes', async () => {
      const { profe } = await teaching(['Pilates']);
      const res = await update(admin, profe.id, {
        fullName: 'Carlos Ruiz',
        email: profe.email,
        phone: '5512345678',
        isMonitor: 'No',
        isAdmin: 'No',
      });
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(/quitar el rol de profesor.*Pilates\.$/);
      expect((await UserModel.findById(profe.id).lean())?.isMonitor).toBe(true);
    });

    test('when their classes have another trainer, then they can be deleted', async () => {
      const { profe, lessons } = await teaching(['Zumba']);
      const other = await createTestUser(config, { isMonitor: true });
      await LessonModel.updateMany(
        { _id: trusted({ $in: lessons.map((l) => l._id) }) },
        { $set: { monitor: new Types.ObjectId(other.id) } },
      );
      expect((await request(app).delete(`/api/users/delete/${profe.id}`).set(bearer(admin))).status).toBe(200);
    });
  });
});
