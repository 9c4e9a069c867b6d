import { Router } from 'express';
import type { AppContext } from '../../lib/context';
import { requireAdmin } from '../../middleware/auth';
import { contactController } from './contact.controller';
import { contactValidator } from './contact.validators';

export function contactRouter(ctx: AppContext): Router {
  const c = contactController(ctx);
  const router = Router();
  router.post('/', contactValidator, c.submit);
  router.get('/', requireAdmin, c.list);
  return router;
}
