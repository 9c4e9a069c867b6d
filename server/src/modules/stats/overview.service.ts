import {
  addDays,
  daysOf,
  overviewOf,
  endingSoon,
  expiringEntry,
  OVERVIEW_LIST_LIMIT,
  type DirectoryRow,
  type OverviewDto,
  type OverviewQuery,
} from '@pulso/shared';
import { gymInstant } from '../../lib/gym-time';
import { listBranches } from '../branches/branches.service';
import { findLessons } from '../lessons/lessons.service';
import { failedRenewals, renewingSubscriptions } from '../payments/subscriptions';
import { listAllPlans } from '../plans/plans.service';
import { userDirectory } from '../users/user-directory';
import { storedDays } from './insights';

const inSede = (row: DirectoryRow, sede: string | null) => !sede || row.homeBranch?.id === sede;

/** Memberships about to end (shared `endingSoon`) with no renewal to follow. */
async function expiring(directory: readonly DirectoryRow[], sede: string | null, now: Date) {
  const ending = endingSoon(
    directory.filter((row) => inSede(row, sede)),
    now,
  );
  const renewing = await renewingSubscriptions(ending.flatMap((row) => (row.subscription ? [row.subscription] : [])));
  return ending
    .filter((row) => !(row.subscription && renewing.has(row.subscription)))
    .slice(0, OVERVIEW_LIST_LIMIT)
    .map(expiringEntry);
}

/** Renewals of the sede's members whose charge failed in the period, newest first. */
async function failedPayments(
  directory: readonly DirectoryRow[],
  sede: string | null,
  since: Date,
  until: Date,
): Promise<OverviewDto['failedPayments']> {
  const rows = new Map(directory.map((row) => [row.id, row]));
  return (await failedRenewals(since, until))
    .flatMap((sub) => {
      const row = rows.get(sub.user.toString());
      if (!row || !inSede(row, sede)) return [];
      return [
        {
          id: row.id,
          fullName: row.fullName,
          email: row.email,
          plan: sub.planName,
          amount: sub.amount,
          failedAt: (sub.failedAt as Date).toISOString(),
          status: sub.status,
        },
      ];
    })
    .slice(0, OVERVIEW_LIST_LIMIT);
}

/**
 * The overview of a period (GET /api/stats/overview): its days' sums read by `_id` (stats/insights.ts)
 * and summed by the shared rule, with the lists to act on from the users directory.
 */
export async function getOverview(
  query: OverviewQuery,
  settings: { timeZone: string; currency: string },
  now = new Date(),
): Promise<OverviewDto> {
  const sede = query.branch || null;
  const since = gymInstant(`${query.from}T00:00`, settings.timeZone);
  const until = gymInstant(`${addDays(query.to, 1)}T00:00`, settings.timeZone);
  const [days, plans, branches, active, retired, directory] = await Promise.all([
    storedDays(daysOf(addDays(query.from, -1), query.to)),
    listAllPlans(),
    listBranches(),
    findLessons('all'),
    findLessons('retired'),
    userDirectory(),
  ]);
  const names = {
    plans: new Map(plans.map((p) => [p.id, p.name])),
    sedes: new Map(branches.map((b) => [b.id, b.name])),
    lessons: new Map([...active, ...retired].map((l) => [l._id.toString(), l.name])),
  };
  const inPeriod = days.filter((d) => d.date >= query.from);
  const computedAt = inPeriod.reduce<Date | null>((oldest, d) => (!oldest || d.at < oldest ? d.at : oldest), null);
  return {
    ...overviewOf(days, query, names),
    currency: settings.currency,
    expiring: await expiring(directory, sede, now),
    failedPayments: await failedPayments(directory, sede, since, until),
    computedAt: computedAt ? computedAt.toISOString() : null,
  };
}
