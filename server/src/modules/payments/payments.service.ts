import { randomUUID } from 'node:crypto';
import { ignoreDuplicateKeys, isDuplicateKeyError, NEWEST_FIRST } from '../../lib/db';
import mongoose, { trusted, Types } from 'mongoose';
import {
  ERROR_CODES,
  formatReceiptNumber,
  MESSAGES,
  purchaseRuleText,
  receiptFileName,
  type PaymentDto,
  type PaymentProviderName,
  type InsightInput,
  type StatsDto,
} from '@pulso/shared';
import type { AppContext } from '../../lib/context';
import { HttpError } from '../../lib/http-error';
import { toObjectId } from '../../lib/object-id';
import { KeyedLock } from '../../lib/keyed-lock';
import type { Logger } from 'pino';
import { mailAmount, mailDate, type Mailer } from '../../lib/mailer';
import { membershipEndMoved } from '../bookings/bookings.service';
import { findPlanForSale, type PlanForSale } from '../plans/plans.service';
import { addPurchase, type PurchaseResult } from '../users/membership.service';
import { findActiveAuthUser, findUserEmail } from '../users/users.service';
import { memberEntriesNewestFirst, memberPaymentIds, paymentIdOfSession } from './payment-lookup';
import { toPaymentDto } from './payments.mapper';
import { PaymentModel, type PaymentDoc } from './payments.model';
import type { PaymentProvider } from './payment-provider';
import { anonymiseReceipt, issueReceipt, receiptPdf, type Issuer } from './receipts';
import type { ReceiptDoc } from './receipts.model';
import { liveSubscriptionOf, renewed, startSubscription } from './subscriptions';
import type { SubscriptionDoc } from './subscriptions.model';

const PENDING_REUSE_MS = 23 * 60 * 60 * 1000;

const notFound = () => new HttpError(404, ERROR_CODES.NOT_FOUND, MESSAGES.payments.notFound);
const planNotFound = () => new HttpError(404, ERROR_CODES.NOT_FOUND, MESSAGES.api.planNotFound);

/**
 * Records a sale waiting for its payment; the plan's name, months and price are copied from the
 * database. Its keys (its session's, its place in the member's list) are written first, by the
 * model's save hook.
 */
function recordPending(
  fields: {
    user: Types.ObjectId;
    plan: PlanForSale;
    currency: string;
    provider: PaymentProviderName;
    sessionId: string;
  },
  extra: {
    _id?: Types.ObjectId;
    checkoutUrl?: string;
    returnUrl?: string;
    renewal?: { subscription: string; cycle: number; from: Date };
  } = {},
) {
  return PaymentModel.create({
    ...extra,
    user: fields.user,
    plan: fields.plan._id,
    planName: fields.plan.name,
    duration: fields.plan.duration,
    amount: fields.plan.price,
    currency: fields.currency,
    provider: fields.provider,
    providerSessionId: fields.sessionId,
    renewing: fields.plan.renewing === true,
  });
}

export const findPayment = (id: Types.ObjectId) => PaymentModel.findById(id).lean<PaymentDoc>();

/** The payment of a checkout session, by its key (null when there is none). */
async function findPaymentBySession(sessionId: string): Promise<PaymentDoc | null> {
  const id = await paymentIdOfSession(sessionId);
  const payment = id && (await findPayment(id));
  return payment?.providerSessionId === sessionId ? payment : null;
}

/** How far back a payment's entry in its member's list may be from the moment it was made. */
const ENTRY_MARGIN_MS = 60_000;

/**
 * The member's newest payment made since `since` that `matches`, walking their list back from its
 * end and stopping at the first entry made well before then (entries are appended as payments are
 * made; the margin covers writers that finished in another order).
 */
async function findRecentPayment(
  userId: string,
  since: Date,
  matches: (payment: PaymentDoc) => boolean,
): Promise<PaymentDoc | null> {
  for await (const entry of memberEntriesNewestFirst(userId)) {
    if (entry.at.getTime() < since.getTime() - ENTRY_MARGIN_MS) return null;
    const payment = await findPayment(entry.payment);
    if (payment?.user.toString() === userId && payment.createdAt > since && matches(payment)) return payment;
  }
  return null;
}

