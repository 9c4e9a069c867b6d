import Stripe from 'stripe';
import request from 'supertest';
import type { RequestListener } from 'node:http';
import { createTestApp } from '../../../test/app';
import { checkoutSession, fakeStripe } from '../../../test/fake-stripe';
import { useTestDatabase } from '../../../test/db';
import { bearer, createTestUser } from '../../../test/fixtures';
import type { Config } from '../../../config/env';
import { PlanModel } from '../../plans/plans.model';
import { UserModel } from '../../users/users.model';
import { PaymentModel } from '../payments.model';

const WEBHOOK_SECRET = 'whsec_test_pulso_local_secret';

describe('payments with Stripe (local fake API, signed webhooks)', () => {
  useTestDatabase();
  let sessions = 0;
  const fake = fakeStripe((req) =>
    req.method === 'POST' && req.path === '/v1/checkout/sessions'
      ? checkoutSession(`cs_test_${(sessions += 1)}`)
      : null,
  );
  let app: RequestListener;
  let config: Config;
  const signer = new Stripe('sk_test_signer');

  beforeAll(async () => {
    const base = await fake.listen();
    ({ app, config } = createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_pulso',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: base,
      PUBLIC_URL: 'https://gym.example',
    }));
    await PlanModel.create({ name: 'Premium', duration: 12, benefits: 'Todo', price: 299.99 });
  });
  afterAll(() => fake.close());

  function event(sessionId: string, id = `evt_${Math.random().toString(36).slice(2)}`) {
    return JSON.stringify({
      id,
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: sessionId, object: 'checkout.session', payment_status: 'paid' } },
    });
  }

  function post(payload: string, header: string) {
    return request(app)
      .post('/api/payments/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', header)
      .send(payload);
  }

  const sign = (payload: string, secret = WEBHOOK_SECRET, timestamp?: number) =>
    signer.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });

  async function startCheckout() {
    const buyer = await createTestUser(config);
    const res = await request(app)
      .post('/api/payments/create_checkout')
      .set(bearer(buyer))
      .send({ id: buyer.id, name: 'Premium', price: 1 });
    expect(res.status).toBe(201);
    const sessionId = String(res.body.redirect_url).split('/').pop() as string;
    return { buyer, sessionId, res };
  }

  test('when a checkout starts, then a Stripe session is created with the database price and the caller as customer', async () => {
    const { res, buyer } = await startCheckout();
    expect(res.body.redirect_url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_\d+$/);
    const sent = decodeURIComponent(fake.requests.at(-1)?.body ?? '');
    expect(sent).toContain('mode=payment');
    expect(sent).toContain('line_items[0][price_data][unit_amount]=29999');
    expect(sent).toContain('line_items[0][price_data][currency]=usd');
    expect(sent).toContain(`client_reference_id=${buyer.id}`);
    expect(sent).toContain('success_url=https://gym.example/pagos/exito');
    expect(fake.requests.at(-1)?.auth).toBe('Bearer sk_test_pulso');
  });

  test('when a correctly signed paid event arrives, then the membership is activated once, even replayed or concurrent', async () => {
    const { buyer, sessionId } = await startCheckout();
    const payload = event(sessionId, 'evt_once');
    const header = sign(payload);
    const results = await Promise.all([post(payload, header), post(payload, header), post(payload, header)]);
    for (const r of results) expect(r.status).toBe(200);
    const first = await UserModel.findById(buyer.id).lean();
    expect(first?.membership?.name).toBe('Premium');
    await post(payload, header).expect(200);
    const again = await UserModel.findById(buyer.id).lean();
    expect(again?.membership?.end.getTime()).toBe(first?.membership?.end.getTime());
    expect(await PaymentModel.countDocuments({ providerSessionId: sessionId, status: 'paid' })).toBe(1);
    const me = await request(app).get(`/api/users/${buyer.id}`).set(bearer(buyer));
    expect(me.body.membresia).toMatchObject({ name: 'Premium', status: 'Activo' });
  });

  test('when an event is unsigned, forged or stale, then 400 and nothing changes', async () => {
    const { buyer, sessionId } = await startCheckout();
    const payload = event(sessionId);
    const unsigned = await request(app)
      .post('/api/payments/webhook')
      .set('Content-Type', 'application/json')
      .send(payload);
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.code).toBe('INVALID_SIGNATURE');
    expect((await post(payload, sign(payload, 'whsec_wrong'))).status).toBe(400);
    expect((await post(payload, sign(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600))).status).toBe(400);
    const tampered = payload.replace('"paid"', '"paid" ');
    expect((await post(tampered, sign(payload))).status).toBe(400);
    expect((await UserModel.findById(buyer.id).lean())?.membership).toBeNull();
    expect(await PaymentModel.countDocuments({ providerSessionId: sessionId, status: 'pending' })).toBe(1);
  });

  test('when a signed event names a session Pulso never made, then it is acknowledged and nothing is granted', async () => {
    const payload = event('cs_unknown_999');
    const res = await post(payload, sign(payload));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true });
    expect(await PaymentModel.countDocuments({ providerSessionId: 'cs_unknown_999' })).toBe(0);
  });

  /** The success URL of the newest session sent to the fake Stripe. */
  const sentSuccessUrl = () => new URLSearchParams(fake.requests.at(-1)?.body ?? '').get('success_url');

  /** Starts a Premium checkout as `buyer` on `target`, as a browser at `origin` talking to `host` would. */
  function checkoutFrom(target: RequestListener, buyer: { token: string; id: string }, host: string, origin?: string) {
    const req = request(target).post('/api/payments/create_checkout').set(bearer(buyer)).set('Host', host);
    return (origin ? req.set('Origin', origin) : req).send({ id: buyer.id, name: 'Premium' });
  }

  test('when PUBLIC_URL is unset, then Stripe sends the buyer back to the address they paid from, if the site or CORS_ORIGINS allows it', async () => {
    const { app: open, config: openConfig } = createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_pulso',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: config.stripe?.apiBase ?? '',
      PORT: '3000',
      CORS_ORIGINS: 'https://app.example',
    });
    const cases: [host: string, origin: string | undefined, back: string][] = [
      ['127.0.0.1:3000', 'http://127.0.0.1:3000', 'http://127.0.0.1:3000'],
      ['localhost:3000', 'http://localhost:3000', 'http://localhost:3000'],
      ['192.168.1.20:3000', 'http://192.168.1.20:3000', 'http://192.168.1.20:3000'],
      // A SPA served from another origin, listed in CORS_ORIGINS.
      ['api.example', 'https://app.example', 'https://app.example'],
      // Neither this site nor an allowed origin, or no Origin at all: the configured default.
      ['127.0.0.1:3000', 'http://evil.example', 'http://localhost:3000'],
      ['127.0.0.1:3000', 'http://127.0.0.1:4000', 'http://localhost:3000'],
      ['127.0.0.1:3000', undefined, 'http://localhost:3000'],
    ];
    for (const [host, origin, back] of cases) {
      const buyer = await createTestUser(openConfig);
      const res = await checkoutFrom(open, buyer, host, origin);
      expect(res.status).toBe(201);
      expect(sentSuccessUrl()).toBe(`${back}/pagos/exito?session={CHECKOUT_SESSION_ID}`);
      expect(decodeURIComponent(fake.requests.at(-1)?.body ?? '')).toContain(`cancel_url=${back}/pagos/cancelado`);
    }
  });

  test('when PUBLIC_URL is set, then a buyer at another address of the site is still sent back there', async () => {
    const buyer = await createTestUser(config);
    await checkoutFrom(app, buyer, '192.168.1.20:3000', 'http://192.168.1.20:3000').expect(201);
    expect(sentSuccessUrl()).toBe('http://192.168.1.20:3000/pagos/exito?session={CHECKOUT_SESSION_ID}');
    await checkoutFrom(app, buyer, 'gym.example', 'http://evil.example').expect(201);
    expect(sentSuccessUrl()).toBe('https://gym.example/pagos/exito?session={CHECKOUT_SESSION_ID}');
  });

  test('when a buyer starts again at another address, then a new session returns there, and the same address reuses its own', async () => {
    const buyer = await createTestUser(config);
    const atLan = await checkoutFrom(app, buyer, '192.168.1.20:3000', 'http://192.168.1.20:3000').expect(201);
    const created = fake.requests.length;
    const atLocal = await checkoutFrom(app, buyer, 'localhost:3000', 'http://localhost:3000').expect(201);
    expect(fake.requests.length).toBe(created + 1);
    expect(sentSuccessUrl()).toMatch(/^http:\/\/localhost:3000\//);
    expect(atLocal.body.redirect_url).not.toBe(atLan.body.redirect_url);
    const again = await checkoutFrom(app, buyer, '192.168.1.20:3000', 'http://192.168.1.20:3000').expect(201);
    expect(again.body.redirect_url).toBe(atLan.body.redirect_url);
    expect(fake.requests.length).toBe(created + 1);
  });

  test('when the demo confirmation is tried on a Stripe session, then 409', async () => {
    const { buyer, sessionId } = await startCheckout();
    const res = await request(app).post(`/api/payments/demo/${sessionId}/confirm`).set(bearer(buyer));
    expect(res.status).toBe(409);
    expect((await UserModel.findById(buyer.id).lean())?.membership).toBeNull();
  });

  test('when the buyer cancels a Stripe session through the demo route, then 409 and the paid event still grants the plan', async () => {
    const { buyer, sessionId } = await startCheckout();
    const res = await request(app).post(`/api/payments/demo/${sessionId}/cancel`).set(bearer(buyer));
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('CONFLICT');
    const payload = event(sessionId, 'evt_after_cancel');
    await post(payload, sign(payload)).expect(200);
    expect((await UserModel.findById(buyer.id).lean())?.membership?.name).toBe('Premium');
  });
});
