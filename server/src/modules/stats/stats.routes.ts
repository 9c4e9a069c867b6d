import type { RequestHandler } from 'express';
import { schemas } from '@pulso/shared';
import { mountRoutes, routeTable } from '../../lib/route-table';
import { getStats } from './stats.service';

const sendStats: RequestHandler = async (_req, res) => {
  res.set('Cache-Control', 'no-store').json(await getStats());
};

// prettier-ignore
export const statsRoutes = routeTable<undefined>('/stats', [
  { route: 'GET /', access: 'admin', ok: [200, schemas.stats], handler: () => sendStats, summary: 'Dashboard overview: active members, classes, sedes, trainers, revenue of the last 30 days, latest messages' },
]);

export const statsRouter = mountRoutes(statsRoutes, undefined);
