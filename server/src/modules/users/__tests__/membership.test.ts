import mongoose, { Types } from 'mongoose';
import { createTestApp } from '../../../test/app';
import { useTestDatabase } from '../../../test/db';
import { createTestUser } from '../../../test/fixtures';
import { scansDuring } from '../../../test/point-queries';
import { addPurchase, type MembershipPurchase } from '../membership.service';
import { MembershipLinkModel } from '../membership.model';
import { UserModel } from '../users.model';

/**
 * The membership chain (one link per paid purchase, `_id` `<userId>:<seq>`) is read and written by
 * `_id` only: its cost does not grow with the chain's members and links.
 */
describe('membership chain', () => {
  useTestDatabase();
  const { config } = createTestApp();
  afterEach(() => jest.restoreAllMocks());

  const addMonths = (date: Date, months: number) => {
    const end = new Date(date);
    end.setMonth(end.getMonth() + months);
    return end;
  };
  const purchase = (userId: string, months: number, paidAt = new Date()): MembershipPurchase => ({
    paymentId: new Types.ObjectId().toString(),
    userId: new Types.ObjectId(userId),
    plan: { id: new Types.ObjectId(), name: `Plan ${months}`, duration: months },
    paidAt,
  });
  const membershipOf = async (id: string) => (await UserModel.findById(id).lean())?.membership ?? null;

  test('when a purchase is retried after a later one moved the member past its link, then it finds its link again by _id and adds nothing', async () => {
    const member = await createTestUser(config);
    const paidAt = new Date();
    const first = purchase(member.id, 1, paidAt);
    const crash = new mongoose.mongo.MongoNetworkError('connection reset (simulated crash)');
    jest.spyOn(UserModel, 'updateOne').mockRejectedValueOnce(crash);
    await expect(addPurchase(first)).rejects.toThrow('simulated crash');
    const second = await addPurchase(purchase(member.id, 3));
    expect(second?.membership.end).toEqual(addMonths(addMonths(paidAt, 1), 3));

    let retried: Awaited<ReturnType<typeof addPurchase>> = null;
    expect(await scansDuring(async () => (retried = await addPurchase(first)))).toEqual([]);
    expect(retried).toMatchObject({ membership: { start: paidAt, end: addMonths(paidAt, 1) } });
    expect(await MembershipLinkModel.countDocuments({ user: member.id })).toBe(2);
    expect(await membershipOf(member.id)).toMatchObject({ start: paidAt, end: second?.membership.end });
  });

  test('when twelve purchases of one member land at once, each twice, then every month is kept once, reading by _id only', async () => {
    const member = await createTestUser(config);
    const purchases = Array.from({ length: 12 }, (_, i) => purchase(member.id, (i % 3) + 1));
    const scans = await scansDuring(() => Promise.all([...purchases, ...purchases].map((p) => addPurchase(p))));
    expect(scans).toEqual([]);
    const links = await MembershipLinkModel.find({ user: member.id }).lean();
    expect(links.map((l) => l.seq).sort((a, b) => a - b)).toEqual([...Array(12).keys()]);
    expect(new Set(links.map((l) => l.payment)).size).toBe(12);
    const membership = await membershipOf(member.id);
    expect(membership?.end).toEqual(addMonths(membership?.start as Date, 24));
  });
});
