import { Router } from 'express';
import type { AppContext } from '../../lib/context';
import { requireAdmin, requireAuth, requireSelfOrAdmin } from '../../middleware/auth';
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
  router.post('/login', loginValidator, c.login);
  router.post('/create', createUserValidator, c.create);
  router.post('/google', googleValidator, c.google);
  router.post('/forgot', forgotValidator, c.forgot);
  router.post('/reset', resetValidator, c.reset);
  router.get('/', requireAdmin, c.list);
  router.get('/deleted', requireAdmin, c.listSuspended);
  router.get('/monitor', requireAdmin, c.listMonitors);
  router.put('/update/:id', requireSelfOrAdmin, updateUserValidator, c.update);
  router.put('/restore/:id', requireAdmin, c.restore);
  router.put('/addlesson/:lessonId', requireAuth, addLessonValidator, c.addLesson);
  router.delete('/delete/:id', requireSelfOrAdmin, c.remove);
  router.get('/:id', requireSelfOrAdmin, c.get);
  return router;
}
