import type { RequestHandler } from 'express';
import { schemas, type HealthDto, type ReadyDto } from '@pulso/shared';
import { pingDatabase } from '../../lib/db';
import { mountRoutes, routeTable } from '../../lib/route-table';

const sendHealth: RequestHandler = (_req, res) => {
  const body: HealthDto = { status: 'ok', uptime: Math.round(process.uptime()) };
  res.json(body);
};

/** 503 when the database does not answer, so a load balancer stops sending traffic. */
const sendReady: RequestHandler = async (_req, res) => {
  const up = await pingDatabase();
  const body: ReadyDto = { status: up ? 'ready' : 'unavailable', database: up ? 'up' : 'down' };
  res
    .status(up ? 200 : 503)
    .set('Cache-Control', 'no-store')
    .json(body);
};

// prettier-ignore
export const healthRoutes = routeTable<undefined>('', [
  { route: 'GET /health', access: 'anyone', sessionless: true, ok: [200, schemas.health], handler: () => sendHealth, summary: 'The process is up' },
  { route: 'GET /ready',  access: 'anyone', sessionless: true, ok: [200, schemas.ready], handler: () => sendReady, summary: 'The database answers (503 otherwise)' },
]);

export const healthRouter = mountRoutes(healthRoutes, undefined);
