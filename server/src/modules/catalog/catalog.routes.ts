import type { RequestHandler } from 'express';
import { schemas } from '@pulso/shared';
import { wholeModel } from '../../lib/read-models';
import { mountRoutes, routeTable } from '../../lib/route-table';
import { listGoals, listTypes } from './catalog.service';

// Written only by the seed: the full rebuild at start-up makes them.
const types = wholeModel('types', listTypes);
const goals = wholeModel('goals', listGoals);

const sendTypes: RequestHandler = async (_req, res) => {
  await types.send(res);
};

const sendGoals: RequestHandler = async (_req, res) => {
  await goals.send(res);
};

// prettier-ignore
export const catalogRoutes = routeTable<undefined>('', [
  { route: 'GET /types', access: 'anyone', ok: [200, schemas.namedItem.array()], handler: () => sendTypes, summary: 'Exercise types' },
  { route: 'GET /goals', access: 'anyone', ok: [200, schemas.namedItem.array()], handler: () => sendGoals, summary: 'Training goals' },
]);

export const catalogRouter = mountRoutes(catalogRoutes, undefined);
