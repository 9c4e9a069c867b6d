import { schemas, type StatsDto } from '@pulso/shared';
import type { MockData } from '../db';
import { latestMessages } from '../mappers';
import type { Route } from '../route';
import { mockOverview } from './stats-overview';

/** The stats module (server/src/modules/stats): the dashboard's overview. */

const DAY = 86_400_000;

function stats(data: MockData, now = new Date()): StatsDto {
  const since = new Date(now.getTime() - 30 * DAY);
  const revenue = new Map<string, { amount: number; payments: number }>();
  for (const p of data.payments) {
    if (p.status !== 'paid' || !p.paidAt) continue;
    const paidAt = new Date(p.paidAt);
    if (paidAt < since || paidAt > now) continue;
    const row = revenue.get(p.currency) ?? { amount: 0, payments: 0 };
    row.amount += p.amount;
    row.payments += 1;
    revenue.set(p.currency, row);
  }
  return {
    activeMembers: data.users.filter((u) => !u.deletedAt && u.membership && new Date(u.membership.end) > now).length,
    classes: data.lessons.filter((l) => !l.deletedAt).length,
    sedes: data.branches.length,
    trainers: data.users.filter((u) => !u.deletedAt && u.isMonitor).length,
    revenueLast30Days: [...revenue.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([currency, r]) => ({ currency, amount: Math.round(r.amount * 100) / 100, payments: r.payments })),
    latestMessages: latestMessages(data, 5),
    generatedAt: now.toISOString(),
  };
}

export const statsHandlers = (route: Route) => [
  route('GET /stats', { access: 'manager', ok: [200, schemas.stats] }, ({ data }) => stats(data)),
  route('GET /stats/overview', { access: 'manager', ok: [200, schemas.overview] }, ({ data, url, user, config }) =>
    mockOverview(data, url, user, config.currency),
  ),
];
