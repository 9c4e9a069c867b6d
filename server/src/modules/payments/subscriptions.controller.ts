import { sedeOf } from '../../middleware/scope';
import type { Request, Response } from 'express';
import { Types } from 'mongoose';
import { ERROR_CODES, MESSAGES, toBoolean } from '@pulso/shared';
import { callerOrigin } from '../../lib/caller-origin';
import type { AppContext } from '../../lib/context';
import { HttpError } from '../../lib/http-error';
import { mailDate } from '../../lib/mailer';
import { validated } from '../../lib/validate';
import { StripePaymentProvider } from './stripe-provider';
import { renewalDeps, renewOne } from './renewals';
import * as subscriptions from './subscriptions';

function caller(req: Request) {
  if (!req.user) throw HttpError.unauthenticated();
  return req.user;
}

const noSubscription = () => new HttpError(404, ERROR_CODES.NOT_FOUND, MESSAGES.subscriptions.notFound);

export function subscriptionsController(ctx: AppContext) {
  /** The caller's subscription that still runs (404 when none). */
  async function live(req: Request) {
    const sub = await subscriptions.liveSubscriptionOf(new Types.ObjectId(caller(req).id));
    if (!sub) throw noSubscription();
    return sub;
  }
  const stripeClient = () => (ctx.payments instanceof StripePaymentProvider ? ctx.payments.client : null);

  return {
    async mine(req: Request, res: Response) {
      const sub = await subscriptions.latestSubscriptionOf(new Types.ObjectId(caller(req).id));
      res.json({ subscription: sub ? subscriptions.toSubscriptionDto(sub) : null });
    },

    /** 'Cancelar renovación': the plan runs to the end of the period paid for, then ends. */
    async cancel(req: Request, res: Response) {
      const sub = await live(req);
      if (sub.provider === 'stripe' && sub.stripeSubscriptionId) {
        const stripe = stripeClient();
        if (!stripe) throw new HttpError(503, ERROR_CODES.PAYMENTS_UNAVAILABLE, MESSAGES.payments.stripeOff);
        await stripe.subscriptions.update(sub.stripeSubscriptionId, { cancel_at_period_end: true });
      }
      const saved = (await subscriptions.setCancelAtPeriodEnd(sub._id, true)) ?? sub;
      res.json({
        message: MESSAGES.subscriptions.cancelled(mailDate(saved.paidThrough)),
        subscription: subscriptions.toSubscriptionDto(saved),
      });
    },

    /** 'Seguir renovando': a stopped renewal that has not ended yet renews again. */
    async resume(req: Request, res: Response) {
      const sub = await live(req);
      if (sub.provider === 'stripe' && sub.stripeSubscriptionId) {
        const stripe = stripeClient();
        if (!stripe) throw new HttpError(503, ERROR_CODES.PAYMENTS_UNAVAILABLE, MESSAGES.payments.stripeOff);
        await stripe.subscriptions.update(sub.stripeSubscriptionId, { cancel_at_period_end: false });
      }
      const saved = (await subscriptions.setCancelAtPeriodEnd(sub._id, false)) ?? sub;
      res.json({
        message: MESSAGES.subscriptions.resumed(mailDate(saved.paidThrough)),
        subscription: subscriptions.toSubscriptionDto(saved),
      });
    },

    /**
     * The demo card's switch. Switched back to a working card while a charge is past due, the
     * charge is tried again at once (as updating the card in Stripe's portal does).
     */
    async card(req: Request, res: Response) {
      const sub = await live(req);
      if (sub.provider !== 'demo') throw new HttpError(409, ERROR_CODES.CONFLICT, MESSAGES.subscriptions.notDemo);
      const { failing } = validated<{ failing: unknown }>(req);
      const fails = toBoolean(failing) === true;
      let saved = (await subscriptions.setCardFailing(sub._id, fails)) ?? sub;
      if (!fails && saved.status === 'past_due') {
        await subscriptions.writeSubscription(sub._id, () => ({ nextChargeAt: new Date() }));
        saved = (await renewOne(sub._id, renewalDeps(ctx, req.log))) ?? saved;
      }
      res.json({ message: MESSAGES.subscriptions.cardSaved, subscription: subscriptions.toSubscriptionDto(saved) });
    },

    /** Stripe's customer portal, where the member updates their card; answered with its address. */
    async portal(req: Request, res: Response) {
      const sub = await live(req);
      const stripe = stripeClient();
      if (sub.provider !== 'stripe' || !sub.stripeCustomerId || !stripe) {
        throw new HttpError(409, ERROR_CODES.CONFLICT, MESSAGES.subscriptions.notStripe);
      }
      const session = await stripe.billingPortal.sessions.create({
        customer: sub.stripeCustomerId,
        return_url: `${callerOrigin(req, ctx.config)}/profile`,
      });
      res.json({ url: session.url });
    },

    async list(req: Request, res: Response) {
      res.json(await subscriptions.listSubscriptions(200, sedeOf(req.user)));
    },
  };
}
