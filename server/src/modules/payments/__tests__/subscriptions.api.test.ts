import { Types } from 'mongoose';
import request from 'supertest';
import { createTestApp } from '../../../test/app';
import { useTestDatabase } from '../../../test/db';
import { bearer, createTestUser, type TestUser } from '../../../test/fixtures';
import { expectMatchesOpenApi } from '../../../test/openapi';
import type { Mail } from '../../../lib/mailer';
import { PlanModel } from '../../plans/plans.model';
import { UserModel } from '../../users/users.model';
import { PaymentModel } from '../payments.model';
import { fulfilDeps } from '../payments.service';
import { runRenewals, type RenewalDeps } from '../renewals';
import { sendMembershipReminders } from '../../users/membership-reminders';
import { mailDate } from '../../../lib/mailer';
import { SubscriptionModel } from '../subscriptions.model';

const DAY = 86_400_000;
const MINUTE = 60_000;
const day = (ms: number) => mailDate(new Date(ms));

describe('renewing plans with the demo checkout: charged again by the job runner, dunning, grace, lapse, cancellation', () => {
  useTestDatabase();
  const { app, config, ctx } = createTestApp({ RENEWAL_GRACE_DAYS: '5' });
  const sent: Mail[] = [];
  const mailer = {
    delivering: true,
    send: async (mail: Mail) => {
      sent.push(mail);
    },
  };
  const deps: RenewalDeps = {
    mailer,
    gymName: 'Pulso',
    publicUrl: 'https://gym.example',
    graceDays: 5,
    fulfil: { ...fulfilDeps(ctx, console), mailer },
  };
  let monthly: { id: string };

  beforeAll(async () => {
    const plan = await PlanModel.create({
      name: 'Mensual',
      duration: 1,
      benefits: 'Sala',
      price: 30,
      renewing: true,
    });
    monthly = { id: plan._id.toString() };
    await PlanModel.create({ name: 'Trimestral', duration: 3, benefits: 'Sala', price: 80, renewing: true });
  });
  beforeEach(() => {
    sent.length = 0;
  });

  /** A member who buys the monthly plan through the demo checkout (its card failing, if asked). */
  async function subscriber(failRenewals = false): Promise<TestUser> {
    const member = await createTestUser(config);
    const started = await request(app)
      .post('/api/payments/create_checkout')
      .set(bearer(member))
      .send({ planId: monthly.id });
    expect(started.status).toBe(201);
    const sessionId = String(started.body.redirect_url).split('/').pop();
    await request(app)
      .post(`/api/payments/demo/${sessionId}/confirm`)
      .set(bearer(member))
      .send(failRenewals ? { failRenewals: true } : {})
      .expect(200);
    return member;
  }
  const mine = async (member: TestUser) => {
    const res = await request(app).get('/api/subscriptions/mine').set(bearer(member)).expect(200);
    expectMatchesOpenApi('GET', '/subscriptions/mine', res);
    return res.body.subscription;
  };
  const membershipOf = async (member: TestUser) =>
    (await request(app).get(`/api/users/${member.id}`).set(bearer(member)).expect(200)).body.membresia;
  const paymentsOf = (member: TestUser) => PaymentModel.find({ user: new Types.ObjectId(member.id) }).lean();

  test('when a member buys a renewing plan, then it renews when due, once however many runs go at once, and the membership goes on without a gap', async () => {
    const member = await subscriber();
    const first = await mine(member);
    const before = await membershipOf(member);
    expect(first).toMatchObject({ planName: 'Mensual', status: 'active', provider: 'demo', cancelAtPeriodEnd: false });
    expect(first.renewsAt).toBe(before.end);
    expect(first.paidThrough).toBe(before.end);

    // Not due yet: nothing.
    await runRenewals(deps, new Date(Date.parse(before.end) - MINUTE));
    expect(await paymentsOf(member)).toHaveLength(1);

    // Due: six runs at once (as several servers would) charge it once.
    const due = new Date(Date.parse(before.end) + MINUTE);
    await Promise.all(Array.from({ length: 6 }, () => runRenewals(deps, due)));
    const payments = await paymentsOf(member);
    expect(payments).toHaveLength(2);
    const renewal = payments.find((p) => p.renewal);
    expect(renewal).toMatchObject({
      status: 'paid',
      amount: 30,
      planName: 'Mensual',
      receiptNumber: expect.any(Number),
    });
    const after = await membershipOf(member);
    expect(after.start).toBe(before.start);
    const expectedEnd = new Date(before.end);
    expectedEnd.setMonth(expectedEnd.getMonth() + 1);
    expect(after.end).toBe(expectedEnd.toISOString());
    expect(renewal?.membershipStart?.toISOString()).toBe(before.end);
    expect(await mine(member)).toMatchObject({ status: 'active', renewsAt: after.end, paidThrough: after.end });
    // The receipt e-mail of the renewal, with its PDF.
    expect(sent.filter((m) => m.subject.includes('recibo'))).toHaveLength(1);
    expect(sent[0]?.attachments?.[0]?.filename).toMatch(/^recibo-\d{6}\.pdf$/);

    // Again at the same moment: nothing more.
    await runRenewals(deps, due);
    expect(await paymentsOf(member)).toHaveLength(2);
  });

  test('when the card fails, then the member is e-mailed once, keeps access through the grace period, and the membership lapses after it', async () => {
    const member = await subscriber(true);
    const before = await membershipOf(member);
    const end = Date.parse(before.end);

    await runRenewals(deps, new Date(end + MINUTE));
    await runRenewals(deps, new Date(end + 2 * MINUTE));
    const pastDue = await mine(member);
    expect(pastDue).toMatchObject({ status: 'past_due', cardFailing: true, renewsAt: before.end });
    expect(pastDue.graceUntil).toBe(new Date(end + 5 * DAY).toISOString());
    const dunning = sent.filter((m) => m.subject === 'Pulso: no pudimos cobrar la renovación de tu plan Mensual');
    expect(dunning).toHaveLength(1);
    expect(dunning[0]?.text).toContain('Actualiza tu tarjeta desde tu perfil: https://gym.example/profile');
    expect(await paymentsOf(member)).toHaveLength(1);
    // Access runs to the end of the grace, past the membership's end.
    const stored = await UserModel.findById(member.id).lean();
    expect(stored?.membership?.graceUntil?.toISOString()).toBe(pastDue.graceUntil);
    // Its state is told as such once its end passed (the spec's status stays 'Activo': access).
    await UserModel.updateOne(
      { _id: member.id },
      {
        $set: { 'membership.end': new Date(Date.now() - MINUTE), 'membership.graceUntil': new Date(Date.now() + DAY) },
      },
    );
    expect(await membershipOf(member)).toMatchObject({ status: 'Activo', state: 'Pago pendiente' });
    await UserModel.updateOne(
      { _id: member.id },
      { $set: { 'membership.end': new Date(end), 'membership.graceUntil': new Date(pastDue.graceUntil) } },
    );

    // Retried daily meanwhile (still failing: no second e-mail for the same charge).
    await runRenewals(deps, new Date(end + DAY + 2 * MINUTE));
    expect(sent.filter((m) => m.subject.includes('no pudimos cobrar'))).toHaveLength(1);

    // The grace ends unpaid: lapsed, access ends, the member is told once.
    await runRenewals(deps, new Date(end + 5 * DAY + MINUTE));
    expect(await mine(member)).toMatchObject({ status: 'lapsed', renewsAt: null, endedAt: expect.any(String) });
    expect((await UserModel.findById(member.id).lean())?.membership?.graceUntil).toBeUndefined();
    expect(sent.filter((m) => m.subject === 'Pulso: tu plan Mensual venció por falta de pago')).toHaveLength(1);
    await UserModel.updateOne({ _id: member.id }, { $set: { 'membership.end': new Date(Date.now() - MINUTE) } });
    expect(await membershipOf(member)).toMatchObject({ status: 'Inactivo', state: 'Vencida' });
    await UserModel.updateOne({ _id: member.id }, { $set: { 'membership.end': new Date(end) } });
    await runRenewals(deps, new Date(end + 6 * DAY));
    expect(sent.filter((m) => m.subject.includes('venció por falta de pago'))).toHaveLength(1);
    expect(await paymentsOf(member)).toHaveLength(1);
  });

  test('when the member fixes the demo card while a charge is past due, then it is charged at once and the membership goes on from its end', async () => {
    const member = await subscriber(true);
    const before = await membershipOf(member);
    await runRenewals(deps, new Date(Date.parse(before.end) + MINUTE));
    expect((await mine(member)).status).toBe('past_due');

    const fixed = await request(app).put('/api/subscriptions/mine/card').set(bearer(member)).send({ failing: false });
    expect(fixed.status).toBe(200);
    expectMatchesOpenApi('PUT', '/subscriptions/mine/card', fixed);
    expect(fixed.body.message).toBe('Tarjeta de demostración actualizada');
    expect(fixed.body.subscription).toMatchObject({ status: 'active', cardFailing: false, graceUntil: null });
    const after = await membershipOf(member);
    expect(after.start).toBe(before.start);
    expect(Date.parse(after.end)).toBeGreaterThan(Date.parse(before.end));
    expect((await paymentsOf(member)).filter((p) => p.status === 'paid')).toHaveLength(2);
  });

  test('when the member stops the renewal, then it runs to its end and is not charged again; restarted before then, it renews', async () => {
    const member = await subscriber();
    const before = await membershipOf(member);
    const cancelled = await request(app).post('/api/subscriptions/mine/cancel').set(bearer(member));
    expect(cancelled.status).toBe(200);
    expectMatchesOpenApi('POST', '/subscriptions/mine/cancel', cancelled);
    expect(cancelled.body.message).toMatch(
      /^Listo: tu plan no se renovará\. Sigue activo hasta el \d{2}\/\d{2}\/\d{4}\.$/,
    );
    expect(cancelled.body.subscription).toMatchObject({
      cancelAtPeriodEnd: true,
      renewsAt: null,
      canceledAt: expect.any(String),
    });

    const resumed = await request(app).post('/api/subscriptions/mine/resume').set(bearer(member)).expect(200);
    expect(resumed.body.subscription).toMatchObject({ cancelAtPeriodEnd: false, renewsAt: before.end });
    await request(app).post('/api/subscriptions/mine/cancel').set(bearer(member)).expect(200);

    // The admin sees who stopped it and when.
    const admin = await createTestUser(config, { isAdmin: true });
    const list = await request(app).get('/api/subscriptions').set(bearer(admin)).expect(200);
    expectMatchesOpenApi('GET', '/subscriptions', list);
    expect(list.body.find((s: { userId: string }) => s.userId === member.id)).toMatchObject({
      cancelAtPeriodEnd: true,
      canceledAt: expect.any(String),
      memberName: expect.any(String),
    });

    await runRenewals(deps, new Date(Date.parse(before.end) + MINUTE));
    expect(await mine(member)).toMatchObject({ status: 'canceled', renewsAt: null });
    expect(await paymentsOf(member)).toHaveLength(1);
    // Ended: nothing left to stop.
    expect((await request(app).post('/api/subscriptions/mine/cancel').set(bearer(member))).status).toBe(404);
  });

  test('when a member with a renewing plan opens another renewing plan, then it is refused; without one, /mine says null', async () => {
    const member = await subscriber();
    const again = await request(app)
      .post('/api/payments/create_checkout')
      .set(bearer(member))
      .send({ name: 'Trimestral' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      'Ya tienes un plan con renovación automática. Cancela su renovación antes de contratar otro que se renueve.',
    );
    const nobody = await createTestUser(config);
    expect(await mine(nobody)).toBeNull();
    expect(
      (await request(app).put('/api/subscriptions/mine/card').set(bearer(nobody)).send({ failing: true })).status,
    ).toBe(404);
    expect(await SubscriptionModel.countDocuments({ user: new Types.ObjectId(nobody.id) })).toBe(0);
  });

  test('when a renewing plan nears its end, then the member is told of the charge once instead of the end, and no lapse is sent during the grace', async () => {
    const member = await subscriber(true);
    const end = Date.parse((await membershipOf(member)).end);
    const reminders = (at: number) =>
      sendMembershipReminders(
        { mailer, gymName: 'Pulso', publicUrl: 'https://gym.example', reminderDays: [7, 1] },
        new Date(at),
      );
    const to = () => sent.filter((m) => m.to === member.email);
    await reminders(end - 6 * DAY);
    await reminders(end - 6 * DAY + MINUTE);
    await reminders(end - 12 * 3_600_000);
    expect(to().map((m) => m.subject)).toEqual([`Pulso: tu plan Mensual se renueva el ${day(end)}`]);
    expect(to()[0]?.text).toContain('cobraremos 30.00 USD');

    // The charge fails: the dunning e-mail, and no 'venció' while the grace runs.
    await runRenewals(deps, new Date(end + MINUTE));
    await reminders(end + 2 * MINUTE);
    await reminders(end + DAY);
    expect(to().map((m) => m.subject)).toEqual([
      `Pulso: tu plan Mensual se renueva el ${day(end)}`,
      'Pulso: no pudimos cobrar la renovación de tu plan Mensual',
    ]);
  });

  test('when the front desk sells a renewing plan, then it is paid for one period and nothing renews by itself', async () => {
    const admin = await createTestUser(config, { isAdmin: true });
    const member = await createTestUser(config);
    await request(app)
      .post('/api/payments/manual')
      .set(bearer(admin))
      .send({ userId: member.id, planId: monthly.id })
      .expect(201);
    expect(await mine(member)).toBeNull();
    expect((await membershipOf(member)).name).toBe('Mensual');
  });
});
