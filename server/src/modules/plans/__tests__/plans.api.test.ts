import request from 'supertest';
import { Types } from 'mongoose';
import { createTestApp } from '../../../test/app';
import { resetReadModels, useTestDatabase } from '../../../test/db';
import { bearer, createTestUser, type TestUser } from '../../../test/fixtures';
import { PlanModel } from '../plans.model';

describe('memberships (plans) API', () => {
  useTestDatabase();
  const { app, config } = createTestApp();
  let admin: TestUser;
  let member: TestUser;

  beforeAll(async () => {
    [admin, member] = await Promise.all([createTestUser(config, { isAdmin: true }), createTestUser(config)]);
  });

  beforeEach(async () => {
    await resetReadModels();
    await PlanModel.deleteMany({});
  });

  const valid = { name: 'Plus', benefits: 'Clases grupales ilimitadas', duration: '3', price: '79.99' };

  describe('GET /api/memberships', () => {
    test('when plans exist, then those on sale are listed cheapest first in the shape the client reads', async () => {
      await PlanModel.create([
        { name: 'Premium', duration: 12, benefits: 'Todo incluido', price: 300 },
        { name: 'Standar', duration: 1, benefits: 'Sala de musculación', price: 30 },
        { name: 'Retirado', duration: 1, benefits: 'Viejo', price: 5, deletedAt: new Date() },
      ]);
      const res = await request(app).get('/api/memberships').expect(200);
      expect(res.body).toEqual([
        {
          id: expect.stringMatching(/^[0-9a-f]{24}$/),
          name: 'Standar',
          duration: 1,
          benefits: 'Sala de musculación',
          price: 30,
          renewing: false,
        },
        {
          id: expect.stringMatching(/^[0-9a-f]{24}$/),
          name: 'Premium',
          duration: 12,
          benefits: 'Todo incluido',
          price: 300,
          renewing: false,
        },
      ]);
    });

    test('when there are no plans, then an empty list is sent', async () => {
      expect((await request(app).get('/api/memberships').expect(200)).body).toEqual([]);
    });

    test('when one plan is asked by id, then it is sent; unknown 404 with the spec words; bad id 400', async () => {
      const plan = await PlanModel.create({ name: 'Plus', duration: 3, benefits: 'Clases', price: 80 });
      const ok = await request(app).get(`/api/memberships/${plan._id.toString()}`).expect(200);
      expect(ok.body).toMatchObject({ name: 'Plus', price: 80 });
      const missing = await request(app).get(`/api/memberships/${new Types.ObjectId().toString()}`).expect(404);
      expect(missing.body).toEqual({ code: 'NOT_FOUND', message: 'No se encontró la membresía' });
      expect((await request(app).get('/api/memberships/xyz').expect(400)).body.code).toBe('INVALID_ID');
    });
  });

  describe('POST /api/memberships/create', () => {
    test('when an admin creates a plan, then it is stored with numbers and the spec message', async () => {
      const res = await request(app).post('/api/memberships/create').set(bearer(admin)).send(valid);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        message: 'Plan creado exitosamente',
        plan: {
          id: expect.any(String),
          name: 'Plus',
          benefits: 'Clases grupales ilimitadas',
          duration: 3,
          price: 79.99,
          renewing: false,
        },
      });
    });

    test('when a plan is sold as renewing, then it says so; a value that is not yes or no is refused', async () => {
      const res = await request(app)
        .post('/api/memberships/create')
        .set(bearer(admin))
        .send({ ...valid, name: 'Mensual', renewing: true });
      expect(res.status).toBe(201);
      expect(res.body.plan).toMatchObject({ name: 'Mensual', renewing: true });
      const listed = await request(app).get('/api/memberships');
      expect(listed.body.find((p: { name: string }) => p.name === 'Mensual')).toMatchObject({ renewing: true });
      const off = await request(app)
        .put(`/api/memberships/update/${res.body.plan.id}`)
        .set(bearer(admin))
        .send({ ...valid, name: 'Mensual', renewing: 'No' });
      expect(off.body.plan.renewing).toBe(false);
      const bad = await request(app)
        .post('/api/memberships/create')
        .set(bearer(admin))
        .send({ ...valid, name: 'Raro', renewing: 'quizás' });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Indica si el plan se renueva automáticamente');
    });

    test('when the benefits are separated by commas, then the plan is stored with them as they were sent', async () => {
      const benefits = 'Todas las sedes, Clases ilimitadas, Nutricionista';
      const res = await request(app)
        .post('/api/memberships/create')
        .set(bearer(admin))
        .send({ ...valid, benefits });
      expect(res.status).toBe(201);
      expect(res.body.plan.benefits).toBe(benefits);
    });

    test.each([
      [{ name: '' }, 'name', 'El campo de nombre es requerido.'],
      [{ name: 'Plus+' }, 'name', 'El nombre debe contener solo letras.'],
      [{ benefits: '' }, 'benefits', 'El campo de beneficios es requerido.'],
      [{ benefits: 'Todo!' }, 'benefits', 'Los beneficios debe contener letras y números sin caracteres especiales.'],
      [
        { benefits: 'Sedes,,Clases' },
        'benefits',
        'Los beneficios debe contener letras y números sin caracteres especiales.',
      ],
      [{ duration: '' }, 'duration', 'El campo de duracion es requerido.'],
      [{ duration: '0' }, 'duration', 'Seleccionar la cantidad de meses en numeros.'],
      [{ price: '' }, 'price', 'El campo de precio es requerido.'],
      [{ price: '1.234' }, 'price', 'El precio debe tener el formato adecuado.'],
      [{ price: { $gt: 0 } }, 'price', 'El valor enviado no tiene el tipo correcto'],
    ])('when %o, then 400 on %s: %s and nothing is stored', async (change, field, message) => {
      const res = await request(app)
        .post('/api/memberships/create')
        .set(bearer(admin))
        .send({ ...valid, ...change });
      expect(res.status).toBe(400);
      expect(res.body.details).toContainEqual({ field, message });
      expect(await PlanModel.countDocuments()).toBe(0);
    });

    test('when the name is taken, then 409', async () => {
      await PlanModel.create({ name: 'Plus', duration: 3, benefits: 'Clases', price: 80 });
      const res = await request(app).post('/api/memberships/create').set(bearer(admin)).send(valid);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ code: 'CONFLICT', message: 'Ya existe un plan con ese nombre' });
    });
  });

  describe('PUT /api/memberships/update/:id, DELETE /api/memberships/delete/:id, PUT /api/memberships/restore/:id', () => {
    test('when an admin edits, retires and restores a plan, then each answers with the spec message', async () => {
      const plan = await PlanModel.create({ name: 'Plus', duration: 3, benefits: 'Clases', price: 80 });
      const id = plan._id.toString();
      const updated = await request(app)
        .put(`/api/memberships/update/${id}`)
        .set(bearer(admin))
        .send({ ...valid, price: 85 });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ message: 'Cambios guardados exitosamente', plan: { price: 85 } });

      const deleted = await request(app).delete(`/api/memberships/delete/${id}`).set(bearer(admin));
      expect(deleted.body).toEqual({ message: 'Plan eliminado exitosamente' });
      expect((await request(app).get('/api/memberships')).body).toEqual([]);
      expect(await PlanModel.countDocuments()).toBe(1);
      const all = await request(app).get('/api/memberships/all').set(bearer(admin));
      expect(all.body[0].deletedAt).toEqual(expect.any(String));

      await request(app).put(`/api/memberships/restore/${id}`).set(bearer(admin)).expect(200);
      expect((await request(app).get('/api/memberships')).body).toHaveLength(1);
    });

    test("when a plan is renamed to another plan's name, then 409 and neither plan changes", async () => {
      await PlanModel.create({ name: 'Standar', duration: 1, benefits: 'Sala', price: 30 });
      const plus = await PlanModel.create({ name: 'Plus', duration: 3, benefits: 'Clases', price: 80 });
      const before = await PlanModel.find().sort({ name: 1 }).lean();
      const res = await request(app)
        .put(`/api/memberships/update/${plus._id.toString()}`)
        .set(bearer(admin))
        .send({ ...valid, name: 'Standar' });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ code: 'CONFLICT', message: 'Ya existe un plan con ese nombre' });
      expect(await PlanModel.find().sort({ name: 1 }).lean()).toEqual(before);
    });

    test('when the plan does not exist, then 404', async () => {
      const id = new Types.ObjectId().toString();
      expect((await request(app).put(`/api/memberships/update/${id}`).set(bearer(admin)).send(valid)).status).toBe(404);
      expect((await request(app).delete(`/api/memberships/delete/${id}`).set(bearer(admin))).status).toBe(404);
    });
  });

  describe('permissions', () => {
    test('when anonymous or a member writes plans, then 401/403 and the database does not change', async () => {
      const plan = await PlanModel.create({ name: 'Plus', duration: 3, benefits: 'Clases', price: 80 });
      const id = plan._id.toString();
      const calls = [
        () => request(app).post('/api/memberships/create').send(valid),
        () => request(app).put(`/api/memberships/update/${id}`).send(valid),
        () => request(app).delete(`/api/memberships/delete/${id}`),
        () => request(app).put(`/api/memberships/restore/${id}`),
        () => request(app).get('/api/memberships/all'),
      ];
      for (const call of calls) {
        expect((await call()).status).toBe(401);
        expect((await call().set(bearer(member))).status).toBe(403);
      }
      const after = await PlanModel.find().lean();
      expect(after).toHaveLength(1);
      expect(after[0]).toMatchObject({ name: 'Plus', price: 80, deletedAt: null });
    });
  });
});
