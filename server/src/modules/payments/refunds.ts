import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import type { Logger } from 'pino';
import { Types } from 'mongoose';
import {
  ERROR_CODES,
  membershipAfterRefund,
  MESSAGES,
  receiptDate,
  type AdminPaymentDto,
  type MembershipDto,
} from '@pulso/shared';
import type { AppContext } from '../../lib/context';
import { gymDateTime } from '../../lib/gym-time';
import { HttpError } from '../../lib/http-error';
import { objectIdOrNull } from '../../lib/object-id';
import { cancelBooking, heldEntries, membershipEndMoved } from '../bookings/bookings.service';
import { noticeDelivery } from '../bookings/bookings.notices';
import { offerFreedPlacesAfter } from '../bookings/bookings.wishes';
import { addLink, syncMembership, type MembershipLinkDoc } from '../users/membership.service';
import { findActiveAuthUser, getUser } from '../users/users.service';
import { adminPayment } from './payments.admin';
import type { PaymentDoc } from './payments.model';
import { findPayment, markRefunded } from './payments.service';
import { StripePaymentProvider } from './stripe-provider';
import { stopRenewalsOf } from './subscriptions';

/**
 * Refunds (issue 24, item 2). An administrator refunds a paid payment in full from the payments
 * list: Stripe's through the SDK (a refund of the payment's PaymentIntent, under an idempotency key
 * of the payment, so Stripe refunds it once however often it is asked), the demo's and the front
 * desk's by recording it (the desk hands the money back). The membership then loses the days the
 * payment paid for (shared `membershipAfterRefund`), as a step of the member's membership chain under
 * the key `refund:<payment id>`: exactly once however many refunds of it are asked at once, on however
 * many servers. The request that took that step answers 200; the others 409 'ya fue reembolsado'.
 *
 * What follows (the payment marked refunded, the member's bookings past the new end given up, their
 * standing places ended there, a renewing plan's renewal stopped) can run again and does nothing
 * twice: a refund cut short by a stopped server is finished by asking for it again.
 */

export interface RefundDeps {
  ctx: AppContext;
  logger: Pick<Logger, 'warn' | 'debug' | 'error'>;
}

const refundKey = (paymentId: string) => `refund:${paymentId}`;

const refused = (message: string) => new HttpError(409, ERROR_CODES.REFUND_REFUSED, message);

/** The PaymentIntent a Stripe invoice was paid with (the API's newer `payments` list, or its older field). */
function invoiceIntent(invoice: unknown): string | null {
  const loose = invoice as {
    payment_intent?: string | { id: string } | null;
    payments?: { data?: { payment?: { payment_intent?: string | { id: string } | null } }[] };
  };
  const intent = loose.payments?.data?.[0]?.payment?.payment_intent ?? loose.payment_intent ?? null;
  return typeof intent === 'string' ? intent : (intent?.id ?? null);
}

/** Refunds a Stripe payment in full, once per payment (Stripe's idempotency key); its refund's id. */
async function refundAtStripe(stripe: Stripe, payment: PaymentDoc): Promise<string> {
  const reference = payment.providerSessionId;
  let intent: string | null;
  if (reference.startsWith('invoice_')) {
    intent = invoiceIntent(
      await stripe.invoices.retrieve(reference.slice('invoice_'.length), { expand: ['payments'] }),
    );
  } else {
    const session = await stripe.checkout.sessions.retrieve(reference);
    const direct = session.payment_intent;
    intent = typeof direct === 'string' ? direct : (direct?.id ?? null);
    if (!intent && session.invoice) {
      const invoiceId = typeof session.invoice === 'string' ? session.invoice : session.invoice.id;
      intent = invoiceIntent(await stripe.invoices.retrieve(invoiceId, { expand: ['payments'] }));
    }
  }
  if (!intent) throw new Error(`Stripe payment ${reference} has no PaymentIntent to refund`);
  try {
    const refund = await stripe.refunds.create(
      { payment_intent: intent, metadata: { paymentId: payment._id.toString() } },
      { idempotencyKey: `refund-${payment._id.toString()}` },
    );
    return refund.id;
  } catch (error) {
    // Refunded already, past the idempotency key's day (a refund cut short, asked again later): that refund.
    if ((error as { code?: string }).code !== 'charge_already_refunded') throw error;
    const [existing] = (await stripe.refunds.list({ payment_intent: intent, limit: 1 })).data;
    if (!existing) throw error;
    return existing.id;
  }
}

/**
 * Refunds the payment `paymentId` (an administrator, `by`); answers what it did to the membership,
 * the payment as the list shows it, and the member's membership now.
 */
