import { Router } from 'express';
import type { AppContext } from '../../lib/context';
import { requireAdmin } from '../../middleware/auth';
import { branchesController } from './branches.controller';
import { branchFormValidator } from './branches.validators';

export function branchesRouter(ctx: AppContext): Router {
  const c = branchesController(ctx);
  const router = Router();
  router.get('/', c.list);
  router.post('/create', requireAdmin, branchFormValidator('create'), c.create);
  router.put('/update/:id', requireAdmin, branchFormValidator('update'), c.update);
  router.delete('/delete/:id', requireAdmin, c.remove);
  router.get('/:id', c.get);
  return router;
}
