import { trusted } from 'mongoose';
import type Stripe from 'stripe';
import type { AppContext } from '../../lib/context';
import { fulfilDeps, payRenewal, type FulfilDeps } from './payments.service';
import { StripePaymentProvider } from './stripe-provider';
import { endSubscription, findSubscription, lapse, renewalFailed, type SubscriptionDeps } from './subscriptions';
import { SubscriptionModel, type SubscriptionDoc } from './subscriptions.model';

/**
 * The renewals job (src/jobs.ts `subscription-renewals`): each subscription whose next charge is due
 * is moved on once. A renewal the member stopped ends at the end of its period; one past due lapses
 * when its grace period ends; the demo's and the front desk's are charged here (the demo card may be
 * switched to fail), Stripe's are charged by Stripe and reported by its webhooks.
 */

export interface RenewalDeps extends SubscriptionDeps {
  fulfil: FulfilDeps;
  /** Stripe's client, to cancel a lapsed subscription there too; unset without Stripe. */
  stripe?: Stripe;
}

/** What the renewals need from the application (the job's and a member's fixed demo card). */
export function renewalDeps(ctx: AppContext, logger: FulfilLogger): RenewalDeps {
  const { config } = ctx;
  return {
    mailer: ctx.mailer,
    gymName: config.gymName,
    publicUrl: config.publicUrl,
    graceDays: config.memberships.graceDays,
    logger,
    fulfil: fulfilDeps(ctx, logger),
    stripe: ctx.payments instanceof StripePaymentProvider ? ctx.payments.client : undefined,
  };
}
type FulfilLogger = Parameters<typeof fulfilDeps>[1];

/** The subscriptions due at `now`, moved on; how many were looked at. */
export async function runRenewals(deps: RenewalDeps, now = new Date()): Promise<number> {
  const due = await SubscriptionModel.find(
    { status: trusted({ $in: ['active', 'past_due'] }), nextChargeAt: trusted({ $lte: now }) },
    { _id: 1 },
  )
    .limit(500)
    .lean<Pick<SubscriptionDoc, '_id'>[]>();
  for (const { _id } of due) {
    try {
      await renewOne(_id, deps, now);
    } catch (error) {
      deps.logger?.warn(
        { err: error instanceof Error ? error.message : String(error), subscription: _id },
        'renewal failed to run',
      );
    }
  }
  return due.length;
}

/** Moves one subscription on at `now` if it is due (also when the member fixed their demo card). */
export async function renewOne(id: string, deps: RenewalDeps, now = new Date()): Promise<SubscriptionDoc | null> {
  const sub = await findSubscription(id);
  if (!sub || (sub.status !== 'active' && sub.status !== 'past_due') || !sub.nextChargeAt) return sub;
  if (sub.nextChargeAt > now) return sub;
  if (sub.cancelAtPeriodEnd) return endSubscription(id, now);
  if (sub.status === 'past_due' && sub.graceUntil && sub.graceUntil <= now) {
    const lapsed = await lapse(id, deps, now);
    if (sub.provider === 'stripe' && sub.stripeSubscriptionId && deps.stripe) {
      await deps.stripe.subscriptions
        .cancel(sub.stripeSubscriptionId)
        .catch((error: unknown) =>
          deps.logger?.warn(
            { err: error instanceof Error ? error.message : String(error) },
            'Stripe subscription not cancelled',
          ),
        );
    }
    return lapsed;
  }
  // Stripe charges its own subscriptions; its webhooks report the outcome.
  if (sub.provider === 'stripe') return sub;
  const cycle = sub.cycle + 1;
  if (sub.cardFailing) return renewalFailed(id, `cycle-${cycle}`, deps, now);
  await payRenewal(sub, cycle, `renewal_${sub._id}_${cycle}`, '', deps.fulfil);
  return findSubscription(id);
}
