import type { RequestHandler } from 'express';
import { schemas, type HealthDto, type ReadyDto } from '@pulso/shared';
import { pingDatabase } from '../../lib/db';
import type { Lifecycle } from '../../lib/lifecycle';
import { mountRoutes, routeTable } from '../../lib/route-table';

const sendHealth: RequestHandler = (_req, res) => {
  const body: HealthDto = { status: 'ok', uptime: Math.round(process.uptime()) };
  res.json(body);
};

/**
 * 503 when the database does not answer or the process is draining before it stops, so a load
 * balancer stops sending traffic (requests that still come are served).
 */
function sendReady(lifecycle: Lifecycle): RequestHandler {
  return async (_req, res) => {
    const up = await pingDatabase();
    const database = up ? 'up' : 'down';
    const body: ReadyDto = lifecycle.draining
      ? { status: 'draining', database }
      : { status: up ? 'ready' : 'unavailable', database };
    res
      .status(body.status === 'ready' ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json(body);
  };
}

// prettier-ignore
export const healthRoutes = routeTable<Lifecycle>('', [
  { route: 'GET /health', access: 'anyone', sessionless: true, ok: [200, schemas.health], handler: () => sendHealth, summary: 'The process is up' },
  { route: 'GET /ready',  access: 'anyone', sessionless: true, ok: [200, schemas.ready], handler: (lifecycle) => sendReady(lifecycle), summary: 'The database answers and the process is not stopping (503 otherwise)' },
]);

export function healthRouter(lifecycle: Lifecycle) {
  return mountRoutes(healthRoutes, lifecycle);
}
