import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import { ERROR_CODES, MESSAGES, schemas } from '@pulso/shared';
import type { AppContext } from '../../lib/context';
import { HttpError } from '../../lib/http-error';
import { mountRoutes, routeTable } from '../../lib/route-table';
import { StripePaymentProvider } from './stripe-provider';
import * as payments from './payments.service';
import { renewalDeps } from './renewals';
import {
  endSubscription,
  findSubscription,
  lapse,
  renewalFailed,
  setCancelAtPeriodEnd,
  subscriptionIdOf,
} from './subscriptions';

const STALE_AFTER_SECONDS = 300;

type Loose = Record<string, unknown> | undefined | null;
const text = (value: unknown) => (typeof value === 'string' && value.length <= 255 ? value : '');
const objectOf = (value: unknown): Loose =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : null;

/**
 * The Pulso subscription a Stripe invoice or subscription belongs to: its metadata carries the
 * first payment's id (stripe-provider.ts), wherever the API version puts it.
 */
function subscriptionOfMetadata(...sources: Loose[]): string | null {
  for (const source of sources) {
    const paymentId = text(objectOf(source?.metadata)?.paymentId);
    if (/^[0-9a-f]{24}$/.test(paymentId)) return subscriptionIdOf(paymentId);
  }
  return null;
}

function invoiceSubscription(invoice: Loose): string | null {
  const parent = objectOf(objectOf(invoice?.parent)?.subscription_details);
  const legacy = objectOf(invoice?.subscription_details);
  const lines = objectOf(invoice?.lines)?.data;
  const firstLine = Array.isArray(lines) ? objectOf(lines[0]) : null;
  return subscriptionOfMetadata(parent, legacy, firstLine);
}

/**
 * What each event does, idempotently (a replayed event changes nothing):
 * - a paid checkout (one-off or the first of a renewing plan) is fulfilled, starting the subscription;
 * - `invoice.paid` of a renewal (`subscription_cycle`) is a payment that renews the membership once;
 * - `invoice.payment_failed` starts dunning (an e-mail once per invoice, access until the grace ends);
 * - `customer.subscription.updated` follows a renewal stopped or restarted in Stripe's portal;
 * - `customer.subscription.deleted` ends it (lapsed when it was past due).
 * The signature proves the sender, not the shape: an event without the expected object is
 * acknowledged and ignored rather than crashing the handler.
 */
async function handleEvent(ctx: AppContext, req: Request, event: { id: string; type: string; data?: unknown }) {
  const object = objectOf(objectOf(event.data)?.object);
  const deps = renewalDeps(ctx, req.log);
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const id = text(object?.id);
      if (!id || object?.payment_status !== 'paid') return;
      const stripeIds =
        object.mode === 'subscription'
          ? { subscriptionId: text(object.subscription), customerId: text(object.customer) }
          : undefined;
      try {
        await payments.fulfil(id, event.id, deps.fulfil, { stripe: stripeIds });
      } catch (error) {
        // A session Pulso never created: acknowledged so Stripe stops retrying, and logged.
        if (error instanceof HttpError && error.status === 404) {
          req.log.warn({ sessionId: id, eventId: event.id }, 'webhook for an unknown checkout session');
        } else {
          throw error;
        }
      }
      return;
    }
    case 'invoice.paid': {
      // The first invoice is the checkout's, fulfilled above.
      if (object?.billing_reason !== 'subscription_cycle') return;
      const sub = await knownSubscription(invoiceSubscription(object), req, event);
      const invoice = text(object.id);
      if (!sub || !invoice) return;
      await payments.payRenewal(sub, sub.cycle + 1, `invoice_${invoice}`, event.id, deps.fulfil);
      return;
    }
    case 'invoice.payment_failed': {
      const sub = await knownSubscription(invoiceSubscription(object), req, event);
      const invoice = text(object?.id);
      if (sub && invoice) await renewalFailed(sub._id, `invoice-${invoice}`, deps);
      return;
    }
    case 'customer.subscription.updated': {
      const sub = await knownSubscription(subscriptionOfMetadata(object), req, event);
      if (sub && typeof object?.cancel_at_period_end === 'boolean') {
        await setCancelAtPeriodEnd(sub._id, object.cancel_at_period_end);
      }
      return;
    }
    case 'customer.subscription.deleted': {
      const sub = await knownSubscription(subscriptionOfMetadata(object), req, event);
      if (!sub) return;
      if (sub.status === 'past_due') await lapse(sub._id, deps);
      else await endSubscription(sub._id);
      return;
    }
    default:
      return;
  }
}

/** The Pulso subscription an event names, or null (logged: Stripe stops retrying all the same). */
async function knownSubscription(id: string | null, req: Request, event: { id: string; type: string }) {
  const sub = id ? await findSubscription(id) : null;
  if (!sub) req.log.warn({ eventId: event.id, type: event.type }, 'webhook for an unknown subscription');
  return sub;
}

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
    await handleEvent(ctx, req, event);
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
