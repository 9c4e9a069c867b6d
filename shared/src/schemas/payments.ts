import * as z from 'zod';
import { MESSAGES } from '../validation/messages';
import { field, wire } from './core';

const OBJECT_ID = /^[0-9a-f]{24}$/i;

/**
 * §7 create_checkout body: id (the buyer), name, price, benefits, duration; only id and the plan's
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

export const paymentProvider = z.enum(['demo', 'stripe', 'manual']);
export const paymentStatus = z.enum(['pending', 'paid', 'cancelled']);

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
});

export type PaymentProviderName = z.infer<typeof paymentProvider>;
export type PaymentStatus = z.infer<typeof paymentStatus>;
export type PaymentDto = z.infer<typeof payment>;
export type CheckoutSessionDto = z.infer<typeof checkoutSession>;