/**
 * Starts a checkout for the caller. The plan and its price always come from the database; a price
 * sent by the client is never read. While a checkout for the same user, plan and return address is
 * pending, the same session is returned.
 */
export async function startCheckout(
  provider: PaymentProvider,
  urls: { success: string; cancel: string },
  buyer: { id: string; email: string },
  planRef: { id?: string; name?: string },
  currency: string,
): Promise<{ redirectUrl: string; sessionId: string }> {
  const plan = await findPlanForSale(planRef);
  if (!plan) throw planNotFound();
  const user = new Types.ObjectId(buyer.id);
  if (plan.renewing && (await liveSubscriptionOf(user))) {
    throw new HttpError(409, ERROR_CODES.CONFLICT, MESSAGES.subscriptions.alreadyRenewing);
  }
  const pending = await findRecentPayment(
    buyer.id,
    new Date(Date.now() - PENDING_REUSE_MS),
    (p) =>
      p.plan.equals(plan._id) &&
      p.provider === provider.name &&
      p.status === 'pending' &&
      p.returnUrl === urls.success &&
      !!p.checkoutUrl,
  );
  if (pending?.checkoutUrl) return { redirectUrl: pending.checkoutUrl, sessionId: pending.providerSessionId };

  const paymentId = new Types.ObjectId();
  const session = await provider.createCheckout({
    paymentId: paymentId.toString(),
    userId: buyer.id,
    email: buyer.email,
    planName: plan.name,
    amount: plan.price,
    currency,
    renewEveryMonths: plan.renewing ? plan.duration : null,
    successUrl: urls.success,
    cancelUrl: urls.cancel,
  });
  await recordPending(
    { user, plan, currency, provider: provider.name, sessionId: session.sessionId },
    { _id: paymentId, checkoutUrl: session.url, returnUrl: urls.success },
  );
  return { redirectUrl: session.url, sessionId: session.sessionId };
}

export interface FulfilmentResult {
  payment: PaymentDto;
  /** False when this session had already been fulfilled (a replayed or concurrent confirmation). */
  activated: boolean;
}

/** What fulfilment needs besides the database. */
export interface FulfilDeps {
  logger: Pick<Logger, 'warn'>;
  /** Sends the member's receipt; a failure is logged and never undoes the payment. */
  mailer?: Mailer;
  gymName?: string;
  /** Who issues the receipts (config.receipts); unset: the gym's name alone. */
  issuer?: Issuer;
}

/** The receipt's line on what the purchase did to the membership (the same words as /pagos/{id}). */
function ruleLine(payment: PaymentDoc, purchase: PurchaseResult): string | null {
  // A new membership says no more than the receipt's 'Vigencia'.
  return purchase.kind === 'new' ? null : purchaseRuleText(purchase, payment.planName, mailDate);
}

/** Fulfilment's dependencies from the application's context. */
export function fulfilDeps(ctx: Pick<AppContext, 'mailer' | 'config'>, logger: FulfilDeps['logger']): FulfilDeps {
  return { logger, mailer: ctx.mailer, gymName: ctx.config.gymName, issuer: ctx.config.receipts };
}

const issuerOf = (deps: FulfilDeps): Issuer =>
  deps.issuer ?? { name: deps.gymName ?? 'Pulso', taxId: '', address: '', taxRate: 0 };

async function sendReceipt(
  deps: FulfilDeps,
  payment: PaymentDoc,
  purchase: PurchaseResult,
  receipt: ReceiptDoc,
): Promise<void> {
  if (!deps.mailer) return;
  const { start, end } = purchase.period;
  const rule = ruleLine(payment, purchase);
  const email = await findUserEmail(payment.user);
  if (!email) return;
  const gym = deps.gymName ?? 'Pulso';
  try {
    const pdf = await receiptPdf(receipt);
    await deps.mailer.send({
      to: email,
      subject: `${gym}: recibo de tu membresía ${payment.planName}`,
      text: [
        `¡Gracias por tu pago!`,
        '',
        `${MESSAGES.receipts.number} ${formatReceiptNumber(receipt.number)}`,
        `Plan: ${payment.planName}`,
        `Importe: ${mailAmount(payment.amount, payment.currency)}`,
        `Vigencia: del ${mailDate(start)} al ${mailDate(end)}`,
        ...(rule ? [rule] : []),
        `Referencia: ${payment.providerSessionId}`,
        '',
        MESSAGES.receipts.attached,
      ].join('\n'),
      attachments: [{ filename: receiptFileName(receipt.number), content: pdf, contentType: 'application/pdf' }],
    });
  } catch (error) {
    deps.logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'receipt e-mail not sent');
  }
}

