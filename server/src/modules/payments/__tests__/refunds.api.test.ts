import Stripe from 'stripe';
import request from 'supertest';
import { Types } from 'mongoose';
import type { RequestListener } from 'node:http';
import type { AdminPaymentDto } from '@pulso/shared';
import type { Config } from '../../../config/env';
import { createTestApp } from '../../../test/app';
import { useTestDatabase } from '../../../test/db';
import { checkoutSession, fakeStripe } from '../../../test/fake-stripe';
import { bearer, createTestUser, type TestUser } from '../../../test/fixtures';
import { expectMatchesOpenApi } from '../../../test/openapi';
import { BranchModel } from '../../branches/branches.model';
import { PlanModel } from '../../plans/plans.model';
import { MembershipLinkModel } from '../../users/membership.model';
import { UserModel } from '../../users/users.model';
import { PaymentModel } from '../payments.model';

const DAY = 86_400_000;

describe("the admin's payments list and refunds (GET /api/payments, POST /api/payments/:id/refund)", () => {
  useTestDatabase();
  const { app, config } = createTestApp();
  let admin: TestUser;
  let plus: { id: string };
  let premium: { id: string };
  let centro: Types.ObjectId;

  beforeAll(async () => {
    admin = await createTestUser(config, { isAdmin: true });
    plus = { id: (await PlanModel.create({ name: 'Plus', duration: 1, benefits: 'Todo', price: 30 }))._id.toString() };
    premium = {
      id: (await PlanModel.create({ name: 'Premium', duration: 3, benefits: 'Todo', price: 80 }))._id.toString(),
    };
    centro = (
      await BranchModel.create({
        name: 'Sede Centro',
        location: 'Calle 1',
        scheduleDays: ['Lunes'],
        scheduleHourStart: '7',
        scheduleHourFinish: '21',
      })
    )._id;
  });

  const desk = async (member: TestUser, planId: string) =>
    (await request(app).post('/api/payments/manual').set(bearer(admin)).send({ userId: member.id, planId }).expect(201))
      .body.payment as { id: string; membershipStart: string; membershipEnd: string };
  const membershipOf = async (member: TestUser) => (await UserModel.findById(member.id).lean())?.membership;
  const refund = (id: string, reason = '') =>
    request(app).post(`/api/payments/${id}/refund`).set(bearer(admin)).send({ reason });

  test('when the admin filters the payments by method, state, plan, sede and dates, then only those come, newest first, counted', async () => {
    const ana = await createTestUser(config, { fullName: 'Ana Centro' });
    await UserModel.updateOne({ _id: ana.id }, { $set: { homeBranch: centro } });
    const bruno = await createTestUser(config, { fullName: 'Bruno Sin Sede' });
    const first = await desk(ana, plus.id);
    const second = await desk(bruno, premium.id);
    await PaymentModel.create({
      user: new Types.ObjectId(bruno.id),
      plan: new Types.ObjectId(plus.id),
      planName: 'Plus',
      duration: 1,
      amount: 30,
      currency: 'usd',
      provider: 'demo',
      providerSessionId: `demo_old_${Date.now()}`,
      status: 'cancelled',
      createdAt: new Date(Date.now() - 40 * DAY),
    });

    const list = async (query: Record<string, string>) => {
      const res = await request(app).get('/api/payments').query(query).set(bearer(admin));
      expect(res.status).toBe(200);
      return { items: res.body as AdminPaymentDto[], total: Number(res.headers['x-total-count']) };
    };
    const all = await request(app).get('/api/payments').set(bearer(admin)).expect(200);
    expectMatchesOpenApi('GET', '/payments', all);
    expect((all.body as AdminPaymentDto[]).slice(0, 2).map((p) => p.id)).toEqual([second.id, first.id]);
    expect(all.body[0]).toMatchObject({
      memberName: 'Bruno Sin Sede',
      homeBranch: null,
      refundable: true,
      provider: 'manual',
    });
    expect(all.body[1]).toMatchObject({ memberName: 'Ana Centro', homeBranch: { name: 'Sede Centro' } });

    expect((await list({ method: 'demo' })).items.map((p) => p.status)).toEqual(['cancelled']);
    expect((await list({ status: 'paid', plan: premium.id })).items.map((p) => p.id)).toEqual([second.id]);
    expect((await list({ branch: centro.toString() })).items.map((p) => p.id)).toEqual([first.id]);
    const none = await list({ branch: 'none', method: 'manual' });
    expect(none.items.map((p) => p.id)).toEqual([second.id]);
    const today = new Date().toISOString().slice(0, 10);
    const old = new Date(Date.now() - 40 * DAY).toISOString().slice(0, 10);
    expect((await list({ from: old, to: old })).items.map((p) => p.status)).toEqual(['cancelled']);
    expect((await list({ from: today, method: 'manual' })).total).toBe(2);
    const paged = await list({ limit: '1', page: '2', method: 'manual' });
    expect([paged.total, paged.items.map((p) => p.id)]).toEqual([2, [first.id]]);

    for (const query of [
      { method: 'cash' },
      { status: 'ok' },
      { plan: 'x' },
      { from: '2026-02-30' },
      { branch: 'centro' },
    ]) {
      const res = await request(app).get('/api/payments').query(query).set(bearer(admin));
      expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    }

    const csv = await request(app)
      .get('/api/payments/csv')
      .query({ branch: centro.toString() })
      .set(bearer(admin))
      .buffer(true);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/pagos-\d{4}-\d{2}-\d{2}\.csv/);
    const text = csv.text;
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(
      'Fecha;Socio;Email;Plan;Sede habitual;Medio de pago;Estado;Importe;Moneda;Recibo;Reembolsado',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      new RegExp(
        `^\\d{4}-\\d{2}-\\d{2};Ana Centro;${ana.email};Plus;Sede Centro;En recepción;Pagado;30,00;USD;\\d{6};$`,
      ),
    );
  });

  test('when the admin refunds a renewal bought at the desk, then the membership loses its days, the payment shows refunded, and the trail has it', async () => {
    const member = await createTestUser(config, { fullName: 'Rita Reembolso' });
    await desk(member, plus.id);
    const renewal = await desk(member, plus.id);
    const before = await membershipOf(member);
    const res = await refund(renewal.id, 'Se mudó de ciudad');
    expect(res.status).toBe(200);
    expectMatchesOpenApi('POST', '/payments/{id}/refund', res);
    expect(res.body.payment).toMatchObject({
      status: 'refunded',
      refundable: false,
      refundReason: 'Se mudó de ciudad',
    });
    expect(res.body.message).toMatch(/^Pago reembolsado\. La membresía ahora vence el \d{2}\/\d{2}\/\d{4}\.$/);
    const after = await membershipOf(member);
    const lost = (before?.end.getTime() ?? 0) - (after?.end.getTime() ?? 0);
    expect(lost).toBe(new Date(renewal.membershipEnd).getTime() - new Date(renewal.membershipStart).getTime());
    expect(after?.end.toISOString()).toBe(renewal.membershipStart);

    // Again: refused, nothing changes.
    const again = await refund(renewal.id);
    expect([again.status, again.body.code]).toEqual([409, 'REFUND_REFUSED']);
    expect((await membershipOf(member))?.end.getTime()).toBe(after?.end.getTime());
    // The receipt it was issued still downloads.
    await request(app).get(`/api/payments/${renewal.id}/receipt`).set(bearer(admin)).expect(200);
    // The member's data export lists the refund in their membership's history.
    const exported = await request(app).get('/api/users/export').set(bearer(member)).expect(200);
    expect(JSON.stringify(exported.body)).toContain('"kind":"refund"');

    const trail = await request(app).get(`/api/audit/payment/${renewal.id}`).set(bearer(admin)).expect(200);
    expect(trail.body[0]).toMatchObject({ action: 'refund', entity: 'payment' });
    expect(trail.body[0].changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'status', before: 'Pagado', after: 'Reembolsado' }),
        expect.objectContaining({ field: 'refundReason', before: null, after: 'Se mudó de ciudad' }),
      ]),
    );
  });

  test('when eight refunds of one payment are asked at once, then it is refunded once: one 200, seven 409, the membership shortened once', async () => {
    const member = await createTestUser(config);
    await desk(member, plus.id);
    const second = await desk(member, premium.id);
    const before = await membershipOf(member);
    const answers = await Promise.all(Array.from({ length: 8 }, () => refund(second.id)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === 'REFUND_REFUSED')).toBe(true);
    const after = await membershipOf(member);
    const paid = new Date(second.membershipEnd).getTime() - new Date(second.membershipStart).getTime();
    expect((before?.end.getTime() ?? 0) - (after?.end.getTime() ?? 0)).toBe(paid);
    expect(await MembershipLinkModel.countDocuments({ payment: `refund:${second.id}` })).toBe(1);
    expect((await PaymentModel.findById(second.id).lean())?.status).toBe('refunded');
  });

  test('when the payment is not paid, not there, not an id, or the caller is not an admin, then nothing is refunded', async () => {
    const member = await createTestUser(config);
    const pending = await PaymentModel.create({
      user: new Types.ObjectId(member.id),
      plan: new Types.ObjectId(plus.id),
      planName: 'Plus',
      duration: 1,
      amount: 30,
      currency: 'usd',
      provider: 'demo',
      providerSessionId: `demo_pending_${Date.now()}`,
      status: 'pending',
    });
    const res = await refund(pending._id.toString());
    expect([res.status, res.body.message]).toEqual([409, 'Solo se reembolsa un pago cobrado']);
    expect((await refund(new Types.ObjectId().toString())).status).toBe(404);
    expect((await refund('nada')).status).toBe(400);
    const paid = await desk(member, plus.id);
    expect((await request(app).post(`/api/payments/${paid.id}/refund`).set(bearer(member)).send({})).status).toBe(403);
    const long = await refund(paid.id, 'x'.repeat(201));
    expect([long.status, long.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect((await PaymentModel.findById(paid.id).lean())?.status).toBe('paid');
  });
});

