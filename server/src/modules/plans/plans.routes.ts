import { Router } from 'express';
import * as controller from './plans.controller';

export const plansRouter = Router();

plansRouter.get('/', controller.list);
