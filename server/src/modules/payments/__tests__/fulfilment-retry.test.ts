import mongoose, { Types } from 'mongoose';
import { createTestApp } from '../../../test/app';
import { useTestDatabase } from '../../../test/db';
import { createTestUser } from '../../../test/fixtures';
import { PlanModel } from '../../plans/plans.model';
import { UserModel } from '../../users/users.model';
import { PaymentModel } from '../payments.model';
import { fulfil } from '../payments.service';

/**
 * Faults during fulfilment: the process (or the database) fails after the payment was marked paid
 * but before the membership was written. The provider retries the same event; the retry must
 * finish the job, and activate exactly once however many retries come, one after the other or at
 * once.
 */
describe('payments: a crash during fulfilment is retried without double activation', () => {
  useTestDatabase();
  const { config } = createTestApp();
  const deps = { logger: { warn: () => undefined } };
  let plan: { _id: Types.ObjectId; name: string };

  beforeAll(async () => {
    plan = await PlanModel.create({ name: 'Trimestral', duration: 3, benefits: 'Clases ilimitadas', price: 79.99 });
  });
  afterEach(() => jest.restoreAllMocks());

  async function pendingPayment(userId: string, sessionId: string) {
    return PaymentModel.create({
      user: new Types.ObjectId(userId),
      plan: plan._id,
      planName: plan.name,
      duration: 3,
      amount: 79.99,
      currency: 'usd',
      provider: 'stripe',
      providerSessionId: sessionId,
    });
  }

  /** The next write to a member fails as if the database had gone away mid-fulfilment. */
  function crashOnNextMemberWrite() {
    const crash = new mongoose.mongo.MongoNetworkError('connection reset (simulated crash)');
    return jest.spyOn(UserModel, 'updateOne').mockRejectedValueOnce(crash);
  }

  const membershipOf = async (id: string) => (await UserModel.findById(id).lean())?.membership ?? null;
  const addMonths = (date: Date, months: number) => {
    const end = new Date(date);
    end.setMonth(end.getMonth() + months);
    return end;
  };

  test('when fulfilment dies after "paid" and the event is retried, then the membership is granted once', async () => {
    const member = await createTestUser(config);
    await pendingPayment(member.id, 'cs_crash_new');

    crashOnNextMemberWrite();
    await expect(fulfil('cs_crash_new', 'evt_1', deps)).rejects.toThrow('simulated crash');
    const halfDone = await PaymentModel.findOne({ providerSessionId: 'cs_crash_new' }).lean();
    expect(halfDone?.status).toBe('paid');
    expect(await membershipOf(member.id)).toBeNull();

    const retried = await fulfil('cs_crash_new', 'evt_1', deps);
    expect(retried.activated).toBe(true);
    const paidAt = halfDone?.paidAt as Date;
    const granted = await membershipOf(member.id);
    expect(granted).toMatchObject({ name: 'Trimestral', start: paidAt, end: addMonths(paidAt, 3) });
    expect(granted?.planId.toString()).toBe(plan._id.toString());

    // Stripe keeps retrying until it hears 200: the later deliveries change nothing.
    const replayed = await fulfil('cs_crash_new', 'evt_1', deps);
    expect(replayed.activated).toBe(false);
    expect(await membershipOf(member.id)).toEqual(granted);
    const payment = await PaymentModel.findOne({ providerSessionId: 'cs_crash_new' }).lean();
    expect(payment).toMatchObject({ status: 'paid', membershipStart: paidAt, membershipEnd: addMonths(paidAt, 3) });
  });

  test('when a renewal crashes and several retries arrive at once, then the membership is extended by the plan once', async () => {
    const member = await createTestUser(config);
    const start = new Date(Date.now() - 10 * 24 * 3600 * 1000);
    const end = addMonths(start, 1);
    await UserModel.updateOne(
      { _id: member.id },
      { $set: { membership: { planId: plan._id, name: 'Mensual', start, end } } },
    );
    await pendingPayment(member.id, 'cs_crash_renew');

    crashOnNextMemberWrite();
    await expect(fulfil('cs_crash_renew', 'evt_2', deps)).rejects.toThrow('simulated crash');
    expect(await membershipOf(member.id)).toMatchObject({ start, end });

    const results = await Promise.all([1, 2, 3, 4].map(() => fulfil('cs_crash_renew', 'evt_2', deps)));
    expect(results.filter((r) => r.activated)).toHaveLength(1);
    expect(await membershipOf(member.id)).toMatchObject({ name: 'Trimestral', start, end: addMonths(end, 3) });

    expect((await fulfil('cs_crash_renew', 'evt_2', deps)).activated).toBe(false);
    expect(await membershipOf(member.id)).toMatchObject({ start, end: addMonths(end, 3) });
    expect(await PaymentModel.countDocuments({ providerSessionId: 'cs_crash_renew' })).toBe(1);
  });

  test('when the same pending session is confirmed many times at once, then exactly one confirmation activates it', async () => {
    const member = await createTestUser(config);
    await pendingPayment(member.id, 'cs_race');
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => fulfil('cs_race', `evt_${n}`, deps)));
    expect(results.filter((r) => r.activated)).toHaveLength(1);
    const payment = await PaymentModel.findOne({ providerSessionId: 'cs_race' }).lean();
    const membership = await membershipOf(member.id);
    expect(membership?.end).toEqual(addMonths(membership?.start as Date, 3));
    expect(payment).toMatchObject({
      status: 'paid',
      membershipStart: membership?.start,
      membershipEnd: membership?.end,
    });
  });
});
