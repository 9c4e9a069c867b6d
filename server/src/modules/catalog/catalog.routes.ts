import type { RequestHandler } from 'express';
import { schemas } from '@pulso/shared';
import { sendCached } from '../../lib/read-cache';
import { mountRoutes, routeTable } from '../../lib/route-table';
import { listGoals, listTypes } from './catalog.service';

const sendTypes: RequestHandler = async (_req, res) => {
  await sendCached(res, 'types', listTypes);
};

const sendGoals: RequestHandler = async (_req, res) => {
  await sendCached(res, 'goals', listGoals);
};

// prettier-ignore
export const catalogRoutes = routeTable<undefined>('', [
  { route: 'GET /types', access: 'anyone', ok: [200, schemas.namedItem.array()], handler: () => sendTypes, summary: 'Exercise types' },
  { route: 'GET /goals', access: 'anyone', ok: [200, schemas.namedItem.array()], handler: () => sendGoals, summary: 'Training goals' },
]);

export const catalogRouter = mountRoutes(catalogRoutes, undefined);
