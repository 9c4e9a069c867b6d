import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestListener } from 'node:http';
import { Types } from 'mongoose';
import Stripe from 'stripe';
import request from 'supertest';
import type { Config } from '../../config/env';
import { createTestApp } from '../../test/app';
import { useTestDatabase } from '../../test/db';
import { bearer, createTestUser, type TestUser } from '../../test/fixtures';
import { PaymentModel } from '../../modules/payments/payments.model';
import { PlanModel } from '../../modules/plans/plans.model';
import { UserModel } from '../../modules/users/users.model';
import { expectRefused, unchanged } from './support';

/**
 * OWASP API6:2023 Unrestricted Access to Sensitive Business Flows and API10 Unsafe Consumption of
 * APIs — payments. Guards (modules/payments): the plan, its price and months always come from the
 * database; only the buyer (or an admin) may read, confirm or cancel a session; fulfilment is one
 * atomic pending -> paid switch (payments.service.ts fulfil); Stripe events must carry a valid
 * signature no older than five minutes (payments.webhook.ts).
 * Already covered: a tampered price (demo and Stripe), one forged, stale, unsigned and tampered
 * webhook each, the same event replayed and sent three times at once, a missing plan by name
 * (modules/payments/__tests__). These cases add the rest.
 */
describe('security: payments', () => {
  useTestDatabase();
  let plus: { id: string };
  let retired: { id: string };

  beforeAll(async () => {
    plus = {
      id: (await PlanModel.create({ name: 'Plus', duration: 3, benefits: 'Todo', price: 79.99 }))._id.toString(),
    };
    retired = {
      id: (
        await PlanModel.create({ name: 'Viejo', duration: 1, benefits: 'Nada', price: 5, deletedAt: new Date() })
      )._id.toString(),
    };
  });

  const sessionOf = (url: string) => String(url).split('/').pop() as string;

  describe('demo checkout', () => {
    const { app, config } = createTestApp({ PUBLIC_URL: 'https://gym.example' });
    let admin: TestUser;
    beforeAll(async () => {
      admin = await createTestUser(config, { isAdmin: true });
    });
    const checkout = (user: TestUser, body: object) =>
      request(app).post('/api/payments/create_checkout').set(bearer(user)).send(body);

    test.each([
      ['a well-formed id no plan has', () => ({ planId: new Types.ObjectId().toString() })],
      ['a retired plan by id', () => ({ planId: retired.id })],
      ['a retired plan by name', () => ({ name: 'Viejo' })],
      ['the name in other capitals', () => ({ name: 'PLUS' })],
      ['an id of something else (a user)', () => ({ planId: admin.id })],
    ])('when a checkout names %s, then 404 and no payment is recorded', async (_what, body) => {
      const buyer = await createTestUser(config);
      const res = await unchanged(() => checkout(buyer, body()));
      expectRefused(res, 404);
      expect(res.body.code).toBe('NOT_FOUND');
    });

    test.each([
      ['a negative price', { price: -100 }],
      ['a zero price as text', { price: '0' }],
      ['an amount and currency', { amount: 1, currency: 'xxx', unit_amount: 1 }],
      ['a longer duration', { duration: 120, months: 120 }],
      ['a benefits text', { benefits: '<script>alert(1)</script>' }],
    ])('when a checkout carries %s, then the database plan is charged and granted', async (_what, extra) => {
      const buyer = await createTestUser(config);
      const started = await checkout(buyer, { name: 'Plus', ...extra });
      expect(started.status).toBe(201);
      const sessionId = sessionOf(started.body.redirect_url);
      const session = await request(app).get(`/api/payments/session/${sessionId}`).set(bearer(buyer));
      expect(session.body).toMatchObject({ planName: 'Plus', amount: 79.99, currency: 'usd', benefits: 'Todo' });
      await request(app).post(`/api/payments/demo/${sessionId}/confirm`).set(bearer(buyer)).expect(200);
      const payment = await PaymentModel.findOne({ providerSessionId: sessionId }).lean();
      expect(payment).toMatchObject({ amount: 79.99, currency: 'usd', duration: 3, status: 'paid' });
      const membership = (await UserModel.findById(buyer.id).lean())?.membership;
      const expectedEnd = new Date(membership?.start ?? 0);
      expectedEnd.setMonth(expectedEnd.getMonth() + 3);
      expect(membership?.end.getTime()).toBe(expectedEnd.getTime());
    });

    test('when a session nobody created is confirmed, read or cancelled, then 404 and nothing changes', async () => {
      const buyer = await createTestUser(config);
      for (const call of [
        () => request(app).post('/api/payments/demo/demo_000000000000000000000000/confirm').set(bearer(buyer)),
        () => request(app).get('/api/payments/session/demo_000000000000000000000000').set(bearer(buyer)),
        () => request(app).post('/api/payments/demo/demo_000000000000000000000000/cancel').set(bearer(buyer)),
      ]) {
        expectRefused(await unchanged(call), 404);
      }
    });

    test('when a paid session is cancelled afterwards, by its buyer or by someone else, then the payment and membership stay', async () => {
      const buyer = await createTestUser(config);
      const intruder = await createTestUser(config);
      const sessionId = sessionOf((await checkout(buyer, { name: 'Plus' })).body.redirect_url);
      await request(app).post(`/api/payments/demo/${sessionId}/confirm`).set(bearer(buyer)).expect(200);
      expectRefused(
        await unchanged(() => request(app).post(`/api/payments/demo/${sessionId}/cancel`).set(bearer(buyer))),
        409,
      );
      expectRefused(
        await unchanged(() => request(app).post(`/api/payments/demo/${sessionId}/cancel`).set(bearer(intruder))),
        403,
      );
      expectRefused(
        await unchanged(() => request(app).post(`/api/payments/demo/${sessionId}/confirm`).set(bearer(intruder))),
        403,
      );
    });

    test("when a member confirms another member's session at the same time as its buyer, then only the buyer gets the plan, once", async () => {
      const buyer = await createTestUser(config);
      const intruder = await createTestUser(config);
      const sessionId = sessionOf((await checkout(buyer, { name: 'Plus' })).body.redirect_url);
      const confirm = (user: TestUser) =>
        request(app).post(`/api/payments/demo/${sessionId}/confirm`).set(bearer(user));
      const results = await Promise.all([confirm(intruder), confirm(buyer), confirm(intruder), confirm(buyer)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 200, 403, 403]);
      expect((await UserModel.findById(intruder.id).lean())?.membership).toBeNull();
      expect(await PaymentModel.countDocuments({ providerSessionId: sessionId, status: 'paid' })).toBe(1);
    });

    test.each([
      ['a user that does not exist', () => ({ userId: new Types.ObjectId().toString(), planId: plus.id })],
      ['a retired plan', () => ({ userId: admin.id, planId: retired.id })],
      ['a plan that does not exist', () => ({ userId: admin.id, planId: new Types.ObjectId().toString() })],
    ])('when a front-desk payment names %s, then 404 and nothing is recorded', async (_what, body) => {
      const res = await unchanged(() => request(app).post('/api/payments/manual').set(bearer(admin)).send(body()));
      expectRefused(res, 404);
    });
  });

  describe('Stripe webhooks', () => {
    const WEBHOOK_SECRET = 'whsec_security_suite_secret';
    const signer = new Stripe('sk_test_signer');
    const calls: string[] = [];
    const fake = http.createServer((req, res) => {
      calls.push(String(req.url));
      req.resume();
      req.on('end', () => {
        const id = `cs_sec_${calls.length}`;
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.stripe.com/c/pay/${id}` }));
      });
    });
    let app: RequestListener;
    let config: Config;

    beforeAll(async () => {
      await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
      const { port } = fake.address() as AddressInfo;
      ({ app, config } = createTestApp({
        STRIPE_SECRET_KEY: 'sk_test_pulso',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: `http://127.0.0.1:${port}`,
      }));
    });
    afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));

    const sign = (payload: string, secret = WEBHOOK_SECRET) =>
      signer.webhooks.generateTestHeaderString({ payload, secret });
    const post = (payload: string | Buffer, header?: string) => {
      const test = request(app).post('/api/payments/webhook').set('Content-Type', 'application/json');
      if (header) test.set('Stripe-Signature', header);
      return test.send(payload);
    };
    const event = (
      object: unknown,
      type = 'checkout.session.completed',
      id = `evt_${new Types.ObjectId().toString()}`,
    ) => JSON.stringify({ id, object: 'event', type, data: { object } });
    const paid = (sessionId: unknown, status = 'paid') => ({
      id: sessionId,
      object: 'checkout.session',
      payment_status: status,
    });

    async function pendingCheckout() {
      const buyer = await createTestUser(config);
      const res = await request(app).post('/api/payments/create_checkout').set(bearer(buyer)).send({ name: 'Plus' });
      expect(res.status).toBe(201);
      return { buyer, sessionId: sessionOf(res.body.redirect_url) };
    }

    test('when the same payment arrives as different events (completed and async succeeded), at once and again, then it activates once', async () => {
      const { buyer, sessionId } = await pendingCheckout();
      const a = event(paid(sessionId));
      const b = event(paid(sessionId), 'checkout.session.async_payment_succeeded');
      const c = event(paid(sessionId));
      const results = await Promise.all([post(a, sign(a)), post(b, sign(b)), post(c, sign(c))]);
      for (const r of results) expect(r.status).toBe(200);
      const first = (await UserModel.findById(buyer.id).lean())?.membership;
      expect(first?.name).toBe('Plus');
      // A replay may re-assert the same values (finishing an interrupted fulfilment), never new ones.
      const withoutStamp = (doc: unknown) =>
        Object.fromEntries(Object.entries(doc as Record<string, unknown>).filter(([key]) => key !== 'updatedAt'));
      const state = async () =>
        JSON.stringify({
          user: withoutStamp(await UserModel.findById(buyer.id).lean()),
          payments: (await PaymentModel.find({ user: buyer.id }).lean()).map(withoutStamp),
        });
      const before = await state();
      const d = event(paid(sessionId));
      expect((await post(d, sign(d))).status).toBe(200);
      expect(await state()).toBe(before);
      expect(await PaymentModel.countDocuments({ providerSessionId: sessionId, status: 'paid' })).toBe(1);
    });

    test.each([
      ['an unpaid completed session', () => event(paid('SESSION', 'unpaid'))],
      ['a refund event', () => event({ id: 'ch_1', object: 'charge', payment_status: 'paid' }, 'charge.refunded')],
      ['an expired session event', () => event(paid('SESSION'), 'checkout.session.expired')],
      ['a session id that is an operator object', () => event(paid({ $ne: null }))],
      ['a session id that is a regular expression', () => event(paid({ $regex: '.*' }))],
      ['a session id that is a list', () => event(paid(['SESSION']))],
      [
        'an event without its object',
        () => JSON.stringify({ id: 'evt_x', object: 'event', type: 'checkout.session.completed', data: {} }),
      ],
      [
        'an event without data',
        () => JSON.stringify({ id: 'evt_y', object: 'event', type: 'checkout.session.completed' }),
      ],
    ])('when a correctly signed event brings %s, then no pending payment is granted', async (_what, make) => {
      const { buyer, sessionId } = await pendingCheckout();
      const payload = make().replace('SESSION', sessionId);
      const res = await unchanged(() => post(payload, sign(payload)));
      if (res.status >= 500) throw new Error(`server error ${res.status}: ${res.text}`);
      expect(res.status).toBe(200);
      expect((await UserModel.findById(buyer.id).lean())?.membership).toBeNull();
    });

    test.each([
      ['a body that is not JSON', () => '{"id": "evt_1", "type": ', (p: string) => sign(p)],
      [
        'two signature headers joined',
        () => event(paid('SESSION')),
        (p: string) => `${sign(p, 'whsec_other')}, ${sign(p, 'whsec_x')}`,
      ],
      [
        'a signature of another secret that starts the same',
        () => event(paid('SESSION')),
        (p: string) => sign(p, `${WEBHOOK_SECRET}x`),
      ],
      ['an empty signature', () => event(paid('SESSION')), () => 't=,v1='],
      ['a signature for an empty body', () => event(paid('SESSION')), () => sign('')],
      ['a huge signature header', () => event(paid('SESSION')), () => `t=1,v1=${'a'.repeat(8000)}`],
    ])('when the webhook gets %s, then 400 and nothing changes', async (_what, make, header) => {
      const { buyer, sessionId } = await pendingCheckout();
      const payload = make().replace('SESSION', sessionId);
      const res = await unchanged(() => post(payload, header(payload)));
      expectRefused(res, 400);
      expect((await UserModel.findById(buyer.id).lean())?.membership).toBeNull();
    });

    test('when the webhook body is larger than any real event, then 413 and nothing changes', async () => {
      const payload = JSON.stringify({ id: 'evt_big', padding: 'x'.repeat(600 * 1024) });
      expectRefused(await unchanged(() => post(payload, sign(payload))), 413);
    });

    test('when a checkout names a plan that does not exist or is retired, then Stripe is never called and nothing is recorded', async () => {
      const buyer = await createTestUser(config);
      const before = calls.length;
      for (const body of [{ name: 'Oro' }, { planId: retired.id }, { planId: new Types.ObjectId().toString() }]) {
        expectRefused(
          await unchanged(() => request(app).post('/api/payments/create_checkout').set(bearer(buyer)).send(body)),
          404,
        );
      }
      expect(calls.length).toBe(before);
    });

    test('when a correctly signed event pays a real session, then it is granted (the cases above can fail)', async () => {
      const { buyer, sessionId } = await pendingCheckout();
      const payload = event(paid(sessionId));
      expect((await post(payload, sign(payload))).status).toBe(200);
      expect((await UserModel.findById(buyer.id).lean())?.membership?.name).toBe('Plus');
    });
  });

  test('when the installation has no Stripe, then the webhook is 404 and a signed-looking event changes nothing', async () => {
    const { app } = createTestApp();
    const payload = JSON.stringify({ id: 'evt_z', type: 'checkout.session.completed', data: { object: { id: 'x' } } });
    expectRefused(
      await unchanged(() =>
        request(app)
          .post('/api/payments/webhook')
          .set('Content-Type', 'application/json')
          .set('Stripe-Signature', 't=1,v1=abc')
          .send(payload),
      ),
      404,
    );
  });
});
