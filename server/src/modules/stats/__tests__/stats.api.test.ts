import { Types } from 'mongoose';
import request from 'supertest';
import { createTestApp } from '../../../test/app';
import { useTestDatabase } from '../../../test/db';
import { bearer, createTestUser, type TestUser } from '../../../test/fixtures';
import { expectMatchesOpenApi } from '../../../test/openapi';
import { BranchModel } from '../../branches/branches.model';
import { ContactModel } from '../../contact/contact.model';
import { LessonModel } from '../../lessons/lessons.model';
import { PaymentModel } from '../../payments/payments.model';

const DAY = 86_400_000;

describe('GET /api/stats', () => {
  useTestDatabase();
  const { app, config } = createTestApp();
  let admin: TestUser;
  let member: TestUser;

  beforeAll(async () => {
    const now = Date.now();
    const plan = { planId: new Types.ObjectId(), name: 'Plus' };
    admin = await createTestUser(config, { isAdmin: true });
    // Two active members, one whose plan ended, one suspended with a plan, two trainers (one suspended).
    member = await createTestUser(config, {
      membership: { ...plan, start: new Date(now - 10 * DAY), end: new Date(now + 80 * DAY) },
    });
    await createTestUser(config, {
      membership: { ...plan, start: new Date(now - DAY), end: new Date(now + 30 * DAY) },
    });
    await createTestUser(config, {
      membership: { ...plan, start: new Date(now - 100 * DAY), end: new Date(now - 10 * DAY) },
    });
    await createTestUser(config, {
      membership: { ...plan, start: new Date(now - DAY), end: new Date(now + 30 * DAY) },
      deletedAt: new Date(),
    });
    const trainer = await createTestUser(config, { isMonitor: true });
    await createTestUser(config, { isMonitor: true, deletedAt: new Date() });

    const branch = await BranchModel.create({
      name: 'Sede Prueba',
      location: 'Calle 1',
      scheduleDays: ['Lunes'],
      scheduleHourStart: '7',
      scheduleHourFinish: '21',
    });
    const lesson = (name: string, deletedAt: Date | null = null) => ({
      name,
      shortDescription: 'Corta',
      description: 'Larga',
      effort: 3,
      scheduleDays: ['Lunes'],
      scheduleHourStart: '7:00',
      scheduleHourFinish: '8:00',
      monitor: new Types.ObjectId(trainer.id),
      office: branch._id,
      deletedAt,
    });
    await LessonModel.create([lesson('Yoga'), lesson('Boxeo'), lesson('Retirada', new Date())]);

    // Paid in the window (two currencies), paid too long ago, pending and cancelled: only the first three count.
    const payment = (n: number, fields: object) => ({
      user: new Types.ObjectId(member.id),
      plan: plan.planId,
      planName: 'Plus',
      duration: 3,
      amount: 0.1,
      currency: 'usd',
      provider: 'manual',
      providerSessionId: `manual_${n}`,
      status: 'paid',
      paidAt: new Date(now - DAY),
      ...fields,
    });
    await PaymentModel.create([
      payment(1, { amount: 0.1 }),
      payment(2, { amount: 0.2 }),
      payment(3, { amount: 500, currency: 'mxn' }),
      payment(4, { amount: 99, paidAt: new Date(now - 31 * DAY) }),
      payment(5, { amount: 99, status: 'pending', paidAt: null }),
      payment(6, { amount: 99, status: 'cancelled', paidAt: null }),
    ]);

    for (let i = 1; i <= 7; i += 1) {
      await ContactModel.create({ name: `Persona ${i}`, subject: `Asunto ${i}`, email: `p${i}@example.com` });
    }
  });

  test('when an admin asks, then each count, the revenue of 30 days per currency and the 5 latest messages come back', async () => {
    const res = await request(app).get('/api/stats').set(bearer(admin));
    expect(res.status).toBe(200);
    expectMatchesOpenApi('GET', '/stats', res);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatchObject({ activeMembers: 2, classes: 2, sedes: 1, trainers: 1 });
    expect(res.body.revenueLast30Days).toEqual([
      { currency: 'mxn', amount: 500, payments: 1 },
      { currency: 'usd', amount: 0.3, payments: 2 },
    ]);
    expect(res.body.latestMessages.map((m: { subject: string }) => m.subject)).toEqual([
      'Asunto 7',
      'Asunto 6',
      'Asunto 5',
      'Asunto 4',
      'Asunto 3',
    ]);
  });

  test('when a member or a visitor asks, then 403 or 401 and no figures', async () => {
    const asMember = await request(app).get('/api/stats').set(bearer(member));
    expect(asMember.status).toBe(403);
    expect(asMember.body).not.toHaveProperty('activeMembers');
    const anonymous = await request(app).get('/api/stats');
    expect(anonymous.status).toBe(401);
  });
});
