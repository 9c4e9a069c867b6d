import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import { ERROR_CODES, MESSAGES, schemas } from '@pulso/shared';
import type { AppContext } from '../../lib/context';
import { HttpError } from '../../lib/http-error';
import { mountRoutes, routeTable } from '../../lib/route-table';
import { StripePaymentProvider } from './stripe-provider';
import * as payments from './payments.service';

const STALE_AFTER_SECONDS = 300;

/**
 * POST /api/payments/webhook: Stripe's signed events. Mounted before the JSON parser because the
 * signature covers the raw bytes. Unsigned, wrongly signed or stale events get 400 and change
 * nothing; a paid checkout reaches the same fulfilment as the demo page.
 */
function receiveStripeEvent(ctx: AppContext): RequestHandler {
  return async (req: Request, res: Response) => {
    const stripe = ctx.config.stripe;
    if (!stripe || !(ctx.payments instanceof StripePaymentProvider)) {
      throw new HttpError(404, ERROR_CODES.ROUTE_NOT_FOUND, MESSAGES.payments.stripeOff);
    }
    const signature = req.headers['stripe-signature'];
    let event;
    try {
      if (typeof signature !== 'string' || !Buffer.isBuffer(req.body)) throw new Error('unsigned');
      event = ctx.payments.client.webhooks.constructEvent(
        req.body,
        signature,
        stripe.webhookSecret,
        STALE_AFTER_SECONDS,
      );
    } catch {
      throw new HttpError(400, ERROR_CODES.INVALID_SIGNATURE, MESSAGES.payments.badSignature);
    }
    if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
      // The signature proves the sender, not the shape: an event without a session object, or
      // with an id that is not text, is acknowledged and ignored rather than crashing the handler.
      const session = (event.data as Partial<typeof event.data> | undefined)?.object;
      if (typeof session?.id === 'string' && session.payment_status === 'paid') {
        try {
          await payments.fulfil(session.id, event.id, payments.fulfilDeps(ctx, req.log));
        } catch (error) {
          // A session Pulso never created: acknowledged so Stripe stops retrying, and logged.
          if (error instanceof HttpError && error.status === 404) {
            req.log.warn({ sessionId: session.id, eventId: event.id }, 'webhook for an unknown checkout session');
          } else {
            throw error;
          }
        }
      }
    }
    res.json({ received: true });
  };
}

// prettier-ignore
export const webhookRoutes = routeTable<AppContext>('/payments', [
  { route: 'POST /webhook', access: 'anyone', sessionless: true, use: () => [express.raw({ type: '*/*', limit: '512kb' })], signedBody: schemas.stripeEvent, ok: [200, schemas.webhookReceived], errors: [400, 404], handler: receiveStripeEvent, summary: 'Stripe events, verified by their signature (raw body, Stripe-Signature header)' },
]);

export function stripeWebhookRouter(ctx: AppContext): Router {
  return Router().use('/api', mountRoutes(webhookRoutes, ctx));
}
