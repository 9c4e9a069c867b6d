import { randomUUID } from 'node:crypto';
import { isDuplicateKeyError } from '../../lib/db';
import mongoose, { trusted, Types } from 'mongoose';
import { ERROR_CODES, MESSAGES, type PaymentDto, type PaymentProviderName } from '@pulso/shared';
import { HttpError } from '../../lib/http-error';
import type { Logger } from 'pino';
import type { Mailer } from '../../lib/mailer';
import type { PlanDoc } from '../plans/plans.model';
import { findPlanForSale } from '../plans/plans.service';
import { isMembershipActive } from '../users/users.mapper';
import { UserModel, type UserDoc } from '../users/users.model';
import { findUserEmail } from '../users/users.service';
import { toPaymentDto } from './payments.mapper';
import { PaymentModel, type PaymentDoc } from './payments.model';
import type { PaymentProvider } from './payment-provider';

const PENDING_REUSE_MS = 23 * 60 * 60 * 1000;

const notFound = () => new HttpError(404, ERROR_CODES.NOT_FOUND, MESSAGES.payments.notFound);
const planNotFound = () => new HttpError(404, ERROR_CODES.NOT_FOUND, MESSAGES.api.planNotFound);

/** Records a sale waiting for its payment; the plan's name, months and price are copied from the database. */
function recordPending(
  fields: { user: Types.ObjectId; plan: PlanDoc; currency: string; provider: PaymentProviderName; sessionId: string },
  extra: { _id?: Types.ObjectId; checkoutUrl?: string; returnUrl?: string } = {},
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
  });
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
  const pending = await PaymentModel.findOne({
    user,
    plan: plan._id,
    provider: provider.name,
    status: 'pending',
    returnUrl: urls.success,
    createdAt: trusted({ $gt: new Date(Date.now() - PENDING_REUSE_MS) }),
  }).lean<PaymentDoc>();
  if (pending?.checkoutUrl) return { redirectUrl: pending.checkoutUrl, sessionId: pending.providerSessionId };

  const paymentId = new Types.ObjectId();
  const session = await provider.createCheckout({
    paymentId: paymentId.toString(),
    userId: buyer.id,
    email: buyer.email,
    planName: plan.name,
    amount: plan.price,
    currency,
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
}

function formatDate(date: Date): string {
  return date.toLocaleDateString('es', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
}

async function sendReceipt(deps: FulfilDeps, payment: PaymentDoc, start: Date, end: Date): Promise<void> {
  if (!deps.mailer) return;
  const email = await findUserEmail(payment.user);
  if (!email) return;
  const gym = deps.gymName ?? 'Pulso';
  try {
    await deps.mailer.send({
      to: email,
      subject: `${gym}: recibo de tu membresía ${payment.planName}`,
      text: [
        `¡Gracias por tu pago!`,
        '',
        `Plan: ${payment.planName}`,
        `Importe: ${payment.amount.toFixed(2)} ${payment.currency.toUpperCase()}`,
        `Vigencia: del ${formatDate(start)} al ${formatDate(end)}`,
        `Referencia: ${payment.providerSessionId}`,
      ].join('\n'),
    });
  } catch (error) {
    deps.logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'receipt e-mail not sent');
  }
}

/**
 * Fulfilment claims, one document per payment, keyed by `_id`: the only primitive that every
 * supported engine makes atomic under concurrency is a unique key (FerretDB's findAndModify, for
 * one, is not: two concurrent `pending -> paid` updates can both match). `<paymentId>` holds the
 * membership the payment buys, decided once; `<paymentId>:activated` marks that it was applied.
 */
const claims = () => mongoose.connection.collection<{ _id: string; start?: Date; end?: Date; at: Date }>('fulfilments');

async function claimOnce<T extends object>(id: string, fields: T): Promise<boolean> {
  try {
    await claims().insertOne({ _id: id, ...fields, at: new Date() });
    return true;
  } catch (error) {
    if (isDuplicateKeyError(error)) return false;
    throw error;
  }
}

/**
 * The one place a payment turns into a membership, for every provider. It is idempotent and
 * survives a crash at any step: the same session confirmed twice, one after the other or at once,
 * or retried after a failure half-way, activates the membership exactly once.
 *
 *   1. pending -> paid;
 *   2. the membership it buys is worked out from the member's current one and claimed under the
 *      payment's id; whoever claims first decides it, every later attempt uses that claim;
 *   3. the claimed membership is written on the member (the same values every time, and never
 *      over a membership that already runs further), then recorded on the payment;
 *   4. the first attempt to claim `:activated` reports the activation and sends the receipt.
 *
 * Memberships only ever grow (nothing else shortens them), which is what makes step 3 repeatable.
 */
export async function fulfil(sessionId: string, eventId: string, deps: FulfilDeps): Promise<FulfilmentResult> {
  const won = await PaymentModel.findOneAndUpdate(
    { providerSessionId: sessionId, status: 'pending' },
    { $set: { status: 'paid', paidAt: new Date(), providerEventId: eventId } },
    { new: true },
  ).lean<PaymentDoc>();
  const payment = won ?? (await PaymentModel.findOne({ providerSessionId: sessionId }).lean<PaymentDoc>());
  if (!payment) throw notFound();
  if (payment.status !== 'paid') return { payment: toPaymentDto(payment), activated: false };
  return activate(payment, deps);
}

async function activate(payment: PaymentDoc, deps: FulfilDeps): Promise<FulfilmentResult> {
  const id = payment._id.toString();
  let claim = await claims().findOne({ _id: id });
  if (!claim) {
    // Fulfilled before claims existed (the demo data, older installs): done, nothing to repeat.
    if (payment.membershipStart && payment.membershipEnd) return { payment: toPaymentDto(payment), activated: false };
    const planned = await planMembership(payment);
    if (!planned) {
      deps.logger.warn(
        { sessionId: payment.providerSessionId },
        'payment for an unknown user: recorded, no membership granted',
      );
      return { payment: toPaymentDto(payment), activated: false };
    }
    await claimOnce(id, planned);
    claim = await claims().findOne({ _id: id });
  }
  if (!claim?.start || !claim.end) throw new Error(`fulfilment claim ${id} is incomplete`);
  const { start, end } = claim;
  await UserModel.updateOne(
    { _id: payment.user, $or: [{ membership: null }, { 'membership.end': trusted({ $lte: end }) }] },
    { $set: { membership: { planId: payment.plan, name: payment.planName, start, end } } },
  );
  const done =
    (await PaymentModel.findOneAndUpdate(
      { _id: payment._id },
      { $set: { membershipStart: start, membershipEnd: end } },
      { new: true },
    ).lean<PaymentDoc>()) ?? payment;
  if (!(await claimOnce(`${id}:activated`, {}))) return { payment: toPaymentDto(done), activated: false };
  await sendReceipt(deps, done, start, end);
  return { payment: toPaymentDto(done), activated: true };
}

/**
 * The membership a paid payment buys: a new one runs from the payment moment for the plan's
 * months; an active one is extended from its end. Null when the member does not exist.
 */
async function planMembership(payment: PaymentDoc): Promise<{ start: Date; end: Date } | null> {
  const user = await UserModel.findById(payment.user, { membership: 1 }).lean<UserDoc>();
  if (!user) return null;
  const paidAt = payment.paidAt ?? new Date();
  const renewing = isMembershipActive(user.membership, paidAt) && user.membership;
  const start = renewing ? renewing.start : paidAt;
  const end = new Date(renewing ? renewing.end : paidAt);
  end.setMonth(end.getMonth() + payment.duration);
  return { start, end };
}

/** A front-desk payment taken in person, recorded and fulfilled like any other (provider manual). */
export async function recordManualPayment(
  userId: string,
  planId: string,
  currency: string,
  deps: FulfilDeps,
): Promise<FulfilmentResult> {
  const user = new Types.ObjectId(userId);
  if (!(await findUserEmail(user))) throw new HttpError(404, ERROR_CODES.NOT_FOUND, MESSAGES.users.notFound);
  const plan = await findPlanForSale({ id: planId });
  if (!plan) throw planNotFound();
  const sessionId = `manual_${randomUUID()}`;
  await recordPending({ user, plan, currency, provider: 'manual', sessionId });
  return fulfil(sessionId, '', deps);
}

export async function findSession(sessionId: string): Promise<PaymentDoc> {
  if (typeof sessionId !== 'string' || sessionId.length > 200) throw notFound();
  const doc = await PaymentModel.findOne({ providerSessionId: sessionId }).lean<PaymentDoc>();
  if (!doc) throw notFound();
  return doc;
}

export async function cancelSession(sessionId: string): Promise<PaymentDto> {
  const doc = await PaymentModel.findOneAndUpdate(
    { providerSessionId: sessionId, status: 'pending' },
    { $set: { status: 'cancelled' } },
    { new: true },
  ).lean<PaymentDoc>();
  if (!doc) throw new HttpError(409, ERROR_CODES.CONFLICT, MESSAGES.payments.notPending);
  return toPaymentDto(doc);
}

export async function listPayments(filter: { userId?: string }, limit = 200): Promise<PaymentDto[]> {
  const query = filter.userId ? { user: new Types.ObjectId(filter.userId) } : {};
  const docs = await PaymentModel.find(query).sort({ createdAt: -1 }).limit(limit).lean<PaymentDoc[]>();
  return docs.map(toPaymentDto);
}
