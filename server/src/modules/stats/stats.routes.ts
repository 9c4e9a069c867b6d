import { Router } from 'express';
import { requireAdmin } from '../../middleware/auth';
import { getStats } from './stats.service';

export const statsRouter = Router();

/** GET /api/stats: the dashboard overview, for admins only. */
statsRouter.get('/', requireAdmin, async (_req, res) => {
  res.set('Cache-Control', 'no-store').json(await getStats());
});