describe('refunds of Stripe payments (local fake API)', () => {
  useTestDatabase();
  let sessions = 0;
  const fake = fakeStripe((req) => {
    if (req.method === 'POST' && req.path === '/v1/checkout/sessions')
      return checkoutSession(`cs_test_${(sessions += 1)}`);
    if (req.method === 'GET' && req.path.startsWith('/v1/checkout/sessions/cs_test_')) {
      return { ...checkoutSession(req.path.split('/').pop()?.split('?')[0] ?? ''), payment_intent: 'pi_test_1' };
    }
    if (req.method === 'POST' && req.path === '/v1/refunds')
      return { id: 're_test_1', object: 'refund', status: 'succeeded' };
    return null;
  });
  let app: RequestListener;
  let config: Config;
  const signer = new Stripe('sk_test_signer');
  const secret = 'whsec_test_pulso_local_secret';

  beforeAll(async () => {
    const base = await fake.listen();
    ({ app, config } = createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_pulso',
      STRIPE_WEBHOOK_SECRET: secret,
      STRIPE_API_BASE: base,
      PUBLIC_URL: 'https://gym.example',
    }));
    await PlanModel.create({ name: 'Premium', duration: 12, benefits: 'Todo', price: 299.99 });
  });
  afterAll(() => fake.close());

  test("when the admin refunds a card payment, then Stripe refunds its PaymentIntent once, under the payment's idempotency key", async () => {
    const admin = await createTestUser(config, { isAdmin: true });
    const buyer = await createTestUser(config);
    const started = await request(app)
      .post('/api/payments/create_checkout')
      .set(bearer(buyer))
      .send({ id: buyer.id, name: 'Premium' })
      .expect(201);
    const sessionId = String(started.body.redirect_url).split('/').pop() as string;
    const payload = JSON.stringify({
      id: 'evt_refund_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: sessionId, object: 'checkout.session', payment_status: 'paid' } },
    });
    await request(app)
      .post('/api/payments/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', signer.webhooks.generateTestHeaderString({ payload, secret }))
      .send(payload)
      .expect(200);
    const payment = await PaymentModel.findOne({ providerSessionId: sessionId }).lean();
    expect(payment?.status).toBe('paid');

    const res = await request(app).post(`/api/payments/${payment?._id}/refund`).set(bearer(admin)).send({});
    expect(res.status).toBe(200);
    const refunds = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
    expect(refunds).toHaveLength(1);
    expect(decodeURIComponent(refunds[0]?.body ?? '')).toContain('payment_intent=pi_test_1');
    expect(refunds[0]?.idempotencyKey).toBe(`refund-${payment?._id}`);
    const stored = await PaymentModel.findById(payment?._id).lean();
    expect(stored).toMatchObject({ status: 'refunded', providerRefundId: 're_test_1' });
    // Bought today and refunded today: the membership ends now.
    const member = await UserModel.findById(buyer.id).lean();
    expect(Math.abs((member?.membership?.end.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
  });
});
