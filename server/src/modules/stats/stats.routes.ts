import type { RequestHandler } from 'express';
import { parseOverviewQuery, schemas } from '@pulso/shared';
import type { AppContext } from '../../lib/context';
import { gymDate } from '../../lib/gym-time';
import { mountRoutes, routeTable, type QueryParameter } from '../../lib/route-table';
import { listQuery } from '../../lib/validate';
import { outOfScope, sedeOf } from '../../middleware/scope';
import { getOverview } from './overview.service';
import { getStats } from './stats.service';

const sendStats: RequestHandler = async (req, res) => {
  res.set('Cache-Control', 'no-store').json(await getStats(new Date(), sedeOf(req.user)));
};

function statsController(ctx: Pick<AppContext, 'config'>) {
  const settings = { timeZone: ctx.config.bookings.timeZone, currency: ctx.config.currency };
  const sendOverview: RequestHandler = async (req, res) => {
    const now = new Date();
    const query = listQuery(req, (raw) => parseOverviewQuery(raw, gymDate(now, settings.timeZone)));
    // A sede manager's figures are their sede's: another sede's are refused, none asked means theirs.
    const sede = sedeOf(req.user);
    if (sede && query.branch && query.branch !== sede) throw outOfScope();
    res
      .set('Cache-Control', 'no-store')
      .json(await getOverview({ ...query, branch: sede ?? query.branch }, settings, now));
  };
  return { sendStats: () => sendStats, sendOverview: () => sendOverview };
}

const OVERVIEW_QUERY: QueryParameter[] = [
  { name: 'days', description: "The last N days (1 to 366) to the gym's today, today included; not with from or to" },
  { name: 'from', description: 'The first gym date (YYYY-MM-DD); 30 days to `to` by default' },
  { name: 'to', description: "The last gym date (YYYY-MM-DD); the gym's today by default" },
  { name: 'branch', description: "A sede's id: that sede's figures (a sede's staff always get their own)" },
];

// prettier-ignore
export const statsRoutes = routeTable<ReturnType<typeof statsController>>('/stats', [
  { route: 'GET /', access: 'manager', ok: [200, schemas.stats], handler: (c) => c.sendStats(), summary: "Dashboard overview: active members, classes, sedes, trainers, revenue of the last 30 days, latest messages (a sede manager's: their sede's figures, no messages)" },
  { route: 'GET /overview', access: 'manager', query: OVERVIEW_QUERY, errors: [400], ok: [200, schemas.overview], handler: (c) => c.sendOverview(), summary: "The overview's charts for a period and a sede: revenue by plan and sede, members over time with churn, occupancy and attendance by weekday and hour, the fullest and emptiest classes, memberships about to end and failed renewals (a sede manager's: their sede's)" },
]);

export const statsRouter = (ctx: AppContext) => mountRoutes(statsRoutes, statsController(ctx));
