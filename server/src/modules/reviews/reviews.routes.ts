import { schemas } from '@pulso/shared';
import { mountRoutes, routeTable } from '../../lib/route-table';
import * as controller from './reviews.controller';

// prettier-ignore
export const reviewsRoutes = routeTable<typeof controller>('/reviews', [
  { route: 'POST /create', access: 'member', body: schemas.reviewForm, ok: [201, schemas.reviewSaved], errors: [400, 404], handler: (c) => c.create, summary: 'Rate a class (a second review replaces the first)' },
]);

export const reviewsRouter = mountRoutes(reviewsRoutes, controller);
