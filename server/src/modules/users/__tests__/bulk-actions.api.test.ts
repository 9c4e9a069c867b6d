import request from 'supertest';
import { Types } from 'mongoose';
import { MESSAGES } from '@pulso/shared';
import { gymDate } from '../../../lib/gym-time';
import { createTestApp } from '../../../test/app';
import { useTestDatabase } from '../../../test/db';
import { bearer, createTestUser, lessonFields, type TestUser } from '../../../test/fixtures';
import { expectMatchesOpenApi } from '../../../test/openapi';
import { LessonModel } from '../../lessons/lessons.model';
import { PaymentModel } from '../../payments/payments.model';
import { PlanModel } from '../../plans/plans.model';
import { UserModel } from '../users.model';

const DAY = 86_400_000;

describe('actions on a selection of users (POST /api/users/bulk)', () => {
  useTestDatabase();
  const { app, config } = createTestApp();
  let admin: TestUser;
  let plusId: string;

  beforeAll(async () => {
    admin = await createTestUser(config, { isAdmin: true, fullName: 'Ada Admin' });
    plusId = (await PlanModel.create({ name: 'Plus', duration: 1, benefits: 'Todo', price: 30 }))._id.toString();
  });

  const bulk = (body: Record<string, unknown>, as: TestUser = admin) =>
    request(app).post('/api/users/bulk').set(bearer(as)).send(body);
  const active = () => ({
    planId: new Types.ObjectId(),
    name: 'Plus',
    start: new Date(Date.now() - DAY),
    end: new Date(Date.now() + 60 * DAY),
  });

  test('when the admin grants a plan to a selection, then each one gets it once, an unknown account is reported, and the trail has each', async () => {
    const [ana, beto] = await Promise.all([
      createTestUser(config, { fullName: 'Ana Bulk' }),
      createTestUser(config, { fullName: 'Beto Bulk' }),
    ]);
    const nobody = new Types.ObjectId().toString();
    const res = await bulk({
      action: 'grant',
      ids: [ana.id, beto.id, nobody],
      planId: plusId,
      requestId: 'req-grant-0001',
    });
    expect(res.status).toBe(200);
    expectMatchesOpenApi('POST', '/users/bulk', res);
    expect(res.body.message).toBe('Hecho para 2 de 3 usuarios');
    expect(res.body.done).toEqual([
      { id: ana.id, name: 'Ana Bulk' },
      { id: beto.id, name: 'Beto Bulk' },
    ]);
    expect(res.body.failed).toEqual([{ id: nobody, name: '', message: MESSAGES.users.notFound }]);
    for (const member of [ana, beto]) {
      expect((await UserModel.findById(member.id).lean())?.membership?.name).toBe('Plus');
      expect(await PaymentModel.countDocuments({ user: new Types.ObjectId(member.id), provider: 'manual' })).toBe(1);
      const trail = await request(app).get(`/api/audit/user/${member.id}`).set(bearer(admin)).expect(200);
      expect(trail.body[0]).toMatchObject({ action: 'payment', entity: 'user', actor: { id: admin.id } });
    }
  });

  test('when the same grant is sent six times at once, then each member is sold the plan once', async () => {
    const members = await Promise.all([1, 2, 3].map((n) => createTestUser(config, { fullName: `Doble ${n}` })));
    const body = { action: 'grant', ids: members.map((m) => m.id), planId: plusId, requestId: 'req-twice-0001' };
    const answers = await Promise.all(Array.from({ length: 6 }, () => bulk(body)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    for (const member of members) {
      expect(await PaymentModel.countDocuments({ user: new Types.ObjectId(member.id) })).toBe(1);
      const membership = (await UserModel.findById(member.id).lean())?.membership;
      // One month, not six.
      expect((membership?.end.getTime() ?? 0) - (membership?.start.getTime() ?? 0)).toBeLessThan(32 * DAY);
    }
  });

  test('when the admin pauses a selection, then each running membership is paused and one without a membership is reported', async () => {
    const [carla, dani, sinPlan] = await Promise.all([
      createTestUser(config, { fullName: 'Carla Pausa', membership: active() }),
      createTestUser(config, { fullName: 'Dani Pausa', membership: active() }),
      createTestUser(config, { fullName: 'Sin Plan' }),
    ]);
    const from = gymDate(new Date(Date.now() + 5 * DAY), config.bookings.timeZone);
    const res = await bulk({
      action: 'pause',
      ids: [carla.id, dani.id, sinPlan.id],
      from,
      days: 14,
      requestId: 'req-pause-0001',
    });
    expect(res.status).toBe(200);
    expect(res.body.done.map((d: { name: string }) => d.name)).toEqual(['Carla Pausa', 'Dani Pausa']);
    expect(res.body.failed).toEqual([{ id: sinPlan.id, name: 'Sin Plan', message: MESSAGES.pauses.noMembership }]);
    for (const member of [carla, dani]) {
      const membership = (await UserModel.findById(member.id).lean())?.membership;
      expect(membership?.pauses).toHaveLength(1);
    }
  });

  test("when the admin suspends a selection, then each is suspended, but not the admin's own account nor a trainer who teaches", async () => {
    const [eva, profe] = await Promise.all([
      createTestUser(config, { fullName: 'Eva Baja' }),
      createTestUser(config, { fullName: 'Profe Activo', isMonitor: true }),
    ]);
    await LessonModel.create(lessonFields('Clase del profe', { monitor: new Types.ObjectId(profe.id) }));
    const res = await bulk({ action: 'suspend', ids: [eva.id, profe.id, admin.id], requestId: 'req-suspend-001' });
    expect(res.status).toBe(200);
    expect(res.body.done).toEqual([{ id: eva.id, name: 'Eva Baja' }]);
    expect(res.body.failed.map((f: { name: string }) => f.name)).toEqual(['Profe Activo', 'Ada Admin']);
    expect(res.body.failed[1].message).toBe(MESSAGES.users.bulk.self);
    expect((await UserModel.findById(eva.id).lean())?.deletedAt).toBeInstanceOf(Date);
    expect((await UserModel.findById(profe.id).lean())?.deletedAt).toBeNull();
    expect((await UserModel.findById(admin.id).lean())?.deletedAt).toBeNull();
    const trail = await request(app).get(`/api/audit/user/${eva.id}`).set(bearer(admin)).expect(200);
    expect(trail.body[0]).toMatchObject({ action: 'delete' });
    expect(trail.body[0].changes).toEqual([
      expect.objectContaining({ field: 'suspended', before: false, after: true }),
    ]);
  });

  test('when what the action needs is missing or wrong, or a member asks, then nothing is done and the field is named', async () => {
    const member = await createTestUser(config, { membership: active() });
    const base = { ids: [member.id], requestId: 'req-invalid-01' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, action: 'grant' }, 'planId'],
      [{ ...base, action: 'grant', planId: new Types.ObjectId().toString() }, 'planId'],
      [{ ...base, action: 'pause', from: '2026-02-30', days: 10 }, 'from'],
      [{ ...base, action: 'pause', from: '2030-01-07', days: 'diez' }, 'days'],
      [{ ...base, action: 'borrar' }, 'action'],
      [{ ...base, action: 'suspend', ids: [] }, 'ids'],
      [{ ...base, action: 'suspend', ids: ['nada'] }, 'ids'],
      [{ ...base, action: 'suspend', ids: Array.from({ length: 101 }, () => new Types.ObjectId().toString()) }, 'ids'],
      [{ ...base, action: 'suspend', requestId: 'x' }, 'requestId'],
    ];
    for (const [body, field] of cases) {
      const res = await bulk(body);
      expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
      expect(JSON.stringify(res.body.details)).toContain(field);
    }
    expect((await bulk({ ...base, action: 'suspend' }, member)).status).toBe(403);
    expect((await UserModel.findById(member.id).lean())?.deletedAt).toBeNull();
  });
});
