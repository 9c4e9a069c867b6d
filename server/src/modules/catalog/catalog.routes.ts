import { Router } from 'express';
import { sendCached } from '../../lib/read-cache';
import { listGoals, listTypes } from './catalog.service';
import { GoalModel, LessonTypeModel } from './catalog.model';

export const typesRouter = Router().get('/', async (_req, res) => {
  await sendCached(res, 'types', [LessonTypeModel], listTypes);
});

export const goalsRouter = Router().get('/', async (_req, res) => {
  await sendCached(res, 'goals', [GoalModel], listGoals);
});
