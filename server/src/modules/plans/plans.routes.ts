import { Router } from 'express';
import { requireAdmin } from '../../middleware/auth';
import * as controller from './plans.controller';
import { planValidator } from './plans.validators';

export const plansRouter = Router();

plansRouter.get('/', controller.list);
plansRouter.get('/all', requireAdmin, controller.listAll);
plansRouter.post('/create', requireAdmin, planValidator, controller.create);
plansRouter.put('/update/:id', requireAdmin, planValidator, controller.update);
plansRouter.delete('/delete/:id', requireAdmin, controller.remove);
plansRouter.put('/restore/:id', requireAdmin, controller.restore);
plansRouter.get('/:id', controller.get);