export async function refundPayment(
  deps: RefundDeps,
  paymentId: string,
  by: { id: string },
  reason: string,
  now = new Date(),
): Promise<{ message: string; payment: AdminPaymentDto; membresia: MembershipDto | null }> {
  const _id = objectIdOrNull(paymentId);
  if (!_id) throw HttpError.invalidId();
  const payment = await findPayment(_id);
  if (!payment) throw new HttpError(404, ERROR_CODES.NOT_FOUND, MESSAGES.payments.notFound);
  if (payment.status === 'refunded') throw refused(MESSAGES.payments.refund.already);
  if (payment.status !== 'paid') throw refused(MESSAGES.payments.refund.notPaid);

  let providerRefundId = '';
  if (payment.provider === 'stripe') {
    const stripe = deps.ctx.payments instanceof StripePaymentProvider ? deps.ctx.payments.client : null;
    if (!stripe) throw new HttpError(503, ERROR_CODES.PAYMENTS_UNAVAILABLE, MESSAGES.payments.stripeOff);
    try {
      providerRefundId = await refundAtStripe(stripe, payment);
    } catch (error) {
      // Another request refunding it at this moment holds Stripe's idempotency key.
      if ((error as { type?: string }).type === 'StripeIdempotencyError') {
        throw refused(MESSAGES.payments.refund.inProgress);
      }
      deps.logger.error({ err: error, payment: paymentId }, 'Stripe refund failed');
      throw new HttpError(502, ERROR_CODES.PAYMENTS_UNAVAILABLE, MESSAGES.payments.refund.providerFailed);
    }
  }

  // The membership loses the payment's days: one step of the member's chain, whoever asks.
  const token = randomUUID();
  const key = refundKey(paymentId);
  const paid =
    payment.membershipStart && payment.membershipEnd
      ? { start: payment.membershipStart, end: payment.membershipEnd }
      : { start: now, end: now };
  const link = await addLink(payment.user, key, (current, linkId, seq): MembershipLinkDoc => {
    const before = current ?? { planId: payment.plan, name: payment.planName, start: now, end: now };
    const { membership, days } = membershipAfterRefund(before, paid, now);
    return {
      _id: linkId,
      user: payment.user,
      seq,
      payment: key,
      result: {
        planId: membership.planId,
        name: membership.name,
        start: membership.start,
        end: membership.end,
        periods: membership.periods,
        pauses: membership.pauses,
      },
      kind: 'refund',
      refund: {
        payment: paymentId,
        days,
        from: membership.end,
        until: before.end,
        by: new Types.ObjectId(by.id),
        reason,
        token,
      },
      at: now,
    };
  });
  if (!link?.refund) throw new HttpError(404, ERROR_CODES.NOT_FOUND, MESSAGES.users.notFound);
  const won = link.refund.token === token;
  await finishRefund(deps, link, providerRefundId, now);
  if (!won) throw refused(MESSAGES.payments.refund.already);

  const refunded = await findPayment(_id);
  if (!refunded) throw new Error(`payment ${paymentId} vanished after its refund`);
  const member = await getUser(payment.user.toString()).catch(() => null);
  const membresia = member?.membresia ?? null;
  return {
    message: MESSAGES.payments.refund.done(payment.planName, membresia ? receiptDate(new Date(membresia.end)) : null),
    payment: await adminPayment(refunded),
    membresia,
  };
}

/** What follows a refund's step; each part may run again and does nothing twice. */
async function finishRefund(deps: RefundDeps, link: MembershipLinkDoc, providerRefundId: string, now: Date) {
  const refund = link.refund;
  if (!refund) return;
  const member = link.user;
  await syncMembership(member);
  const payment = await markRefunded(new Types.ObjectId(refund.payment), {
    at: link.at,
    by: refund.by,
    reason: refund.reason,
    providerRefundId,
  });
  const { ctx } = deps;
  const rules = ctx.config.bookings;
  const delivery = noticeDelivery(ctx, deps.logger);
  const account = await findActiveAuthUser(member.toString());
  const end = link.result.end;
  // Places in sessions past the new end are given up; standing places end there.
  const endLocal = gymDateTime(end, rules.timeZone);
  const freed: string[] = [];
  for (const entry of await heldEntries(member)) {
    if (entry.start < endLocal || new Date(entry.start) <= now) continue;
    await cancelBooking(entry.session, member, rules, delivery, now).then(
      () => freed.push(entry.session),
      (error: unknown) => {
        if (!(error instanceof HttpError && [404, 409].includes(error.status))) throw error;
      },
    );
  }
  if (account) await membershipEndMoved(member, account.schedule, end);
  offerFreedPlacesAfter(freed, rules, delivery, deps.logger);
  // A renewing plan's refunded charge ends its renewal: nothing is charged again.
  if (payment.renewing || payment.renewal) {
    const stripe = ctx.payments instanceof StripePaymentProvider ? ctx.payments.client : undefined;
    await stopRenewalsOf(member, stripe, now);
  }
}
