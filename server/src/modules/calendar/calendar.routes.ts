import { Router } from 'express';
import { requireAdmin, requireAuth } from '../../middleware/auth';
import * as controller from './calendar.controller';
import { eventValidator } from './calendar.validators';

export const calendarRouter = Router();

calendarRouter.get('/', requireAuth, controller.list);
calendarRouter.post('/', requireAdmin, eventValidator, controller.create);
calendarRouter.delete('/:id', requireAdmin, controller.remove);