/**
 * One-off decisions about a payment, one document each, keyed by `_id`: the only primitive that
 * every supported engine makes atomic under concurrency is a unique key (FerretDB's findAndModify,
 * for one, is not: two concurrent `pending -> paid` updates can both match).
 *   `<paymentId>:outcome`   paid or cancelled, and when: the first of confirm and cancel wins;
 *   `<paymentId>:activated` the activation was reported and the receipt sent.
 */
interface Claim {
  _id: string;
  outcome?: 'paid' | 'cancelled';
  eventId?: string;
  at: Date;
}
const claims = () => mongoose.connection.collection<Claim>('fulfilments');

async function claimOnce(id: string, fields: Omit<Claim, '_id' | 'at'>): Promise<boolean> {
  try {
    await claims().insertOne({ _id: id, ...fields, at: new Date() });
    return true;
  } catch (error) {
    if (isDuplicateKeyError(error)) return false;
    throw error;
  }
}

/**
 * Decides a pending payment's outcome once. Whoever claims it first decides; every caller then
 * makes sure the payment shows the decided state (a caller that finds it already there writes nothing).
 * `won` is true only for the caller whose claim decided it.
 */
async function settle(
  payment: PaymentDoc,
  outcome: 'paid' | 'cancelled',
  eventId: string,
): Promise<{ payment: PaymentDoc; won: boolean }> {
  // Decided before outcome claims existed (the demo data, older installs).
  if (payment.status !== 'pending') return { payment, won: false };
  const id = `${payment._id.toString()}:outcome`;
  const won = await claimOnce(id, { outcome, eventId });
  const claim = await claims().findOne({ _id: id });
  if (!claim?.outcome) throw new Error(`payment outcome ${id} is incomplete`);
  const set =
    claim.outcome === 'paid'
      ? { status: 'paid' as const, paidAt: claim.at, providerEventId: claim.eventId ?? '' }
      : { status: 'cancelled' as const };
  const written = await writePayment(payment._id, (stored) => (stored.status === set.status ? null : set));
  return { payment: { ...payment, ...written, ...set }, won };
}

/** One payment's document is written by one caller at a time in this process (see KeyedLock). */
const paymentWrites = new KeyedLock();

/**
 * Writes what `change` asks of the payment as it is stored now (nothing when it answers null) and
 * returns the stored payment. FerretDB rewrites a whole document on every update, so two writes to
 * one payment at the same moment could undo each other (a cancel's late write dropping the
 * membership the confirm had just recorded); here each writer reads the stored payment first and
 * writes only what is still missing, one at a time.
 */
async function writePayment(
  id: Types.ObjectId,
  change: (stored: PaymentDoc) => Partial<PaymentDoc> | null,
): Promise<PaymentDoc> {
  return paymentWrites.run(id.toString(), async () => {
    const stored = await PaymentModel.findById(id).lean<PaymentDoc>();
    if (!stored) throw notFound();
    const set = change(stored);
    if (!set) return stored;
    await PaymentModel.updateOne({ _id: id }, { $set: set });
    return { ...stored, ...set };
  });
}

/**
 * The one place a payment turns into a membership, for every provider. It is idempotent and
 * survives a crash at any step: the same session confirmed twice, one after the other or at once,
 * or retried after a failure half-way, activates the membership exactly once; payments of one
 * member confirmed at the same moment each add their months; and a payment cancelled at the same
 * moment ends either paid and granted or cancelled and not granted, never both.
 *
 *   1. the outcome is decided once (paid, unless a cancellation came first);
 *   2. the purchase joins the member's membership chain once (users/membership.service);
 *   3. the membership it leads to is recorded on the payment;
 *   4. the first caller to claim `:activated` reports the activation and sends the receipt.
 */
