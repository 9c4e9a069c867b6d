import { Router, type RequestHandler } from 'express';
import type { AppContext } from '../../lib/context';
import { requireAdmin, requireAuth, requireSelfOrAdmin } from '../../middleware/auth';
import { rateLimiter } from '../../middleware/rate-limit';
import { usersController } from './users.controller';
import {
  addLessonValidator,
  createUserValidator,
  forgotValidator,
  resetValidator,
  googleValidator,
  loginValidator,
  updateUserValidator,
} from './users.validators';

export function usersRouter(ctx: AppContext): Router {
  const c = usersController(ctx);
  const router = Router();
  const { config } = ctx;
  // Only failed sign-ins count, so a gym's shared front-desk IP is not locked out by its own staff.
  const loginLimit = rateLimiter(config, 'login', { skipSuccessfulRequests: true });
  const resetLimit = rateLimiter(config, 'passwordReset');
  router.post('/login', loginLimit, loginValidator, c.login);
  // Registration is limited; an admin creating accounts from the dashboard is not.
  router.post(
    '/create',
    rateLimiter(config, 'register', { skip: (req) => req.user?.isAdmin === true }),
    createUserValidator,
    c.create,
  );
  router.post('/google', loginLimit, googleValidator, c.google);
  router.post('/forgot', resetLimit, forgotValidator, c.forgot);
  router.post('/reset', resetLimit, resetValidator, c.reset);
  router.get('/', requireAdmin, c.list);
  router.get('/deleted', requireAdmin, c.listSuspended);
  router.get('/monitor', requireAdmin, c.listMonitors);
  // Changing one's own password is guessing the current one if it fails: it counts as a sign-in.
  const ownPasswordLimit: RequestHandler = (req, res, next) => {
    const body = req.body as { password?: unknown } | undefined;
    const changesOwnPassword = req.user?.id === req.params.id && typeof body?.password === 'string' && body.password;
    return changesOwnPassword ? loginLimit(req, res, next) : next();
  };
  router.put('/update/:id', requireSelfOrAdmin, ownPasswordLimit, updateUserValidator, c.update);
  router.put('/restore/:id', requireAdmin, c.restore);
  router.put('/addlesson/:lessonId', requireAuth, addLessonValidator, c.addLesson);
  router.delete('/delete/:id', requireSelfOrAdmin, c.remove);
  router.get('/:id', requireSelfOrAdmin, c.get);
  return router;
}
