import { Router } from 'express';
import type { AppContext } from '../../lib/context';
import { requireAdmin } from '../../middleware/auth';
import { rateLimiter } from '../../middleware/rate-limit';
import { contactController } from './contact.controller';
import { contactValidator } from './contact.validators';

export function contactRouter(ctx: AppContext): Router {
  const c = contactController(ctx);
  const router = Router();
  router.post('/', rateLimiter(ctx.config, 'contact'), contactValidator, c.submit);
  router.get('/', requireAdmin, c.list);
  return router;
}
