import { Types } from 'mongoose';
import request from 'supertest';
import { createTestApp } from '../../../test/app';
import { useTestDatabase } from '../../../test/db';
import { bearer, createTestUser, type TestUser } from '../../../test/fixtures';
import { expectMatchesOpenApi } from '../../../test/openapi';
import { startSmtp, until } from '../../../test/smtp';
import { PlanModel } from '../../plans/plans.model';
import { UserModel } from '../../users/users.model';
import { PaymentModel } from '../payments.model';

describe('payments API (demo provider)', () => {
  useTestDatabase();
  const { app, config } = createTestApp({ PUBLIC_URL: 'https://gym.example' });
  let admin: TestUser;
  let plus: { id: string };

  beforeAll(async () => {
    admin = await createTestUser(config, { isAdmin: true });
    const plan = await PlanModel.create({ name: 'Plus', duration: 3, benefits: 'Clases ilimitadas', price: 79.99 });
    plus = { id: plan._id.toString() };
  });
  beforeEach(() => PaymentModel.deleteMany({}));

  async function checkout(
    user: TestUser,
    body: object = { id: user.id, name: 'Plus', price: 1, benefits: 'x', duration: 3 },
  ) {
    return request(app).post('/api/payments/create_checkout').set(bearer(user)).send(body);
  }
  const sessionOf = (url: string) => url.split('/').pop() as string;

  test('when a member buys through the demo checkout, then the membership runs from now for the plan months', async () => {
    const buyer = await createTestUser(config);
    const started = await checkout(buyer);
    expect(started.status).toBe(201);
    expectMatchesOpenApi('POST', '/payments/create_checkout', started);
    // A path of the SPA, opened at the SPA's own origin (where the session is), even with PUBLIC_URL set.
    expect(started.body.redirect_url).toMatch(/^\/stripe\/checkout\/demo_[0-9a-f]{24}$/);
    const sessionId = sessionOf(started.body.redirect_url);

    const session = await request(app).get(`/api/payments/session/${sessionId}`).set(bearer(buyer));
    expect(session.body).toMatchObject({
      planName: 'Plus',
      amount: 79.99,
      currency: 'usd',
      status: 'pending',
      benefits: 'Clases ilimitadas',
    });
    expectMatchesOpenApi('GET', '/payments/session/{sessionId}', session);

    const before = Date.now();
    const paid = await request(app).post(`/api/payments/demo/${sessionId}/confirm`).set(bearer(buyer));
    expect(paid.status).toBe(200);
    expectMatchesOpenApi('POST', '/payments/demo/{sessionId}/confirm', paid);
    expect(paid.body).toMatchObject({
      message: 'Pago exitoso',
      payment: { status: 'paid', amount: 79.99, provider: 'demo' },
    });

    const me = await request(app).get(`/api/users/${buyer.id}`).set(bearer(buyer));
    expect(me.body.membresia).toMatchObject({ name: 'Plus', status: 'Activo' });
    const start = new Date(me.body.membresia.start).getTime();
    expect(start).toBeGreaterThanOrEqual(before - 1000);
    const expectedEnd = new Date(start);
    expectedEnd.setMonth(expectedEnd.getMonth() + 3);
    expect(new Date(me.body.membresia.end).getTime()).toBe(expectedEnd.getTime());

    const mine = await request(app).get('/api/payments/mine').set(bearer(buyer));
    expect(mine.body).toEqual([expect.objectContaining({ status: 'paid', planName: 'Plus' })]);
    expectMatchesOpenApi('GET', '/payments/mine', mine);
  });

  test('when a payment is fulfilled, then the member gets a receipt e-mail with plan, amount and dates', async () => {
    const mail = startSmtp();
    const smtpUrl = await mail.listen();
    try {
      const { app: mailing, config: mailingConfig } = createTestApp({ SMTP_URL: smtpUrl });
      const buyer = await createTestUser(mailingConfig);
      const started = await request(mailing)
        .post('/api/payments/create_checkout')
        .set(bearer(buyer))
        .send({ name: 'Plus' });
      const sessionId = sessionOf(started.body.redirect_url);
      await request(mailing).post(`/api/payments/demo/${sessionId}/confirm`).set(bearer(buyer)).expect(200);
      await until(() => mail.received.length > 0);
      expect(mail.received[0]?.to).toEqual([buyer.email]);
      const raw = mail.received[0]?.raw ?? '';
      expect(raw).toContain('Plus');
      expect(raw).toContain('79.99 USD');
    } finally {
      await mail.close();
    }
  });

  test('when the client sends a tampered price, then the database price is charged', async () => {
    const buyer = await createTestUser(config);
    await checkout(buyer, { id: buyer.id, name: 'Plus', price: 0.01 });
    expect((await PaymentModel.findOne({ user: buyer.id }).lean())?.amount).toBe(79.99);
  });

  test('when a checkout is pending for the same plan, then the same session is returned', async () => {
    const buyer = await createTestUser(config);
    const a = await checkout(buyer);
    const b = await checkout(buyer, { planId: plus.id });
    expect(b.body.redirect_url).toBe(a.body.redirect_url);
    expect(await PaymentModel.countDocuments({ user: buyer.id })).toBe(1);
  });

  test('when a checkout pending from before the demo checkout was a path is repeated, then a new one opens at the SPA', async () => {
    const buyer = await createTestUser(config);
    await PaymentModel.collection.insertOne({
      user: new Types.ObjectId(buyer.id),
      plan: new Types.ObjectId(plus.id),
      planName: 'Plus',
      duration: 3,
      amount: 79.99,
      currency: 'usd',
      provider: 'demo',
      providerSessionId: 'demo_0123456789abcdef01234567',
      checkoutUrl: 'http://localhost:3000/stripe/checkout/demo_0123456789abcdef01234567',
      providerEventId: '',
      status: 'pending',
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    const res = await checkout(buyer);
    expect(res.status).toBe(201);
    expect(res.body.redirect_url).toMatch(/^\/stripe\/checkout\/demo_[0-9a-f]{24}$/);
    expect(res.body.redirect_url).not.toContain('0123456789abcdef01234567');
  });

  test('when the same session is confirmed twice, one after the other or at once, then it activates once', async () => {
    const buyer = await createTestUser(config);
    const sessionId = sessionOf((await checkout(buyer)).body.redirect_url);
    const confirm = () => request(app).post(`/api/payments/demo/${sessionId}/confirm`).set(bearer(buyer));
    await Promise.all([confirm(), confirm(), confirm()]);
    const end1 = (await UserModel.findById(buyer.id).lean())?.membership?.end?.getTime();
    await confirm();
    const end2 = (await UserModel.findById(buyer.id).lean())?.membership?.end?.getTime();
    expect(end2).toBe(end1);
    expect(await PaymentModel.countDocuments({ user: buyer.id, status: 'paid' })).toBe(1);
  });

  test('when an active member renews, then the new months are added to the current end', async () => {
    const end = new Date(Date.now() + 10 * 86_400_000);
    const start = new Date(Date.now() - 20 * 86_400_000);
    const buyer = await createTestUser(config, {
      membership: { planId: new Types.ObjectId(plus.id), name: 'Plus', start, end },
    });
    const sessionId = sessionOf((await checkout(buyer)).body.redirect_url);
    await request(app).post(`/api/payments/demo/${sessionId}/confirm`).set(bearer(buyer)).expect(200);
    const after = (await UserModel.findById(buyer.id).lean())?.membership;
    const expected = new Date(end);
    expected.setMonth(expected.getMonth() + 3);
    expect(after?.start.getTime()).toBe(start.getTime());
    expect(after?.end.getTime()).toBe(expected.getTime());
    // The same plan: one period, longer; the payment paid for the months after the old end.
    expect(after?.periods?.map((p) => [p.name, p.start.getTime(), p.end.getTime()])).toEqual([
      ['Plus', start.getTime(), expected.getTime()],
    ]);
    const payment = await PaymentModel.findOne({ user: buyer.id }).lean();
    expect([payment?.membershipStart?.getTime(), payment?.membershipEnd?.getTime()]).toEqual([
      end.getTime(),
      expected.getTime(),
    ]);
  });

  test('when an active member buys another plan, then it starts when the current one ends and the paid plan keeps its dates', async () => {
    const mail = startSmtp();
    const smtpUrl = await mail.listen();
    try {
      const { app: mailing, config: mailingConfig } = createTestApp({ SMTP_URL: smtpUrl });
      await PlanModel.create({ name: 'Premium', duration: 2, benefits: 'Todo', price: 120 });
      const end = new Date(Date.now() + 10 * 86_400_000);
      const start = new Date(Date.now() - 20 * 86_400_000);
      const buyer = await createTestUser(mailingConfig, {
        membership: { planId: new Types.ObjectId(plus.id), name: 'Plus', start, end },
      });
      const started = await request(mailing)
        .post('/api/payments/create_checkout')
        .set(bearer(buyer))
        .send({ name: 'Premium' });
      const sessionId = sessionOf(started.body.redirect_url);
      const paid = await request(mailing)
        .post(`/api/payments/demo/${sessionId}/confirm`)
        .set(bearer(buyer))
        .expect(200);
      const premiumEnd = new Date(end);
      premiumEnd.setMonth(premiumEnd.getMonth() + 2);
      // The payment paid for Premium's own days; the membership still runs Plus until its end.
      expect(paid.body.payment).toMatchObject({
        membershipStart: end.toISOString(),
        membershipEnd: premiumEnd.toISOString(),
      });
      expect(paid.body.membresia).toMatchObject({
        name: 'Plus',
        planId: plus.id,
        status: 'Activo',
        start: start.toISOString(),
        end: premiumEnd.toISOString(),
        periods: [
          { planId: plus.id, name: 'Plus', start: start.toISOString(), end: end.toISOString() },
          { name: 'Premium', start: end.toISOString(), end: premiumEnd.toISOString() },
        ],
      });
      const me = await request(mailing).get(`/api/users/${buyer.id}`).set(bearer(buyer)).expect(200);
      expectMatchesOpenApi('GET', '/users/{id}', me);
      expect(me.body.membresia).toEqual(paid.body.membresia);

      await until(() => mail.received.length > 0);
      const raw = (mail.received[0]?.raw ?? '').replace(/=\r?\n/g, '');
      const day = (d: Date) =>
        d.toLocaleDateString('es', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
      expect(raw).toContain(`Vigencia: del ${day(end)} al ${day(premiumEnd)}`);
      expect(raw).toContain(`Tu plan actual, Plus, sigue hasta el ${day(end)}. Premium empieza ese d`);
    } finally {
      await mail.close();
      await PlanModel.deleteOne({ name: 'Premium' });
    }
  });

  test('when someone else confirms or the plan does not exist, then nothing is granted', async () => {
    const buyer = await createTestUser(config);
    const intruder = await createTestUser(config);
    const sessionId = sessionOf((await checkout(buyer)).body.redirect_url);
    const res = await request(app).post(`/api/payments/demo/${sessionId}/confirm`).set(bearer(intruder));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Este pago pertenece a otra persona');
    expect((await checkout(buyer, { id: buyer.id, name: 'Oro' })).status).toBe(404);
    expect((await checkout(buyer, { id: intruder.id, name: 'Plus' })).status).toBe(403);
    expect((await checkout(buyer, {})).status).toBe(400);
    expect((await request(app).post('/api/payments/create_checkout').send({ name: 'Plus' })).status).toBe(401);
    expect((await UserModel.findById(buyer.id).lean())?.membership).toBeNull();
  });

  test('when the buyer cancels, then the session cannot be paid any more', async () => {
    const buyer = await createTestUser(config);
    const sessionId = sessionOf((await checkout(buyer)).body.redirect_url);
    const cancelled = await request(app).post(`/api/payments/demo/${sessionId}/cancel`).set(bearer(buyer));
    expect(cancelled.body).toMatchObject({ message: 'Pago cancelado', payment: { status: 'cancelled' } });
    expect((await request(app).post(`/api/payments/demo/${sessionId}/confirm`).set(bearer(buyer))).status).toBe(409);
    expect((await UserModel.findById(buyer.id).lean())?.membership).toBeNull();
  });

  test('when an admin records a front-desk payment, then the plan is granted; members cannot', async () => {
    const member = await createTestUser(config);
    expect(
      (await request(app).post('/api/payments/manual').set(bearer(member)).send({ userId: member.id, planId: plus.id }))
        .status,
    ).toBe(403);
    const res = await request(app)
      .post('/api/payments/manual')
      .set(bearer(admin))
      .send({ userId: member.id, planId: plus.id });
    expect(res.status).toBe(201);
    expectMatchesOpenApi('POST', '/payments/manual', res);
    expect(res.body.payment).toMatchObject({ provider: 'manual', status: 'paid' });
    expect((await UserModel.findById(member.id).lean())?.membership?.name).toBe('Plus');
    const all = await request(app).get('/api/payments').set(bearer(admin));
    expectMatchesOpenApi('GET', '/payments', all);
    expect(all.body.length).toBeGreaterThanOrEqual(1);
    expect((await request(app).get('/api/payments').set(bearer(member))).status).toBe(403);
  });
});

describe('payments API in production without a payment provider', () => {
  useTestDatabase();
  const production = { NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(48), LOG_LEVEL: 'silent' };
  const { app, config } = createTestApp(production);
  const { app: withDemo } = createTestApp({ ...production, DEMO_PAYMENTS: 'true' });
  let plus: string;

  beforeAll(async () => {
    plus = (await PlanModel.create({ name: 'Plus', duration: 3, benefits: 'Todo', price: 79.99 }))._id.toString();
  });

  test('when nothing says how to take payments, then the site says purchases are off and a checkout is 503', async () => {
    const site = await request(app).get('/api/config');
    expect(site.body.payments).toBeNull();
    expectMatchesOpenApi('GET', '/config', site);

    const buyer = await createTestUser(config);
    const res = await request(app).post('/api/payments/create_checkout').set(bearer(buyer)).send({ planId: plus });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      code: 'PAYMENTS_UNAVAILABLE',
      message: 'Las compras en línea no están disponibles. Acércate a tu sede para adquirir tu plan.',
    });
    expect(await PaymentModel.countDocuments({ user: buyer.id })).toBe(0);
  });

  test('when a demo session left from before is confirmed, then 503 and no membership is granted', async () => {
    const buyer = await createTestUser(config);
    const started = await request(withDemo)
      .post('/api/payments/create_checkout')
      .set(bearer(buyer))
      .send({ planId: plus });
    expect(started.status).toBe(201);
    const session = String(started.body.redirect_url).split('/').pop();
    const res = await request(app).post(`/api/payments/demo/${session}/confirm`).set(bearer(buyer));
    expect(res.status).toBe(503);
    expect((await UserModel.findById(buyer.id).lean())?.membership).toBeNull();
    expect((await PaymentModel.findOne({ providerSessionId: session }).lean())?.status).toBe('pending');
  });

  test('when DEMO_PAYMENTS=true, then the demo checkout works in production', async () => {
    expect((await request(withDemo).get('/api/config')).body.payments).toBe('demo');
    const buyer = await createTestUser(config);
    const started = await request(withDemo)
      .post('/api/payments/create_checkout')
      .set(bearer(buyer))
      .send({ planId: plus });
    const session = String(started.body.redirect_url).split('/').pop();
    const res = await request(withDemo).post(`/api/payments/demo/${session}/confirm`).set(bearer(buyer));
    expect(res.status).toBe(200);
    expect(res.body.membresia).toMatchObject({ name: 'Plus', status: 'Activo' });
  });
});
