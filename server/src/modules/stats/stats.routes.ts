import type { RequestHandler } from 'express';
import { schemas } from '@pulso/shared';
import { mountRoutes, routeTable } from '../../lib/route-table';
import { sedeOf } from '../../middleware/scope';
import { getStats } from './stats.service';

const sendStats: RequestHandler = async (req, res) => {
  res.set('Cache-Control', 'no-store').json(await getStats(new Date(), sedeOf(req.user)));
};

// prettier-ignore
export const statsRoutes = routeTable<undefined>('/stats', [
  { route: 'GET /', access: 'manager', ok: [200, schemas.stats], handler: () => sendStats, summary: "Dashboard overview: active members, classes, sedes, trainers, revenue of the last 30 days, latest messages (a sede manager's: their sede's figures, no messages)" },
]);

export const statsRouter = mountRoutes(statsRoutes, undefined);