export async function fulfil(
  sessionId: string,
  eventId: string,
  deps: FulfilDeps,
  options: FulfilOptions = {},
): Promise<FulfilmentResult> {
  const found = await findPaymentBySession(sessionId);
  if (!found) throw notFound();
  const { payment } = await settle(found, 'paid', eventId);
  if (payment.status !== 'paid') return { payment: toPaymentDto(payment), activated: false };
  return activate(payment, deps, options);
}

/** What starting a renewing plan's subscription needs besides the payment. */
export interface FulfilOptions {
  /** The demo checkout's switch: this card's renewals will be refused. */
  failRenewals?: boolean;
  /** Stripe's subscription and customer, from the completed checkout. */
  stripe?: { subscriptionId: string; customerId: string };
}

async function activate(payment: PaymentDoc, deps: FulfilDeps, options: FulfilOptions = {}): Promise<FulfilmentResult> {
  const id = payment._id.toString();
  // Fulfilled before outcome claims existed (the demo data, older installs): nothing to repeat.
  const legacy =
    payment.membershipStart && payment.membershipEnd && !(await claims().findOne({ _id: `${id}:outcome` }));
  if (legacy) return { payment: toPaymentDto(payment), activated: false };
  const paidAt = payment.paidAt ?? new Date();
  // A renewal counts from the end of the period before it, however late its charge went through,
  // so the membership goes on without a gap (the purchase rule renews from the current end).
  const from = payment.renewal?.from;
  const purchase = await addPurchase({
    paymentId: id,
    userId: payment.user,
    plan: { id: payment.plan, name: payment.planName, duration: payment.duration },
    paidAt: from && from <= paidAt ? new Date(from.getTime() - 1) : paidAt,
  });
  if (!purchase) {
    deps.logger.warn(
      { sessionId: payment.providerSessionId },
      'payment for an unknown user: recorded, no membership granted',
    );
    return { payment: toPaymentDto(payment), activated: false };
  }
  // The payment records the days it paid for (a plan bought while another runs starts at its end).
  const { start, end } = purchase.period;
  // The member's standing places (their schedule's classes) now last as long as the membership.
  const account = await findActiveAuthUser(payment.user.toString());
  if (account) await membershipEndMoved(payment.user, account.schedule, purchase.membership.end);
  const recorded = (stored: PaymentDoc) =>
    stored.membershipStart?.getTime() === start.getTime() && stored.membershipEnd?.getTime() === end.getTime();
  const stored = await writePayment(payment._id, (p) =>
    recorded(p) ? null : { membershipStart: start, membershipEnd: end },
  );
  const dated = { ...stored, membershipStart: start, membershipEnd: end };
  const { payment: done, receipt } = await numbered(dated, issuerOf(deps), ruleLine(dated, purchase));
  // A renewing plan: its first payment starts the subscription, a renewal moves it on (each once).
  // Sold at the front desk it is paid for one period: there is no card to charge again.
  if (done.renewal?.subscription) {
    await renewed(done.renewal.subscription, done.renewal.cycle ?? 0, end);
  } else if (done.renewing && done.provider !== 'manual') {
    await startSubscription({
      paymentId: id,
      user: done.user,
      plan: { id: done.plan, name: done.planName, duration: done.duration },
      amount: done.amount,
      currency: done.currency,
      provider: done.provider as 'demo' | 'stripe' | 'manual',
      paidThrough: end,
      cardFailing: options.failRenewals,
      stripeSubscriptionId: options.stripe?.subscriptionId,
      stripeCustomerId: options.stripe?.customerId,
    });
  }
  if (!(await claimOnce(`${id}:activated`, {}))) return { payment: toPaymentDto(done), activated: false };
  await sendReceipt(deps, done, purchase, receipt);
  return { payment: toPaymentDto(done), activated: true };
}

/** The paid payment with its receipt issued and its number recorded on it (once). */
async function numbered(
  payment: PaymentDoc,
  issuer: Issuer,
  note: string | null = null,
): Promise<{ payment: PaymentDoc; receipt: ReceiptDoc }> {
  const receipt = await issueReceipt(payment, issuer, note);
  const stored = await writePayment(payment._id, (p) =>
    p.receiptNumber === receipt.number ? null : { receiptNumber: receipt.number },
  );
  return { payment: { ...stored, receiptNumber: receipt.number }, receipt };
}

