import { Router } from 'express';
import { requireAuth } from '../../middleware/auth';
import * as controller from './reviews.controller';
import { reviewValidator } from './reviews.validators';

export const reviewsRouter = Router();

reviewsRouter.post('/create', requireAuth, reviewValidator, controller.create);
