import { Router } from 'express';
import { sendCached } from '../../lib/read-cache';
import { listGoals, listTypes } from './catalog.service';

export const typesRouter = Router().get('/', async (_req, res) => {
  await sendCached(res, 'types', listTypes);
});

export const goalsRouter = Router().get('/', async (_req, res) => {
  await sendCached(res, 'goals', listGoals);
});