/**
 * A paid payment's receipt as a PDF, for its member or an admin. A payment paid before receipts
 * were numbered (or whose numbering a crash cut short) gets its number now.
 */
export async function receiptDownload(
  paymentId: string,
  caller: { id: string; isAdmin: boolean },
  issuer: Issuer,
): Promise<{ fileName: string; pdf: Buffer }> {
  const payment = await findPayment(toObjectId(paymentId));
  if (!payment) throw notFound();
  if (!caller.isAdmin && payment.user.toString() !== caller.id) {
    throw new HttpError(403, ERROR_CODES.FORBIDDEN, MESSAGES.payments.notYours);
  }
  // A refunded payment keeps the receipt it was issued.
  if (payment.status !== 'paid' && payment.status !== 'refunded') {
    throw new HttpError(404, ERROR_CODES.NOT_FOUND, MESSAGES.receipts.missing);
  }
  const { receipt } = await numbered(payment, issuer);
  return { fileName: receiptFileName(receipt.number), pdf: await receiptPdf(receipt) };
}

/**
 * A renewal's charge of subscription `sub` (the demo's, by the job runner; Stripe's, reported by its
 * invoice), recorded and fulfilled like any other payment: `sessionId` names this charge, so the
 * same charge reported twice (two job runs, a replayed webhook) is one payment and one renewal.
 */
export async function payRenewal(
  sub: Pick<
    SubscriptionDoc,
    '_id' | 'user' | 'plan' | 'planName' | 'duration' | 'amount' | 'currency' | 'provider' | 'paidThrough'
  >,
  cycle: number,
  sessionId: string,
  eventId: string,
  deps: FulfilDeps,
): Promise<FulfilmentResult> {
  const plan = { _id: sub.plan, name: sub.planName, duration: sub.duration, price: sub.amount, renewing: true };
  return recordOnceAndFulfil(
    { user: sub.user, plan, currency: sub.currency, provider: sub.provider, sessionId },
    { renewal: { subscription: sub._id, cycle, from: sub.paidThrough } },
    eventId,
    deps,
  );
}

/**
 * Records the payment of `fields.sessionId` unless it is recorded already, then fulfils it: the same
 * charge asked for twice, one after the other or at once (two job runs, a replayed webhook, a bulk
 * sale sent twice), is one payment and one membership step.
 */
