import { Router } from 'express';
import type { HealthDto, ReadyDto } from '@pulso/shared';
import { pingDatabase } from '../../lib/db';

export const healthRouter = Router();

/** The process is up. */
healthRouter.get('/health', (_req, res) => {
  const body: HealthDto = { status: 'ok', uptime: Math.round(process.uptime()) };
  res.json(body);
});

/** The database answers; 503 otherwise, so a load balancer stops sending traffic. */
healthRouter.get('/ready', async (_req, res) => {
  const up = await pingDatabase();
  const body: ReadyDto = { status: up ? 'ready' : 'unavailable', database: up ? 'up' : 'down' };
  res
    .status(up ? 200 : 503)
    .set('Cache-Control', 'no-store')
    .json(body);
});
