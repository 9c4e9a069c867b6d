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
import { gymDate, gymInstant } from '../../lib/gym-time';
import { readCache } from '../../lib/read-cache';
import { listBranches } from '../branches/branches.service';
import { failedRenewals, renewingSubscriptions } from '../payments/subscriptions';
import { listAllPlans } from '../plans/plans.service';
import { userDirectory } from '../users/user-directory';
import { REFRESH_DAYS, storedDays, type InsightsMeta, type StoredDay } from './insights';

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
  const failed = await failedRenewals(since, until);
  if (failed.length === 0) return [];
  const rows = new Map(directory.map((row) => [row.id, row]));
  return failed
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

/** Plans' and sedes' names, through the read cache (a write to either drops them). */
const namesOf = () =>
  readCache.get('stats:names', async () => {
    const [plans, branches] = await Promise.all([listAllPlans(), listBranches()]);
    return {
      plans: plans.map((p): [string, string] => [p.id, p.name]),
      sedes: branches.map((b): [string, string] => [b.id, b.name]),
    };
  });

/** The figures of the latest periods asked, with what they were summed from. */
const FIGURES_KEPT = 32;
const figuresKept = new Map<string, { from: string; figures: ReturnType<typeof overviewOf> }>();

/**
 * A period's figures (shared `overviewOf`), kept while the same days at the same revisions and the
 * same names would sum them again: a year is 367 days of facts, tens of milliseconds to sum.
 */
function figuresOf(days: readonly StoredDay[], query: OverviewQuery, names: Parameters<typeof overviewOf>[2]) {
  const key = `${query.from}|${query.to}|${query.branch}`;
  const from = JSON.stringify([days.map((day) => `${day._id}@${day.rev}`), [...names.plans], [...names.sedes]]);
  const kept = figuresKept.get(key);
  if (kept?.from === from) return kept.figures;
  const figures = overviewOf(days, query, names);
  figuresKept.delete(key);
  figuresKept.set(key, { from, figures });
  if (figuresKept.size > FIGURES_KEPT) figuresKept.delete(figuresKept.keys().next().value as string);
  return figures;
}

/**
 * When the period's figures were summed: its latest days by the last run, its older ones by the
 * last run over the whole history (null: that never happened under the current rule).
 */
function computedAtOf(meta: InsightsMeta | null, query: OverviewQuery, today: string): string | null {
  if (!meta) return null;
  const recent = query.from >= addDays(today, -(REFRESH_DAYS - 1));
  return (recent ? meta.summedAt : meta.fullAt).toISOString();
}

/**
 * The overview of a period (GET /api/stats/overview): its days' sums read by `_id` (stats/insights.ts)
 * and summed by the shared rule, with the lists to act on from the users directory. Classes are
 * named by their sessions' facts, so no class is read.
 */
export async function getOverview(
  query: OverviewQuery,
  settings: { timeZone: string; currency: string },
  now = new Date(),
): Promise<OverviewDto> {
  const sede = query.branch || null;
  const since = gymInstant(`${query.from}T00:00`, settings.timeZone);
  const until = gymInstant(`${addDays(query.to, 1)}T00:00`, settings.timeZone);
  const [{ days, meta }, { plans, sedes }, directory] = await Promise.all([
    storedDays(daysOf(addDays(query.from, -1), query.to)),
    namesOf(),
    userDirectory(),
  ]);
  const names = { plans: new Map(plans), sedes: new Map(sedes), lessons: new Map<string, string>() };
  return {
    ...figuresOf(days, query, names),
    currency: settings.currency,
    expiring: await expiring(directory, sede, now),
    failedPayments: await failedPayments(directory, sede, since, until),
    computedAt: computedAtOf(meta, query, gymDate(now, settings.timeZone)),
  };
}