async function recordOnceAndFulfil(
  fields: Parameters<typeof recordPending>[0],
  extra: Parameters<typeof recordPending>[1],
  eventId: string,
  deps: FulfilDeps,
): Promise<FulfilmentResult> {
  const { sessionId } = fields;
  let recordedElsewhere = false;
  if (!(await findPaymentBySession(sessionId))) {
    try {
      await recordPending(fields, extra);
    } catch (error) {
      // Recorded by another caller at the same moment: fulfilled below all the same.
      if (!isDuplicateKeyError(error)) throw error;
      recordedElsewhere = true;
    }
  }
  // That caller writes the charge's keys before the payment itself (payment-keys.ts): until its
  // payment is written, the key names a payment not found yet. Wait for it (a few milliseconds).
  for (let attempt = 0; ; attempt++) {
    try {
      return await fulfil(sessionId, eventId, deps);
    } catch (error) {
      const notYet = error instanceof HttpError && error.status === 404 && recordedElsewhere;
      if (!notYet || attempt >= RECORD_WAIT_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

/** How long a renewal waits for its payment recorded by another caller: 100 × 20 ms. */
const RECORD_WAIT_ATTEMPTS = 100;

/** A paid payment refunded (refunds.ts): its state and the refund's facts, written once, one writer at a time. */
/** The member a payment is of, or null when there is no such payment (a sede's reach is judged by it). */
export async function memberOfPayment(id: string): Promise<string | null> {
  if (!/^[0-9a-f]{24}$/i.test(id)) return null;
  const doc = await PaymentModel.findById(id, { user: 1 }).lean<PaymentDoc>();
  return doc ? doc.user.toString() : null;
}

export async function markRefunded(
  id: Types.ObjectId,
  refund: { at: Date; by: Types.ObjectId; reason: string; providerRefundId: string },
): Promise<PaymentDoc> {
  return writePayment(id, (stored) =>
    stored.status !== 'paid'
      ? null
      : {
          status: 'refunded',
          refundedAt: refund.at,
          refundedBy: refund.by,
          refundReason: refund.reason,
          ...(refund.providerRefundId ? { providerRefundId: refund.providerRefundId } : {}),
        },
  );
}

/**
 * A front-desk payment taken in person, recorded and fulfilled like any other (provider manual).
 * `key`: the sale's own key (a bulk sale's request and member), so the same sale sent again is one
 * payment; none: a new sale every call.
 */
export async function recordManualPayment(
  userId: string,
  planId: string,
  currency: string,
  deps: FulfilDeps,
  key?: string,
): Promise<FulfilmentResult> {
  const user = new Types.ObjectId(userId);
  if (!(await findUserEmail(user))) throw new HttpError(404, ERROR_CODES.NOT_FOUND, MESSAGES.users.notFound);
  const plan = await findPlanForSale({ id: planId });
  if (!plan) throw planNotFound();
  const sessionId = `manual_${key ?? randomUUID()}`;
  return recordOnceAndFulfil({ user, plan, currency, provider: 'manual', sessionId }, {}, '', deps);
}

export async function findSession(sessionId: string): Promise<PaymentDoc> {
  if (typeof sessionId !== 'string' || sessionId.length > 200) throw notFound();
  const doc = await findPaymentBySession(sessionId);
  if (!doc) throw notFound();
  return doc;
}

/** Cancels a pending checkout; refused once it is paid or cancelled, also by a request at the same moment. */
export async function cancelSession(sessionId: string): Promise<PaymentDto> {
  const found = await findSession(sessionId);
  const { payment, won } = await settle(found, 'cancelled', '');
  if (!won || payment.status !== 'cancelled') {
    throw new HttpError(409, ERROR_CODES.CONFLICT, MESSAGES.payments.notPending);
  }
  return toPaymentDto(payment);
}

/** 'Mis pagos': the member's payments, newest first, from their list (point reads only). */
export async function listMemberPayments(userId: string, limit = 200): Promise<PaymentDto[]> {
  const ids = await memberPaymentIds(userId, limit);
  const docs = await Promise.all([...new Set(ids.map(String))].map((id) => findPayment(new Types.ObjectId(id))));
  return docs
    .filter((p): p is PaymentDoc => p?.user.toString() === userId)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .map(toPaymentDto);
}

/**
 * The member's payments lose the person (their account was erased): each receipt says 'Socio
 * anónimo'. The payments keep what the chain must keep for its accounts (plan, amount, dates,
 * method, the provider's reference), under the account's id, which names no one any more.
 */
export async function anonymiseMemberPayments(userId: string): Promise<number> {
  const ids = await memberPaymentIds(userId, 100_000);
  let count = 0;
  for (const id of new Set(ids.map(String))) {
    const payment = await findPayment(new Types.ObjectId(id));
    if (payment?.user.toString() !== userId || payment.receiptNumber == null) continue;
    await anonymiseReceipt(payment.receiptNumber, id);
    count += 1;
  }
  return count;
}

/** Every payment, newest first (the admin list: it reads the whole collection). */
export async function listPayments(limit = 200): Promise<PaymentDto[]> {
  const docs = await PaymentModel.find({}).sort(NEWEST_FIRST).limit(limit).lean<PaymentDoc[]>();
  return docs.map(toPaymentDto);
}

interface RevenueRow {
  _id: string;
  amount: number;
}

/**
 * Paid payments in [since, now] summed per currency. The count per currency is a separate indexed
 * count: FerretDB, the embedded engine, answers 0 for a constant `$sum: 1` accumulator.
 */
export async function revenueBetween(
  since: Date,
  now: Date,
  /** Only these members' payments (a sede's figures); all when absent. */
  members?: readonly Types.ObjectId[],
): Promise<StatsDto['revenueLast30Days']> {
  const whose = members ? { user: trusted({ $in: members }) } : {};
  const paid = { status: 'paid', paidAt: trusted({ $gte: since, $lte: now }), ...whose };
  const rows = await PaymentModel.aggregate<RevenueRow>([
    { $match: { status: 'paid', paidAt: { $gte: since, $lte: now }, ...(members ? { user: { $in: members } } : {}) } },
    { $group: { _id: '$currency', amount: { $sum: '$amount' } } },
    { $sort: { _id: 1 } },
  ]);
  return Promise.all(
    rows.map(async (row) => ({
      currency: row._id,
      // Rounded to cents, so the float noise of a sum (0.1 + 0.2) never reaches the screen.
      amount: Math.round(row.amount * 100) / 100,
      payments: await PaymentModel.countDocuments({ ...paid, currency: row._id }),
    })),
  );
}

/**
 * The payments of the demo memberships, each taken at the desk when it started (they show in 'Mis
 * pagos' and the overview), into an empty payments collection; how many were written.
 */
export async function seedDemoPayments(
  memberships: readonly { user: Types.ObjectId; plan: PlanForSale; start: Date; end: Date }[],
  currency: string,
): Promise<number> {
  if ((await PaymentModel.estimatedDocumentCount()) > 0) return 0;
  const payments = memberships.map(({ user, plan, start, end }) => ({
    user,
    plan: plan._id,
    planName: plan.name,
    duration: plan.duration,
    amount: plan.price,
    currency,
    provider: 'manual',
    providerSessionId: `seed_${user.toString()}`,
    status: 'paid',
    paidAt: start,
    membershipStart: start,
    membershipEnd: end,
  }));
  // One at a time, through the save hook that writes each one's keys; a duplicate is the same
  // payment seeded by another process at the same moment.
  for (const payment of payments) await PaymentModel.create(payment).catch(ignoreDuplicateKeys);
  return payments.length;
}

/**
 * The payments paid since `since` in `currency`, for the overview's daily sums (stats/insights.ts): read by the
 * job runner, never on a request path. A refunded payment is no longer paid, as in the payments list.
 */
export async function paidPaymentsForInsights(currency: string, since: Date): Promise<InsightInput['payments']> {
  // Read a document at a time (a chain's year is tens of thousands of payments): only the rows the
  // sums need stay in memory.
  type Paid = Pick<PaymentDoc, 'user' | 'plan' | 'planName' | 'amount' | 'paidAt'>;
  const rows: InsightInput['payments'][number][] = [];
  const cursor = PaymentModel.find(
    { status: 'paid', currency, paidAt: trusted({ $gte: since }) },
    { user: 1, plan: 1, planName: 1, amount: 1, paidAt: 1 },
  )
    .lean<Paid[]>()
    .cursor();
  for await (const p of cursor as AsyncIterable<Paid>) {
    rows.push({
      member: p.user.toString(),
      plan: p.plan.toString(),
      planName: p.planName,
      amount: p.amount,
      paidAt: (p.paidAt as Date).getTime(),
    });
  }
  return rows;
}

/** A paid purchase of the demo chain's year of history (seed/demo-history.ts). */
export interface HistoryPayment {
  _id: Types.ObjectId;
  user: Types.ObjectId;
  plan: Types.ObjectId;
  planName: string;
  duration: number;
  amount: number;
  paidAt: Date;
  membershipStart: Date;
  membershipEnd: Date;
}

/** Writes the history's payments, taken at the desk or online, paid; once, by the seed. */
export async function insertHistoryPayments(rows: readonly HistoryPayment[], currency: string): Promise<number> {
  if (rows.length === 0) return 0;
  await PaymentModel.collection
    .insertMany(
      rows.map((p, i) => ({
        ...p,
        currency,
        provider: i % 3 === 0 ? 'manual' : 'demo',
        providerSessionId: `history_${p._id.toString()}`,
        checkoutUrl: '',
        returnUrl: '',
        providerEventId: '',
        status: 'paid',
        refundedAt: null,
        refundedBy: null,
        refundReason: '',
        providerRefundId: '',
        renewing: false,
        renewal: null,
        receiptNumber: null,
        createdAt: p.paidAt,
        updatedAt: p.paidAt,
      })) as never[],
      { ordered: false },
    )
    .catch(ignoreDuplicateKeys);
  return rows.length;
}
