import * as z from 'zod';
import { MESSAGES } from '../validation/messages';
import { field, text, wire } from './core';
import { membership } from './shared-dtos';
import { toBoolean } from './users';

const OBJECT_ID = /^[0-9a-f]{24}$/i;

/**
 * The spec's create_checkout body: id (the buyer), name, price, benefits, duration; only id and the plan's
 * name or id are read (the price always comes from the database).
 */
export const checkoutForm = z
  .object({ id: wire.text(), name: wire.text(), planId: wire.text() })
  .superRefine((form, ctx) => {
    if (!form.planId && !form.name)
      ctx.addIssue({ code: 'custom', path: ['name'], message: MESSAGES.payments.planRequired });
  });

const objectId = (message: string) =>
  field(
    wire.text(),
    z.unknown().refine((v) => OBJECT_ID.test(String(v ?? '')), { error: message }),
  );

/** A payment taken at the front desk: the member and the plan. */
export const manualPaymentForm = z.object({
  userId: objectId(MESSAGES.payments.userRequired),
  planId: objectId(MESSAGES.payments.planRequired),
});

/** 'Reembolsar' in the admin's payments list: an optional reason, kept with the refund. */
export const refundForm = z.object({
  reason: field(wire.text(), text(z.string().max(200, MESSAGES.payments.refund.reasonTooLong))),
});

export const paymentProvider = z.enum(['demo', 'stripe', 'manual']);
export const paymentStatus = z.enum(['pending', 'paid', 'cancelled', 'refunded']);

export const payment = z.object({
  id: z.string(),
  userId: z.string(),
  planId: z.string(),
  planName: z.string(),
  amount: z.number(),
  currency: z.string(),
  provider: paymentProvider,
  status: paymentStatus,
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  membershipStart: z.string().nullable(),
  membershipEnd: z.string().nullable(),
  /** Its receipt's number once issued (every paid payment has one; older ones get it when first downloaded). */
  receiptNumber: z.number().int().positive().nullable(),
});
z.globalRegistry.add(payment, { id: 'Payment' });

/** A payment as the admin's payments list shows it (GET /api/payments): its member, their home sede and its refund. */
export const adminPayment = payment.extend({
  memberName: z.string(),
  memberEmail: z.string(),
  homeBranch: z.object({ id: z.string(), name: z.string() }).nullable(),
  refundedAt: z.string().nullable(),
  refundReason: z.string(),
  /** Whether it can be refunded now: paid and not refunded yet. */
  refundable: z.boolean(),
});
z.globalRegistry.add(adminPayment, { id: 'AdminPayment' });

/** A refund done: what it did to the membership, in Spanish, the payment, and the membership now. */
export const paymentRefunded = z.object({
  message: z.string(),
  payment: adminPayment,
  membresia: membership.nullable(),
});

/** What the demo checkout page shows before 'Pagar'. */
export const checkoutSession = z.object({
  sessionId: z.string(),
  planName: z.string(),
  benefits: z.string(),
  duration: z.number(),
  amount: z.number(),
  currency: z.string(),
  status: paymentStatus,
  provider: paymentProvider,
  /** A renewing plan: charged again every `duration` months until the member stops it. */
  renewing: z.boolean(),
});
z.globalRegistry.add(checkoutSession, { id: 'CheckoutSession' });

/** A checkout started: where the browser goes to pay. */
export const checkoutStarted = z.object({
  redirect_url: z.string().meta({
    description:
      "Where to send the browser: the provider's checkout page (absolute), or the demo checkout's page of the SPA as a path ('/stripe/checkout/<session>') to open at the SPA's own origin",
  }),
});

/** A payment recorded or changed (a front-desk payment, a cancelled checkout). */
export const paymentSaved = z.object({ message: z.string(), payment });

/** 'Pagar' on the demo checkout: the payment and the membership it gave. */
export const paymentConfirmed = z.object({ message: z.string(), payment, membresia: membership.nullable() });

export const subscriptionStatus = z.enum(['active', 'past_due', 'canceled', 'lapsed']);

/** A renewing plan of a member (issue 23, item 2). */
export const subscription = z.object({
  id: z.string(),
  planId: z.string(),
  planName: z.string(),
  amount: z.number(),
  currency: z.string(),
  provider: paymentProvider,
  /** active: renews; past_due: a charge failed, retried until `graceUntil`; canceled / lapsed: ended. */
  status: subscriptionStatus,
  /** The end of the last period paid for. */
  paidThrough: z.string(),
  /** When it is charged next; null when it will not renew (stopped or ended). */
  renewsAt: z.string().nullable(),
  /** The member stopped the renewal: it runs to `paidThrough`. */
  cancelAtPeriodEnd: z.boolean(),
  canceledAt: z.string().nullable(),
  /** The demo card's switch: its charges are refused. */
  cardFailing: z.boolean(),
  failedAt: z.string().nullable(),
  graceUntil: z.string().nullable(),
  endedAt: z.string().nullable(),
});
z.globalRegistry.add(subscription, { id: 'Subscription' });

/** A renewing plan in the admin's list: whose it is. */
export const adminSubscription = subscription.extend({ userId: z.string(), memberName: z.string() });

/** The caller's renewing plan, live or last ended (null: none ever). */
export const mySubscription = z.object({ subscription: subscription.nullable() });

/** A change to the caller's renewing plan, in Spanish, and the plan after it. */
export const subscriptionSaved = z.object({ message: z.string(), subscription });

/** The demo card's switch: `failing` makes its next charges fail. */
export const demoCardForm = z.object({
  failing: field(
    wire.boolOrText(),
    z.unknown().refine((v) => toBoolean(v) !== undefined, { error: MESSAGES.users.preferencesInvalid }),
  ),
});

/** 'Pagar' on the demo checkout: optionally, a card whose renewals will be refused. */
export const demoConfirmForm = z.object({
  failRenewals: field(
    wire.boolOrText(),
    z.unknown().refine((v) => v == null || v === '' || toBoolean(v) !== undefined, {
      error: MESSAGES.users.preferencesInvalid,
    }),
  ),
});

/** Where the member updates their card (Stripe's customer portal). */
export const portalStarted = z.object({ url: z.string() });

/** A Stripe event: its signature, not a form, is what the server checks (it covers the raw body). */
export const stripeEvent = z.looseObject({}).meta({ description: 'A Stripe event' });

/** A Stripe event acknowledged. */
export const webhookReceived = z.object({ received: z.boolean() });

export type PaymentProviderName = z.infer<typeof paymentProvider>;
export type PaymentStatus = z.infer<typeof paymentStatus>;
export type PaymentDto = z.infer<typeof payment>;
export type SubscriptionDto = z.infer<typeof subscription>;
export type AdminSubscriptionDto = z.infer<typeof adminSubscription>;
export type AdminPaymentDto = z.infer<typeof adminPayment>;
export type CheckoutSessionDto = z.infer<typeof checkoutSession>;
