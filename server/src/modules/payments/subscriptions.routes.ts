import { schemas } from '@pulso/shared';
import type { AppContext } from '../../lib/context';
import { mountRoutes, routeTable } from '../../lib/route-table';
import { subscriptionsController } from './subscriptions.controller';

// prettier-ignore
export const subscriptionsRoutes = routeTable<ReturnType<typeof subscriptionsController>>('/subscriptions', [
  { route: 'GET /mine',         access: 'signed-in', ok: [200, schemas.mySubscription], handler: (c) => c.mine, summary: "The caller's renewing plan: the one running, or the last one ended (null: none)" },
  { route: 'POST /mine/cancel', access: 'signed-in', ok: [200, schemas.subscriptionSaved], errors: [404, 503], handler: (c) => c.cancel, summary: "Stop the renewal of the caller's plan: it runs to the end of the period paid for" },
  { route: 'POST /mine/resume', access: 'signed-in', ok: [200, schemas.subscriptionSaved], errors: [404, 503], handler: (c) => c.resume, summary: 'Renew again a plan whose renewal was stopped and has not ended' },
  { route: 'PUT /mine/card',    access: 'signed-in', body: schemas.demoCardForm, ok: [200, schemas.subscriptionSaved], errors: [400, 404, 409], handler: (c) => c.card, summary: "The demo card's switch: its charges fail (dunning), or go through (a charge past due is tried at once)" },
  { route: 'POST /mine/portal', access: 'signed-in', ok: [200, schemas.portalStarted], errors: [404, 409], handler: (c) => c.portal, summary: "Stripe's customer portal for the caller's card (its address)" },
  { route: 'GET /',             access: 'manager', ok: [200, schemas.adminSubscription.array()], handler: (c) => c.list, summary: 'Every renewing plan, newest first: who, its state, and who stopped it and when' },
]);

export function subscriptionsRouter(ctx: AppContext) {
  return mountRoutes(subscriptionsRoutes, subscriptionsController(ctx));
}
