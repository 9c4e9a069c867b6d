import { Router } from 'express';
import type { AppContext } from '../../lib/context';
import { requireAdmin } from '../../middleware/auth';
import { lessonsController } from './lessons.controller';
import { lessonFormValidator } from './lessons.validators';

export function lessonsRouter(ctx: AppContext): Router {
  const c = lessonsController(ctx);
  const router = Router();
  router.get('/', c.listAvailable);
  router.get('/all', c.listAll);
  router.get('/retired', requireAdmin, c.listRetired);
  router.get('/detail/:id', c.byId);
  router.post('/create', requireAdmin, lessonFormValidator('create'), c.create);
  router.put('/update/:id', requireAdmin, lessonFormValidator('update'), c.update);
  router.delete('/delete/:id', requireAdmin, c.remove);
  router.put('/restore/:id', requireAdmin, c.restore);
  router.get('/:name', c.byName);
  return router;
}
