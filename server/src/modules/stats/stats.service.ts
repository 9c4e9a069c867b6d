import { trusted } from 'mongoose';
import type { StatsDto } from '@pulso/shared';
import { BranchModel } from '../branches/branches.model';
import { listMessages } from '../contact/contact.service';
import { LessonModel } from '../lessons/lessons.model';
import { PaymentModel } from '../payments/payments.model';
import { UserModel } from '../users/users.model';

const DAY = 86_400_000;
export const REVENUE_DAYS = 30;
export const LATEST_MESSAGES = 5;

interface RevenueRow {
  _id: string;
  amount: number;
}

/**
 * Paid payments in [since, now] summed per currency. The count per currency is a separate indexed
 * count: FerretDB, the embedded engine, answers 0 for a constant `$sum: 1` accumulator.
 */
async function revenue(since: Date, now: Date): Promise<StatsDto['revenueLast30Days']> {
  const paid = { status: 'paid', paidAt: trusted({ $gte: since, $lte: now }) };
  const rows = await PaymentModel.aggregate<RevenueRow>([
    { $match: { status: 'paid', paidAt: { $gte: since, $lte: now } } },
    { $group: { _id: '$currency', amount: { $sum: '$amount' } } },
    { $sort: { _id: 1 } },
  ]);
  return Promise.all(
    rows.map(async (row) => ({
      currency: row._id,
      // Rounded to cents, so the float noise of a sum (0.1 + 0.2) never reaches the screen.
      amount: Math.round(row.amount * 100) / 100,
      payments: await PaymentModel.countDocuments({ ...paid, currency: row._id }),
    })),
  );
}

/** The dashboard overview: indexed counts, the grouped revenue and the latest messages, side by side. */
export async function getStats(now = new Date()): Promise<StatsDto> {
  const since = new Date(now.getTime() - REVENUE_DAYS * DAY);
  const [activeMembers, classes, sedes, trainers, revenueLast30Days, latestMessages] = await Promise.all([
    UserModel.countDocuments({ deletedAt: null, 'membership.end': trusted({ $gt: now }) }),
    LessonModel.countDocuments({ deletedAt: null }),
    BranchModel.countDocuments({}),
    UserModel.countDocuments({ deletedAt: null, isMonitor: true }),
    revenue(since, now),
    listMessages(LATEST_MESSAGES),
  ]);
  return {
    activeMembers,
    classes,
    sedes,
    trainers,
    revenueLast30Days,
    latestMessages,
    generatedAt: now.toISOString(),
  };
}
