import { Router } from 'express';
import type { AppContext } from '../../lib/context';
import { requireAdmin, requireAuth } from '../../middleware/auth';
import { paymentsController } from './payments.controller';
import { checkoutValidator, manualPaymentValidator } from './payments.validators';

export function paymentsRouter(ctx: AppContext): Router {
  const c = paymentsController(ctx);
  const router = Router();
  router.post('/create_checkout', requireAuth, checkoutValidator, c.createCheckout);
  router.get('/session/:sessionId', requireAuth, c.getSession);
  router.post('/demo/:sessionId/confirm', requireAuth, c.confirmDemo);
  router.post('/demo/:sessionId/cancel', requireAuth, c.cancelDemo);
  router.get('/mine', requireAuth, c.mine);
  router.get('/', requireAdmin, c.list);
  router.post('/manual', requireAdmin, manualPaymentValidator, c.manual);
  return router;
}
