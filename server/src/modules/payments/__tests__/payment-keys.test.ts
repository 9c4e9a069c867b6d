import mongoose, { Types } from 'mongoose';
import request from 'supertest';
import { createTestApp } from '../../../test/app';
import { useTestDatabase } from '../../../test/db';
import { bearer, createTestUser } from '../../../test/fixtures';
import { paymentKeys } from '../../../migrations/003-payment-keys';
import { PlanModel } from '../../plans/plans.model';
import { MEMBER_PAYMENTS, PAYMENT_SESSIONS, paymentKeyDocuments } from '../payment-keys';
import { memberPaymentIds, recordPaymentKeys } from '../payment-lookup';
import { PaymentModel } from '../payments.model';

/**
 * The payments' keys (payment-keys.ts): a member's list of payments is made of places taken by
 * inserts under a unique `_id`, so writers at the same moment never lose an entry on the embedded
 * engine, which isolates no update.
 */
describe('payment keys', () => {
  useTestDatabase();
  const { app, config } = createTestApp();
  const db = () => mongoose.connection.db as mongoose.mongo.Db;
  const entriesOf = async (userId: string) =>
    (await db().collection(MEMBER_PAYMENTS).find({ user: userId }).toArray()) as unknown as {
      n: number;
      payment: Types.ObjectId;
    }[];
  const silent = { info: () => undefined, warn: () => undefined };

  test('when forty payments of one member are recorded at once, then each takes its own place, with no gap, and all are listed', async () => {
    for (let round = 0; round < 3; round++) {
      const user = new Types.ObjectId();
      const payments = Array.from({ length: 40 }, () => new Types.ObjectId());
      const recorded = await Promise.all(
        payments.map((_id) => recordPaymentKeys({ _id, user, sessionId: `cs_${_id.toString()}` })),
      );
      expect(recorded.every(Boolean)).toBe(true);
      const entries = await entriesOf(user.toString());
      expect(entries.map((e) => e.n).sort((a, b) => a - b)).toEqual([...Array(40).keys()]);
      expect(new Set(entries.map((e) => e.payment.toString()))).toEqual(new Set(payments.map(String)));
      const listed = await memberPaymentIds(user.toString(), 200);
      expect(new Set(listed.map(String))).toEqual(new Set(payments.map(String)));
      // Newest first, and the newest `limit` only.
      expect((await memberPaymentIds(user.toString(), 5)).map(String)).toEqual(listed.slice(0, 5).map(String));
    }
  });

  test('when the same session is recorded for two payments at once, then only one of them gets it', async () => {
    const user = new Types.ObjectId();
    const payments = Array.from({ length: 8 }, () => new Types.ObjectId());
    const recorded = await Promise.all(payments.map((_id) => recordPaymentKeys({ _id, user, sessionId: 'cs_shared' })));
    expect(recorded.filter(Boolean)).toHaveLength(1);
    expect(await entriesOf(user.toString())).toHaveLength(1);
  });

  test("when a member's hint is lost or behind, then the list is still found whole and new payments go after it", async () => {
    const user = new Types.ObjectId();
    for (let i = 0; i < 5; i++) {
      const _id = new Types.ObjectId();
      await recordPaymentKeys({ _id, user, sessionId: `cs_${_id.toString()}` });
    }
    await db().collection<{ _id: string }>(MEMBER_PAYMENTS).deleteOne({ _id: user.toString() });
    expect(await memberPaymentIds(user.toString(), 200)).toHaveLength(5);
    const _id = new Types.ObjectId();
    await recordPaymentKeys({ _id, user, sessionId: `cs_${_id.toString()}` });
    expect((await memberPaymentIds(user.toString(), 200))[0]?.toString()).toBe(_id.toString());
  });

  test('when a member starts checkouts for several plans at once, then "Mis pagos" lists every one', async () => {
    const member = await createTestUser(config);
    const plans = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        PlanModel.create({ name: `Plan${i}`, duration: 1, benefits: 'x', price: 10 }),
      ),
    );
    const started = await Promise.all(
      plans.map((p) =>
        request(app).post('/api/payments/create_checkout').set(bearer(member)).send({ planId: p._id.toString() }),
      ),
    );
    expect(started.map((r) => r.status)).toEqual(plans.map(() => 201));
    const mine = await request(app).get('/api/payments/mine').set(bearer(member));
    expect(new Set(mine.body.map((p: { planName: string }) => p.planName))).toEqual(new Set(plans.map((p) => p.name)));
  });

  test('when payments were stored before their keys, then the migration lists them after the keys already there, once', async () => {
    const member = await createTestUser(config);
    const user = new Types.ObjectId(member.id);
    const plan = await PlanModel.create({ name: 'Antiguo', duration: 1, benefits: 'x', price: 10 });
    const old = (i: number) => ({
      _id: new Types.ObjectId(),
      user,
      plan: plan._id,
      planName: 'Antiguo',
      duration: 1,
      amount: 10,
      currency: 'usd',
      provider: 'manual',
      providerSessionId: `old_${member.id}_${i}`,
      status: 'paid',
      createdAt: new Date(Date.now() - (10 - i) * 86_400_000),
      updatedAt: new Date(),
    });
    // One payment with its keys (made by this version), three from before them.
    const recent = await PaymentModel.create({ ...old(9), _id: undefined, createdAt: undefined });
    const before = [old(0), old(1), old(2)];
    await PaymentModel.collection.insertMany(before);

    await paymentKeys.up(db(), silent);
    await paymentKeys.up(db(), silent);
    const entries = await entriesOf(member.id);
    expect(entries.map((e) => e.n).sort()).toEqual([0, 1, 2, 3]);
    expect(entries.find((e) => e.n === 0)?.payment.toString()).toBe(recent._id.toString());
    const listed = (await memberPaymentIds(member.id, 200)).map(String);
    expect(listed).toEqual(
      [...before]
        .reverse()
        .map((p) => p._id.toString())
        .concat(recent._id.toString()),
    );

    const session = await request(app).get(`/api/payments/session/${before[1]?.providerSessionId}`).set(bearer(member));
    expect(session.status).toBe(200);
    const mine = await request(app).get('/api/payments/mine').set(bearer(member));
    expect(mine.body).toHaveLength(4);
    expect(
      await db()
        .collection<{ _id: string }>(PAYMENT_SESSIONS)
        .countDocuments({ _id: { $in: before.map((p) => p.providerSessionId) } }),
    ).toBe(3);
  });

  test("when the benchmark's seed asks for the keys of the payments it writes, then it gets each member's list in order and a session key each", () => {
    const a = new Types.ObjectId();
    const b = new Types.ObjectId();
    const at = (day: number) => new Date(Date.UTC(2026, 0, day));
    const payments = [
      { _id: new Types.ObjectId(), user: a, providerSessionId: 's1', createdAt: at(3) },
      { _id: new Types.ObjectId(), user: b, providerSessionId: 's2', createdAt: at(1) },
      { _id: new Types.ObjectId(), user: a, providerSessionId: 's3', createdAt: at(2) },
    ];
    const keys = paymentKeyDocuments(payments);
    expect(keys.payment_sessions).toEqual(payments.map((p) => ({ _id: p.providerSessionId, payment: p._id })));
    expect(keys.member_payments).toEqual([
      { _id: `${a}:0`, user: a.toString(), n: 0, payment: payments[2]?._id, at: at(2) },
      { _id: `${a}:1`, user: a.toString(), n: 1, payment: payments[0]?._id, at: at(3) },
      { _id: a.toString(), next: 2 },
      { _id: `${b}:0`, user: b.toString(), n: 0, payment: payments[1]?._id, at: at(1) },
      { _id: b.toString(), next: 1 },
    ]);
  });
});
