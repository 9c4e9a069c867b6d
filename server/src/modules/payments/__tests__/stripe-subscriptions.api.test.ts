import type { RequestListener } from 'node:http';
import { Types } from 'mongoose';
import Stripe from 'stripe';
import request from 'supertest';
import { createTestApp } from '../../../test/app';
import { checkoutSession, fakeStripe } from '../../../test/fake-stripe';
import { useTestDatabase } from '../../../test/db';
import { bearer, createTestUser, type TestUser } from '../../../test/fixtures';
import { expectMatchesOpenApi } from '../../../test/openapi';
import type { Config } from '../../../config/env';
import { PlanModel } from '../../plans/plans.model';
import { UserModel } from '../../users/users.model';
import { PaymentModel } from '../payments.model';
import { SubscriptionModel } from '../subscriptions.model';

const WEBHOOK_SECRET = 'whsec_test_pulso_subscriptions';

describe('renewing plans with Stripe (subscription mode, signed invoice and subscription events)', () => {
  useTestDatabase();
  // Checkout sessions, subscription updates and cancels, portal sessions.
  const fake = fakeStripe((req, n) => {
    if (req.method === 'POST' && req.path === '/v1/checkout/sessions') return checkoutSession(`cs_test_sub_${n}`);
    if (req.path.startsWith('/v1/subscriptions/')) return { id: req.path.split('/').pop(), object: 'subscription' };
    if (req.method === 'POST' && req.path === '/v1/billing_portal/sessions') {
      return { id: 'bps_1', object: 'billing_portal.session', url: 'https://billing.stripe.com/p/session/test_1' };
    }
    return null;
  });
  /** The last request's body, decoded. */
  const lastBody = () => decodeURIComponent(fake.requests.at(-1)?.body ?? '');
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
      RENEWAL_GRACE_DAYS: '3',
    }));
    await PlanModel.create({ name: 'Mensual', duration: 1, benefits: 'Sala', price: 30, renewing: true });
  });
  afterAll(() => fake.close());

  const send = (type: string, object: object, id = `evt_${Math.random().toString(36).slice(2)}`) => {
    const payload = JSON.stringify({ id, object: 'event', type, data: { object } });
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    return request(app)
      .post('/api/payments/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', header)
      .send(payload);
  };

  /** A member who bought the monthly plan through Stripe Checkout: their session and the payment's id. */
  async function subscribed(): Promise<{ member: TestUser; paymentId: string }> {
    const member = await createTestUser(config);
    const started = await request(app)
      .post('/api/payments/create_checkout')
      .set(bearer(member))
      .send({ name: 'Mensual' });
    expect(started.status).toBe(201);
    const sent = lastBody();
    expect(sent).toContain('mode=subscription');
    expect(sent).toContain('line_items[0][price_data][recurring][interval]=month');
    expect(sent).toContain('line_items[0][price_data][recurring][interval_count]=1');
    const paymentId = /subscription_data\[metadata\]\[paymentId\]=([0-9a-f]{24})/.exec(sent)?.[1] ?? '';
    expect(paymentId).toMatch(/^[0-9a-f]{24}$/);
    const sessionId = String(started.body.redirect_url).split('/').pop();
    const completed = {
      id: sessionId,
      object: 'checkout.session',
      mode: 'subscription',
      payment_status: 'paid',
      subscription: `sub_stripe_${paymentId}`,
      customer: `cus_${paymentId}`,
    };
    await send('checkout.session.completed', completed).expect(200);
    return { member, paymentId };
  }
  const invoice = (paymentId: string, id: string, billingReason = 'subscription_cycle') => ({
    id,
    object: 'invoice',
    billing_reason: billingReason,
    parent: { type: 'subscription_details', subscription_details: { metadata: { paymentId, userId: 'x' } } },
  });
  const mine = async (member: TestUser) =>
    (await request(app).get('/api/subscriptions/mine').set(bearer(member)).expect(200)).body.subscription;

  test('when the checkout completes and Stripe reports a paid renewal invoice, then the membership renews once, even replayed at once', async () => {
    const { member, paymentId } = await subscribed();
    const first = await mine(member);
    expect(first).toMatchObject({ provider: 'stripe', status: 'active', planName: 'Mensual' });
    const before = (await UserModel.findById(member.id).lean())?.membership;

    // The first invoice is the checkout's: it changes nothing.
    await send('invoice.paid', invoice(paymentId, 'in_first', 'subscription_create')).expect(200);
    expect(await PaymentModel.countDocuments({ user: new Types.ObjectId(member.id) })).toBe(1);

    const renewal = invoice(paymentId, 'in_cycle_2');
    const answers = await Promise.all([1, 2, 3, 4, 5, 6].map(() => send('invoice.paid', renewal, 'evt_cycle_2')));
    for (const answer of answers) expect(answer.status).toBe(200);
    await send('invoice.paid', renewal).expect(200);
    const payments = await PaymentModel.find({ user: new Types.ObjectId(member.id) }).lean();
    expect(payments).toHaveLength(2);
    expect(payments.find((p) => p.providerSessionId === 'invoice_in_cycle_2')).toMatchObject({ status: 'paid' });
    const after = (await UserModel.findById(member.id).lean())?.membership;
    const expectedEnd = new Date(before?.end ?? 0);
    expectedEnd.setMonth(expectedEnd.getMonth() + 1);
    expect(after?.end.getTime()).toBe(expectedEnd.getTime());
    expect(await mine(member)).toMatchObject({ status: 'active', paidThrough: expectedEnd.toISOString() });
  });

  test('when a renewal invoice fails, then dunning starts with access through the grace, the portal opens, and Stripe ending it lapses it', async () => {
    const { member, paymentId } = await subscribed();
    await send('invoice.payment_failed', invoice(paymentId, 'in_failed')).expect(200);
    const pastDue = await mine(member);
    expect(pastDue).toMatchObject({ status: 'past_due', graceUntil: expect.any(String) });
    const stored = await UserModel.findById(member.id).lean();
    expect(stored?.membership?.graceUntil?.toISOString()).toBe(pastDue.graceUntil);

    const portal = await request(app).post('/api/subscriptions/mine/portal').set(bearer(member));
    expect(portal.status).toBe(200);
    expectMatchesOpenApi('POST', '/subscriptions/mine/portal', portal);
    expect(portal.body).toEqual({ url: 'https://billing.stripe.com/p/session/test_1' });
    expect(lastBody()).toContain(`customer=cus_${paymentId}`);

    await send('customer.subscription.deleted', {
      id: `sub_stripe_${paymentId}`,
      object: 'subscription',
      metadata: { paymentId },
    }).expect(200);
    expect(await mine(member)).toMatchObject({ status: 'lapsed' });
    expect((await UserModel.findById(member.id).lean())?.membership?.graceUntil).toBeUndefined();
  });

  test('when the member stops the renewal, then Stripe is told to cancel at the period end, and its own update is followed too', async () => {
    const { member, paymentId } = await subscribed();
    await request(app).post('/api/subscriptions/mine/cancel').set(bearer(member)).expect(200);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: `/v1/subscriptions/sub_stripe_${paymentId}` });
    expect(lastBody()).toContain('cancel_at_period_end=true');
    expect(await mine(member)).toMatchObject({ cancelAtPeriodEnd: true });

    // Restarted from Stripe's portal: the webhook says so.
    await send('customer.subscription.updated', {
      id: `sub_stripe_${paymentId}`,
      object: 'subscription',
      cancel_at_period_end: false,
      metadata: { paymentId },
    }).expect(200);
    expect(await mine(member)).toMatchObject({ cancelAtPeriodEnd: false });

    await send('customer.subscription.deleted', {
      id: `sub_stripe_${paymentId}`,
      object: 'subscription',
      metadata: { paymentId },
    }).expect(200);
    expect(await mine(member)).toMatchObject({ status: 'canceled' });
  });

  test("when the member pauses their membership, then Stripe's next invoice moves by the paused days, once", async () => {
    const { member, paymentId } = await subscribed();
    const before = await mine(member);
    const from = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const paused = await request(app)
      .post(`/api/users/pause/${member.id}`)
      .set(bearer(member))
      .send({ from, days: 10 })
      .expect(200);
    const moved = new Date(Date.parse(before.paidThrough) + 10 * 86_400_000);
    expect(paused.body.membresia.end).toBe(moved.toISOString());
    const updates = fake.requests.filter(
      (r) => r.method === 'POST' && r.path === `/v1/subscriptions/sub_stripe_${paymentId}`,
    );
    expect(updates).toHaveLength(1);
    const body = decodeURIComponent(updates[0]?.body ?? '');
    expect(body).toContain(`trial_end=${Math.floor(moved.getTime() / 1000)}`);
    expect(body).toContain('proration_behavior=none');
    expect(await mine(member)).toMatchObject({ status: 'active', paidThrough: moved.toISOString() });
  });

  test('when an event names no subscription Pulso knows, then it is acknowledged and nothing changes', async () => {
    const before = await SubscriptionModel.countDocuments({});
    await send('invoice.paid', invoice(new Types.ObjectId().toString(), 'in_unknown')).expect(200);
    await send('invoice.payment_failed', { id: 'in_x', object: 'invoice' }).expect(200);
    await send('customer.subscription.deleted', { id: 'sub_x', object: 'subscription' }).expect(200);
    expect(await SubscriptionModel.countDocuments({})).toBe(before);
    expect(await PaymentModel.countDocuments({ providerSessionId: 'invoice_in_unknown' })).toBe(0);
  });

  test('when a renewing plan lasts longer than Stripe can bill, then the checkout says so in Spanish and nothing is charged', async () => {
    await PlanModel.create({ name: 'Quincemeses', duration: 15, benefits: 'Sala', price: 300, renewing: true });
    const member = await createTestUser(config);
    const before = fake.requests.length;
    const res = await request(app)
      .post('/api/payments/create_checkout')
      .set(bearer(member))
      .send({ name: 'Quincemeses' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'Stripe solo renueva planes de 1 a 12 meses, o de 24 o 36 meses. Cambia la duración del plan o véndelo como pago único.',
    );
    expect(fake.requests.length).toBe(before);
  });
});
