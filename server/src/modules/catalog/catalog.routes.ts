import { Router } from 'express';
import { listGoals, listTypes } from './catalog.service';

export const typesRouter = Router().get('/', async (_req, res) => {
  res.json(await listTypes());
});

export const goalsRouter = Router().get('/', async (_req, res) => {
  res.json(await listGoals());
});
