import request from 'supertest';
import { Types } from 'mongoose';
import { createTestApp } from '../../../test/app';
import { useTestDatabase } from '../../../test/db';
import { bearer, createTestUser } from '../../../test/fixtures';
import { UserModel } from '../users.model';

describe('users API', () => {
  useTestDatabase();
  const { app, config } = createTestApp();

  describe('POST /api/users/login', () => {
    test('when the credentials are right, then a token carrying id and isAdmin is returned', async () => {
      const user = await createTestUser(config, { isAdmin: true });
      const res = await request(app).post('/api/users/login').send({ email: user.email, password: user.password });
      expect(res.status).toBe(200);
      expect(res.body.login).toEqual({ success: true, token: expect.any(String), message: 'Inicio de sesión exitoso' });
      const payload = JSON.parse(Buffer.from(res.body.login.token.split('.')[1], 'base64url').toString());
      expect(payload).toMatchObject({ id: user.id, isAdmin: true, exp: expect.any(Number) });
    });

    test('when the e-mail is typed in capitals, then it still matches', async () => {
      const user = await createTestUser(config);
      const res = await request(app)
        .post('/api/users/login')
        .send({ email: `  ${user.email.toUpperCase()} `, password: user.password });
      expect(res.status).toBe(200);
    });

    test('when the e-mail is unknown, then 404 with the spec message in login.message', async () => {
      const res = await request(app)
        .post('/api/users/login')
        .send({ email: 'nadie@example.com', password: 'Secreta123' });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({
        code: 'USER_NOT_FOUND',
        message: 'No se encontró un usuario con ese email',
        login: { success: false, message: 'No se encontró un usuario con ese email' },
      });
    });

    test('when the password is wrong, then 401 WRONG_PASSWORD', async () => {
      const user = await createTestUser(config);
      const res = await request(app).post('/api/users/login').send({ email: user.email, password: 'Otra1234' });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'WRONG_PASSWORD', login: { success: false } });
    });

    test('when the account is suspended, then it cannot log in and is told so', async () => {
      const user = await createTestUser(config, { deletedAt: new Date() });
      const res = await request(app).post('/api/users/login').send({ email: user.email, password: user.password });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'ACCOUNT_SUSPENDED', message: expect.stringContaining('suspendida') });
    });

    test('when a field is missing, then 400 with the spec message', async () => {
      const res = await request(app).post('/api/users/login').send({ email: '' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Debe completar todos los campos',
        login: { success: false, message: 'Debe completar todos los campos' },
      });
    });

    test.each([
      [{ email: { $gt: '' }, password: 'x' }],
      [{ email: ['a@b.co'], password: 'x' }],
      [{ email: 'a@b.co', password: { $ne: null } }],
      [{ email: 123, password: 'x' }],
    ])('when %o is sent, then 400 and no operator reaches the database', async (body) => {
      await createTestUser(config);
      const res = await request(app).post('/api/users/login').send(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', login: { success: false, token: null } });
      expect(res.body.details).toEqual(
        expect.arrayContaining([expect.objectContaining({ field: expect.any(String) })]),
      );
    });
  });

  describe('POST /api/users/create', () => {
    test('when someone registers, then the name is the e-mail local part, a token is returned and roles are ignored', async () => {
      const res = await request(app)
        .post('/api/users/create')
        .send({ email: 'Nueva.Socia@Example.com', password: 'Secreta123', isAdmin: true, isMonitor: true });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        success: true,
        user: { id: expect.any(String), token: expect.any(String) },
        message: 'Usuario creado con éxito',
      });
      const doc = await UserModel.findById(res.body.user.id).select('+passwordHash').lean();
      expect(doc).toMatchObject({
        fullName: 'nueva.socia',
        email: 'nueva.socia@example.com',
        isAdmin: false,
        isMonitor: false,
      });
      expect(doc?.passwordHash).toMatch(/^\$2[aby]\$/);
    });

    test.each([
      [{ email: '', password: 'Secreta123' }, 'email', 'El email es obligatorio'],
      [{ email: 'malo', password: 'Secreta123' }, 'email', 'Debe ingresar un correo electrónico válido'],
      [{ email: 'a@b.co', password: '' }, 'password', 'La contraseña es obligatoria'],
      [{ email: 'a@b.co', password: 'secretas' }, 'password', 'La contraseña debe tener al menos 1 número (0-9)'],
      [{ email: 'a@b.co', password: 'secreta1' }, 'password', 'La contraseña debe tener al menos una mayúscula'],
      [{ email: 'a@b.co', password: 'Secre1' }, 'password', 'La contraseña debe tener al menos 8 caracteres'],
    ])('when registering with %o, then 400 on %s: %s', async (body, field, message) => {
      const res = await request(app).post('/api/users/create').send(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', success: false });
      expect(res.body.details).toContainEqual({ field, message });
      expect(await UserModel.countDocuments({ email: 'a@b.co' })).toBe(0);
    });

    test('when the e-mail is taken (any case or a full-width look-alike), then 409 and no second account', async () => {
      const user = await createTestUser(config);
      for (const email of [user.email, user.email.toUpperCase(), user.email.replace('@', '＠')]) {
        const res = await request(app).post('/api/users/create').send({ email, password: 'Secreta123' });
        expect(res.status).toBe(409);
        expect(res.body).toMatchObject({
          code: 'EMAIL_TAKEN',
          message: 'Este email ya esta registrado',
          success: false,
        });
      }
      expect(await UserModel.countDocuments({ email: user.email })).toBe(1);
    });

    test('when an admin creates a trainer, then the roles are kept and no token for them is returned', async () => {
      const admin = await createTestUser(config, { isAdmin: true });
      const res = await request(app).post('/api/users/create').set(bearer(admin)).send({
        fullName: 'Carla Profe',
        email: 'carla@example.com',
        phone: '5511112222',
        password: 'Secreta123',
        isMonitor: 'Si',
        isAdmin: 'No',
      });
      expect(res.status).toBe(201);
      expect(res.body.user).toEqual({ id: expect.any(String) });
      expect(await UserModel.findById(res.body.user.id).lean()).toMatchObject({ isMonitor: true, isAdmin: false });
    });

    test('when an admin sends the trainer form with errors, then the trainer rules answer', async () => {
      const admin = await createTestUser(config, { isAdmin: true });
      const res = await request(app).post('/api/users/create').set(bearer(admin)).send({
        fullName: 'Carla 2',
        email: 'carla',
        phone: '12',
        password: '',
        isMonitor: 'Si',
        isAdmin: 'Seleccione',
      });
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual(
        expect.arrayContaining([
          { field: 'fullName', message: 'No se pueden utilizar números' },
          { field: 'email', message: 'No es un correo electrónico válido' },
          { field: 'phone', message: 'No es un número de celular válido' },
          { field: 'password', message: 'La contraseña es requerida' },
          { field: 'isAdmin', message: 'Es necesario seleccionar si es profesor' },
        ]),
      );
    });
  });

  describe('GET /api/users/:id', () => {
    test('when a user reads themself, then membresia and detalle come without the password hash', async () => {
      const start = new Date(Date.now() - 86_400_000);
      const end = new Date(Date.now() + 30 * 86_400_000);
      const user = await createTestUser(config, {
        membership: { planId: new Types.ObjectId(), name: 'Plus', start, end },
      });
      const res = await request(app).get(`/api/users/${user.id}`).set(bearer(user));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: user.id,
        email: user.email,
        statusMembershipIdStatus: 'Activo',
        membresia: { name: 'Plus', start: start.toISOString(), end: end.toISOString(), status: 'Activo' },
        detalle: {
          fullName: 'Usuario Prueba',
          email: user.email,
          phone: '5512345678',
          isMonitor: false,
          isAdmin: false,
          lessonDetails: [],
        },
      });
      expect(JSON.stringify(res.body)).not.toMatch(/password/i);
    });

    test('when the membership has ended, then its status is Inactivo', async () => {
      const user = await createTestUser(config, {
        membership: {
          planId: new Types.ObjectId(),
          name: 'Standar',
          start: new Date(2020, 0, 1),
          end: new Date(2020, 1, 1),
        },
      });
      const res = await request(app).get(`/api/users/${user.id}`).set(bearer(user));
      expect(res.body.membresia.status).toBe('Inactivo');
      expect(res.body.statusMembershipIdStatus).toBe('Inactivo');
    });

    test('when a member reads another member, then 403; anonymous 401; admin 200', async () => {
      const [a, b, admin] = await Promise.all([
        createTestUser(config),
        createTestUser(config),
        createTestUser(config, { isAdmin: true }),
      ]);
      expect((await request(app).get(`/api/users/${b.id}`).set(bearer(a))).status).toBe(403);
      expect((await request(app).get(`/api/users/${b.id}`)).status).toBe(401);
      expect((await request(app).get(`/api/users/${b.id}`).set(bearer(admin))).status).toBe(200);
    });

    test('when the id is not an ObjectId, then 400 INVALID_ID; unknown id 404', async () => {
      const admin = await createTestUser(config, { isAdmin: true });
      const bad = await request(app).get('/api/users/not-an-id').set(bearer(admin));
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('INVALID_ID');
      const missing = await request(app).get(`/api/users/${new Types.ObjectId().toString()}`).set(bearer(admin));
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ code: 'NOT_FOUND', message: 'No se encontró el usuario' });
    });
  });

  describe('GET /api/users, /users/deleted, /users/monitor', () => {
    test('when an admin lists users, then suspended ones are apart and the total is in X-Total-Count', async () => {
      await UserModel.deleteMany({});
      const admin = await createTestUser(config, { isAdmin: true });
      await Promise.all([
        createTestUser(config),
        createTestUser(config),
        createTestUser(config, { deletedAt: new Date() }),
      ]);

      const page1 = await request(app).get('/api/users?page=1&limit=2').set(bearer(admin));
      expect(page1.status).toBe(200);
      expect(page1.headers['x-total-count']).toBe('3');
      expect(page1.body).toHaveLength(2);
      expect(page1.body[0]).toMatchObject({ statusMemberShipIdStatus: 'Inactivo', lessonDetails: [], deletedAt: null });
      const page2 = await request(app).get('/api/users?page=2&limit=2').set(bearer(admin));
      expect(page2.body).toHaveLength(1);

      const suspended = await request(app).get('/api/users/deleted').set(bearer(admin));
      expect(suspended.headers['x-total-count']).toBe('1');
      expect(suspended.body[0].deletedAt).toEqual(expect.any(String));
    });

    test('when page or limit carry operators or nonsense, then the defaults apply', async () => {
      const admin = await createTestUser(config, { isAdmin: true });
      for (const query of ['page[$gt]=0', 'limit[$ne]=1', 'page=-1&limit=abc', 'limit=100000']) {
        const res = await request(app).get(`/api/users?${query}`).set(bearer(admin));
        expect(res.status).toBe(200);
        expect(res.body.length).toBeLessThanOrEqual(200);
      }
    });

    test('when an admin lists trainers, then they come under monitor with id and fullName', async () => {
      const admin = await createTestUser(config, { isAdmin: true });
      const trainer = await createTestUser(config, { isMonitor: true, fullName: 'Profe Uno' });
      const res = await request(app).get('/api/users/monitor').set(bearer(admin));
      expect(res.status).toBe(200);
      expect(res.body.monitor).toContainEqual({
        id: trainer.id,
        fullName: 'Profe Uno',
        email: trainer.email,
        lessonDetails: [],
      });
    });
  });

  describe('PUT /api/users/update/:id', () => {
    test('when a member updates themself, then name, phone and password change and role fields are ignored', async () => {
      const user = await createTestUser(config);
      const res = await request(app).put(`/api/users/update/${user.id}`).set(bearer(user)).send({
        fullName: 'Nombre Nuevo',
        phone: '5599998888',
        password: 'NuevaClave1',
        currentPassword: user.password,
        isAdmin: true,
        isMonitor: true,
        email: 'otro@example.com',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, message: 'Usuario actualizado correctamente' });
      const doc = await UserModel.findById(user.id).lean();
      expect(doc).toMatchObject({
        fullName: 'Nombre Nuevo',
        phone: '5599998888',
        isAdmin: false,
        isMonitor: false,
        email: user.email,
      });
      const login = await request(app).post('/api/users/login').send({ email: user.email, password: 'NuevaClave1' });
      expect(login.status).toBe(200);
    });

    test('when a name is far too long, then 400 in Spanish and nothing changes', async () => {
      const user = await createTestUser(config);
      const res = await request(app)
        .put(`/api/users/update/${user.id}`)
        .set(bearer(user))
        .send({ fullName: 'A'.repeat(500) });
      expect(res.status).toBe(400);
      expect(res.body.details).toContainEqual({ field: 'fullName', message: 'El texto es demasiado largo' });
      expect((await UserModel.findById(user.id).lean())?.fullName).toBe('Usuario Prueba');
    });

    test('when no password is sent, then the password is kept', async () => {
      const user = await createTestUser(config);
      await request(app)
        .put(`/api/users/update/${user.id}`)
        .set(bearer(user))
        .send({ fullName: 'Sin Clave' })
        .expect(200);
      await request(app).post('/api/users/login').send({ email: user.email, password: user.password }).expect(200);
    });

    test('when the profile phone has letters, then 400 with the profile message', async () => {
      const user = await createTestUser(config);
      const res = await request(app)
        .put(`/api/users/update/${user.id}`)
        .set(bearer(user))
        .send({ fullName: 'Ana', phone: '55-abc' });
      expect(res.status).toBe(400);
      expect(res.body.details).toContainEqual({ field: 'phone', message: 'El telefono solo puede contener números' });
    });

    test('when a member updates someone else, then 403 and nothing changes', async () => {
      const [a, b] = await Promise.all([createTestUser(config), createTestUser(config)]);
      const res = await request(app).put(`/api/users/update/${b.id}`).set(bearer(a)).send({ fullName: 'Hackeado' });
      expect(res.status).toBe(403);
      expect((await UserModel.findById(b.id).lean())?.fullName).toBe('Usuario Prueba');
    });

    test('when an admin edits a user, then e-mail and roles change under the user-form rules', async () => {
      const [admin, user] = await Promise.all([createTestUser(config, { isAdmin: true }), createTestUser(config)]);
      const bad = await request(app)
        .put(`/api/users/update/${user.id}`)
        .set(bearer(admin))
        .send({ fullName: 'Ana#', email: user.email, phone: '123' });
      expect(bad.status).toBe(400);
      expect(bad.body.details).toEqual(
        expect.arrayContaining([
          { field: 'fullName', message: 'No puede llevar caracteres especiales' },
          { field: 'phone', message: 'Telefono solo numeros, hasta 10 digitos' },
        ]),
      );
      const ok = await request(app).put(`/api/users/update/${user.id}`).set(bearer(admin)).send({
        fullName: 'Ana Lopez',
        email: 'Ana.Lopez@Example.com',
        phone: '5512341234',
        isAdmin: true,
        isMonitor: false,
      });
      expect(ok.status).toBe(200);
      expect(await UserModel.findById(user.id).lean()).toMatchObject({ email: 'ana.lopez@example.com', isAdmin: true });
    });

    test('when an admin gives a user an e-mail already in use, then 409', async () => {
      const [admin, a, b] = await Promise.all([
        createTestUser(config, { isAdmin: true }),
        createTestUser(config),
        createTestUser(config),
      ]);
      const res = await request(app)
        .put(`/api/users/update/${a.id}`)
        .set(bearer(admin))
        .send({ fullName: 'Ana', email: b.email, phone: '5512341234' });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Este email ya esta registrado');
    });
  });

  describe('DELETE /api/users/delete/:id and PUT /api/users/restore/:id', () => {
    test('when a user deletes their profile, then it is suspended and their token stops working at once', async () => {
      const user = await createTestUser(config);
      const res = await request(app).delete(`/api/users/delete/${user.id}`).set(bearer(user));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, message: 'Borrado exitoso' });
      expect((await UserModel.findById(user.id).lean())?.deletedAt).toBeInstanceOf(Date);
      const after = await request(app).get(`/api/users/${user.id}`).set(bearer(user));
      expect(after.status).toBe(401);
      expect(after.body.code).toBe('ACCOUNT_SUSPENDED');
    });

    test('when an admin restores a suspended user, then deletedAt is cleared', async () => {
      const [admin, user] = await Promise.all([
        createTestUser(config, { isAdmin: true }),
        createTestUser(config, { deletedAt: new Date() }),
      ]);
      const res = await request(app).put(`/api/users/restore/${user.id}`).set(bearer(admin));
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Usuario restaurado con éxito');
      expect((await UserModel.findById(user.id).lean())?.deletedAt).toBeNull();
      expect((await request(app).put(`/api/users/restore/${user.id}`).set(bearer(admin))).status).toBe(409);
    });

    test('when a member tries to restore or delete someone else, then 403', async () => {
      const [a, b] = await Promise.all([createTestUser(config), createTestUser(config, { deletedAt: new Date() })]);
      expect((await request(app).put(`/api/users/restore/${b.id}`).set(bearer(a))).status).toBe(403);
      expect((await request(app).delete(`/api/users/delete/${b.id}`).set(bearer(a))).status).toBe(403);
      expect((await UserModel.findById(b.id).lean())?.deletedAt).toBeInstanceOf(Date);
    });

    test('when the last admin would be deleted, then 409 and the account stays', async () => {
      await UserModel.updateMany({ isAdmin: true }, { $set: { isAdmin: false } });
      const admin = await createTestUser(config, { isAdmin: true });
      const res = await request(app).delete(`/api/users/delete/${admin.id}`).set(bearer(admin));
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('LAST_ADMIN');
    });
  });

  describe('tokens', () => {
    test('when a demoted admin uses their old admin token, then admin routes answer 403', async () => {
      const admin = await createTestUser(config, { isAdmin: true });
      await UserModel.updateOne({ _id: admin.id }, { $set: { isAdmin: false } });
      expect((await request(app).get('/api/users').set(bearer(admin))).status).toBe(403);
    });

    test('when the token is tampered with, then 401', async () => {
      const user = await createTestUser(config);
      const [h, , s] = user.token.split('.');
      const forged = Buffer.from(JSON.stringify({ id: user.id, isAdmin: true })).toString('base64url');
      const res = await request(app).get('/api/users').set('Authorization', `Bearer ${h}.${forged}.${s}`);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('UNAUTHENTICATED');
    });

    test('when an unsigned alg:none token is sent, then 401', async () => {
      const user = await createTestUser(config);
      const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
      const token = `${enc({ alg: 'none', typ: 'JWT' })}.${enc({ id: user.id, isAdmin: true })}.`;
      expect((await request(app).get('/api/users').set('Authorization', `Bearer ${token}`)).status).toBe(401);
    });
  });
});
