import * as z from 'zod';
import { auditChange, auditCreate, paymentSnapshot } from '../audit';
import { pageOf } from './users';
import {
  CSV_BOM,
  datedMembership,
  DEMO_ISSUER,
  ERROR_CODES,
  membershipAfterRefund,
  parsePaymentQuery,
  paymentCsvLine,
  PAYMENTS_CSV_HEADER,
  toText,
  type AdminPaymentDto,
  type PaymentQuery,
  isoMembership,
  membershipAfterPurchase,
  MESSAGES,
  purchaseRuleText,
  receiptDate,
  receiptFileName,
  schemas,
  toBoolean,
} from '@pulso/shared';
import type { MockConfig } from '../api';
import { randomHex, type MockData, type MockDb, type PaymentRec, type PlanRec, type ReceiptRec } from '../db';
import { liveSubscriptionOf, renewedOf, startSubscriptionOf } from './subscriptions';
import { checkId, MockHttpError } from '../http';
import { findPlanOnSale, findUser } from '../lookups';
import { newestFirst, toMembershipDto, toPaymentDto } from '../mappers';
import type { Route } from '../route';
import type { AuthUser } from '../session';

/**
 * The payments module (server/src/modules/payments) with the built-in demo checkout: a checkout
 * session per plan bought, paid or cancelled on the SPA's demo checkout page, and front-desk payments.
 */

/** A pending demo checkout of the same plan is reused for this long. */
const PENDING_REUSE_MS = 23 * 60 * 60 * 1000;

const notFound = () => MockHttpError.notFound(MESSAGES.payments.notFound);

/** A checkout session of the caller (any, for an admin). */
function ownSession(data: MockData, user: AuthUser, sessionId: string): PaymentRec {
  if (sessionId.length > 200) throw notFound();
  const payment = data.payments.find((p) => p.providerSessionId === sessionId);
  if (!payment) throw notFound();
  if (!user.isAdmin && payment.user !== user.id) throw MockHttpError.forbidden(MESSAGES.payments.notYours);
  return payment;
}

const newest = (rows: PaymentRec[]) => [...rows].sort(newestFirst('createdAt')).slice(0, 200).map(toPaymentDto);

/**
 * A plan paid at the front desk, recorded and fulfilled (the server's recordManualPayment); `key`:
 * the sale's own key (a bulk sale's request and member), so the same sale sent again is one payment.
 */
export function sellAtDesk(
  data: MockData,
  db: MockDb,
  config: MockConfig,
  userIdText: string,
  planId: string,
  key?: string,
): PaymentRec {
  const userId = userIdText.toLowerCase();
  if (!data.users.some((u) => u.id === userId && !u.deletedAt)) throw MockHttpError.notFound(MESSAGES.users.notFound);
  const plan = findPlanOnSale(data, planId);
  const sessionId = `manual_${key ?? crypto.randomUUID()}`;
  const existing = data.payments.find((p) => p.providerSessionId === sessionId);
  if (existing) return existing;
  const payment = pending(data, db, config.currency, { user: userId, plan, provider: 'manual', sessionId });
  fulfil(data, config, payment);
  return payment;
}

const refused = (message: string) => new MockHttpError(409, ERROR_CODES.REFUND_REFUSED, message);

/** A payment as the admin's list shows it (the server's payments.admin.ts). */
function toAdminPayment(data: MockData, payment: PaymentRec): AdminPaymentDto {
  const user = data.users.find((u) => u.id === payment.user);
  const branch = user?.homeBranch ? data.branches.find((b) => b.id === user.homeBranch) : undefined;
  return {
    ...toPaymentDto(payment),
    memberName: user?.fullName ?? MESSAGES.receipts.anonymous,
    memberEmail: user?.email ?? '',
    homeBranch: branch ? { id: branch.id, name: branch.name } : null,
    refundedAt: payment.refundedAt ?? null,
    refundReason: payment.refundReason ?? '',
    refundable: payment.status === 'paid',
  };
}

function paymentQueryOf(url: URL): PaymentQuery {
  const parsed = parsePaymentQuery(Object.fromEntries(url.searchParams));
  if ('invalid' in parsed) {
    throw MockHttpError.validation({ [parsed.invalid]: MESSAGES.users.queryInvalid(parsed.invalid) });
  }
  return parsed.query;
}

/** The payments the filters ask for, newest first (the gym's dates being UTC's). */
function adminPayments(data: MockData, query: PaymentQuery): AdminPaymentDto[] {
  return [...data.payments]
    .reverse()
    .sort(newestFirst('createdAt'))
    .map((p) => toAdminPayment(data, p))
    .filter((p) => !query.status || p.status === query.status)
    .filter((p) => !query.method || p.provider === query.method)
    .filter((p) => !query.plan || p.planId === query.plan)
    .filter((p) => !query.branch || (query.branch === 'none' ? !p.homeBranch : p.homeBranch?.id === query.branch))
    .filter((p) => !query.from || (p.paidAt ?? p.createdAt).slice(0, 10) >= query.from)
    .filter((p) => !query.to || (p.paidAt ?? p.createdAt).slice(0, 10) <= query.to);
}

export function pending(
  data: MockData,
  db: MockDb,
  currency: string,
  {
    user,
    plan,
    provider,
    sessionId,
  }: { user: string; plan: PlanRec; provider: PaymentRec['provider']; sessionId: string },
): PaymentRec {
  const payment: PaymentRec = {
    id: db.id(),
    user,
    plan: plan.id,
    planName: plan.name,
    duration: plan.duration,
    amount: plan.price,
    currency,
    provider,
    providerSessionId: sessionId,
    status: 'pending',
    checkoutUrl: null,
    createdAt: new Date().toISOString(),
    paidAt: null,
    membershipStart: null,
    membershipEnd: null,
  };
  data.payments.push(payment);
  return payment;
}

/**
 * The payment's receipt, issued now if it has none (the server's modules/payments/receipts.ts): the
 * next number of the one sequence, and what it says as of now.
 */
function issueReceipt(data: MockData, config: MockConfig, payment: PaymentRec, note: string | null = null) {
  const receipts = (data.receipts ??= []);
  const existing = receipts.find((r) => r.payment === payment.id);
  if (existing) return existing;
  const buyer = data.users.find((u) => u.id === payment.user);
  const receipt: ReceiptRec = {
    number: receipts.length + 1,
    payment: payment.id,
    issuedAt: payment.paidAt ?? new Date().toISOString(),
    issuer: { name: config.gymName, ...DEMO_ISSUER, taxRate: 0 },
    buyer: buyer ? { name: buyer.fullName, email: buyer.email } : { name: MESSAGES.receipts.anonymous, email: '' },
    planName: payment.planName,
    period:
      payment.membershipStart && payment.membershipEnd
        ? { start: payment.membershipStart, end: payment.membershipEnd }
        : null,
    amount: payment.amount,
    currency: payment.currency,
    method: payment.provider,
    reference: payment.providerSessionId,
    note,
  };
  receipts.push(receipt);
  payment.receiptNumber = receipt.number;
  return receipt;
}

/**
 * pending -> paid, once; the membership changes by the shared purchase rule, as on the server. A
 * renewing plan's first payment starts its subscription; a renewal counts from the end before it.
 */
export function fulfil(
  data: MockData,
  config: MockConfig,
  payment: PaymentRec,
  options: { failRenewals?: boolean } = {},
) {
  if (payment.status !== 'pending') return;
  const paidAt = new Date();
  payment.status = 'paid';
  payment.paidAt = paidAt.toISOString();
  const user = data.users.find((u) => u.id === payment.user);
  if (!user) return;
  const from = payment.renewal ? new Date(payment.renewal.from) : null;
  const outcome = membershipAfterPurchase(
    user.membership ? datedMembership(user.membership) : null,
    { id: payment.plan, name: payment.planName, duration: payment.duration },
    from && from <= paidAt ? new Date(from.getTime() - 1) : paidAt,
  );
  user.membership = isoMembership(outcome.membership);
  payment.membershipStart = outcome.period.start.toISOString();
  payment.membershipEnd = outcome.period.end.toISOString();
  const note = outcome.kind === 'new' ? null : purchaseRuleText(outcome, payment.planName, receiptDate);
  issueReceipt(data, config, payment, note);
  const plan = data.plans.find((p) => p.id === payment.plan);
  if (payment.renewal) renewedOf(data, payment.renewal.subscription, payment.renewal.cycle, outcome.period.end);
  // Sold at the front desk it is paid for one period: there is no card to charge again.
  else if (plan?.renewing && payment.provider !== 'manual') {
    startSubscriptionOf(data, payment, outcome.period.end, options.failRenewals === true);
  }
}

/** A receipt's PDF, rendered by the server's code (loaded when the first receipt is asked for). */
async function receiptPdf(receipt: ReceiptRec): Promise<Uint8Array> {
  const { renderReceiptPdf } = await import('@pulso/shared/receipt-pdf');
  const { period, issuedAt } = receipt;
  return renderReceiptPdf({
    ...receipt,
    issuedAt: new Date(issuedAt),
    period: period && { start: new Date(period.start), end: new Date(period.end) },
  });
}

export const paymentsHandlers = (route: Route) => [
  route(
    'POST /payments/create_checkout',
    { access: 'signed-in', body: schemas.checkoutForm, ok: [201, schemas.checkoutStarted] },
    ({ input, user, data, db, config }) => {
      if (input.id !== undefined && input.id !== user.id) throw MockHttpError.forbidden();
      const plan = input.planId
        ? data.plans.find((p) => p.id === checkId(input.planId ?? '') && !p.deletedAt)
        : data.plans.find((p) => p.name === input.name && !p.deletedAt);
      if (!plan) throw MockHttpError.notFound(MESSAGES.api.planNotFound);
      if (plan.renewing && liveSubscriptionOf(data, user.id)) {
        throw MockHttpError.conflict(MESSAGES.subscriptions.alreadyRenewing);
      }
      const since = Date.now() - PENDING_REUSE_MS;
      const reuse = data.payments.find(
        (p) =>
          p.user === user.id &&
          p.plan === plan.id &&
          p.provider === 'demo' &&
          p.status === 'pending' &&
          new Date(p.createdAt).getTime() > since,
      );
      if (reuse?.checkoutUrl) return { redirect_url: reuse.checkoutUrl };
      const sessionId = `demo_${randomHex(12)}`;
      const payment = pending(data, db, config.currency, { user: user.id, plan, provider: 'demo', sessionId });
      // A path of the SPA, as the server sends it (opened at the SPA's own origin).
      payment.checkoutUrl = `/stripe/checkout/${sessionId}`;
      return { redirect_url: payment.checkoutUrl };
    },
  ),

  route(
    'GET /payments/session/:sessionId',
    { access: 'signed-in', ok: [200, schemas.checkoutSession] },
    ({ params, user, data }) => {
      const payment = ownSession(data, user, params.sessionId);
      return {
        ...payment,
        sessionId: payment.providerSessionId,
        benefits: data.plans.find((p) => p.id === payment.plan)?.benefits ?? '',
        renewing: data.plans.find((p) => p.id === payment.plan)?.renewing === true,
      };
    },
  ),

  route(
    'POST /payments/demo/:sessionId/confirm',
    { access: 'signed-in', body: schemas.demoConfirmForm, ok: [200, schemas.paymentConfirmed] },
    ({ params, input, user, data, config }) => {
      const payment = ownSession(data, user, params.sessionId);
      if (payment.provider !== 'demo') throw MockHttpError.conflict(MESSAGES.payments.notDemo);
      if (payment.status === 'cancelled') throw MockHttpError.conflict(MESSAGES.payments.notPending);
      fulfil(data, config, payment, { failRenewals: toBoolean(input.failRenewals) === true });
      return {
        message: MESSAGES.payments.success,
        payment: toPaymentDto(payment),
        membresia: toMembershipDto(findUser(data, payment.user).membership),
      };
    },
  ),

  route(
    'POST /payments/demo/:sessionId/cancel',
    { access: 'signed-in', ok: [200, schemas.paymentSaved] },
    ({ params, user, data }) => {
      const payment = ownSession(data, user, params.sessionId);
      if (payment.provider !== 'demo') throw MockHttpError.conflict(MESSAGES.payments.notDemo);
      if (payment.status !== 'pending') throw MockHttpError.conflict(MESSAGES.payments.notPending);
      payment.status = 'cancelled';
      return { message: MESSAGES.payments.cancelled, payment: toPaymentDto(payment) };
    },
  ),

  route('GET /payments/mine', { access: 'signed-in', ok: [200, schemas.payment.array()] }, ({ user, data }) =>
    newest(data.payments.filter((p) => p.user === user.id)),
  ),

  route(
    'GET /payments/:id/receipt',
    {
      access: 'signed-in',
      ok: [200, z.custom<Uint8Array>((v) => v instanceof Uint8Array)],
      okContentType: 'application/pdf',
    },
    async ({ params, user, data, db, config, headers }) => {
      const payment = data.payments.find((p) => p.id === checkId(params.id));
      if (!payment) throw notFound();
      if (!user.isAdmin && payment.user !== user.id) throw MockHttpError.forbidden(MESSAGES.payments.notYours);
      if (payment.status !== 'paid' && payment.status !== 'refunded')
        throw MockHttpError.notFound(MESSAGES.receipts.missing);
      const numbered = payment.receiptNumber != null;
      const receipt = issueReceipt(data, config, payment);
      // A GET is not saved by the router: a number given now is kept.
      if (!numbered) db.save();
      headers.set('Content-Disposition', `attachment; filename="${receiptFileName(receipt.number)}"`);
      headers.set('Cache-Control', 'private, no-store');
      return receiptPdf(receipt);
    },
  ),

  route('GET /payments', { access: 'manager', ok: [200, schemas.adminPayment.array()] }, ({ url, data, headers }) => {
    const rows = adminPayments(data, paymentQueryOf(url));
    const { page, limit } = pageOf(url.searchParams);
    headers.set('X-Total-Count', String(rows.length));
    return rows.slice((page - 1) * limit, page * limit);
  }),

  route(
    'GET /payments/csv',
    { access: 'manager', ok: [200, z.string()], okContentType: 'text/csv' },
    ({ url, data, headers }) => {
      const rows = adminPayments(data, paymentQueryOf(url));
      const now = new Date();
      headers.set(
        'Content-Disposition',
        `attachment; filename="${MESSAGES.payments.csv.filename(now.toISOString().slice(0, 10))}"`,
      );
      const lines = rows.map((p) =>
        paymentCsvLine({
          at: p.paidAt ?? p.createdAt,
          memberName: p.memberName,
          memberEmail: p.memberEmail,
          planName: p.planName,
          homeBranch: p.homeBranch?.name ?? null,
          method: p.provider,
          status: p.status,
          amount: p.amount,
          currency: p.currency,
          receiptNumber: p.receiptNumber,
          refundedAt: p.refundedAt,
        }),
      );
      return `${CSV_BOM}${PAYMENTS_CSV_HEADER}\r\n${lines.map((line) => `${line}\r\n`).join('')}`;
    },
  ),

  route(
    'POST /payments/:id/refund',
    {
      access: 'manager',
      audit: auditChange('payment', 'refund', paymentSnapshot),
      body: schemas.refundForm,
      ok: [200, schemas.paymentRefunded],
    },
    ({ params, input, data }) => {
      checkId(params.id);
      const payment = data.payments.find((p) => p.id === params.id);
      if (!payment) throw notFound();
      if (payment.status === 'refunded') throw refused(MESSAGES.payments.refund.already);
      if (payment.status !== 'paid') throw refused(MESSAGES.payments.refund.notPaid);
      // As the server's refunds.ts: the membership loses the payment's days, never before now.
      const now = new Date();
      const user = data.users.find((u) => u.id === payment.user);
      if (user?.membership && payment.membershipStart && payment.membershipEnd) {
        const { membership } = membershipAfterRefund(
          datedMembership(user.membership),
          { start: new Date(payment.membershipStart), end: new Date(payment.membershipEnd) },
          now,
        );
        user.membership = {
          ...isoMembership(membership),
          ...(user.membership.graceUntil ? { graceUntil: user.membership.graceUntil } : {}),
        };
      }
      payment.status = 'refunded';
      payment.refundedAt = now.toISOString();
      payment.refundReason = toText(input.reason);
      // A renewing plan's refunded charge ends its renewal.
      if (
        payment.renewal ||
        (data.subscriptions ?? []).some((s) => s.user === payment.user && s.plan === payment.plan)
      ) {
        for (const sub of data.subscriptions ?? []) {
          if (sub.user === payment.user && (sub.status === 'active' || sub.status === 'past_due')) {
            sub.status = 'canceled';
            sub.endedAt = now.toISOString();
            sub.nextChargeAt = null;
          }
        }
      }
      const membresia = user?.membership ? toMembershipDto(user.membership, now) : null;
      return {
        message: MESSAGES.payments.refund.done(
          payment.planName,
          membresia ? receiptDate(new Date(membresia.end)) : null,
        ),
        payment: toAdminPayment(data, payment),
        membresia,
      };
    },
  ),

  route(
    'POST /payments/manual',
    {
      access: 'desk',
      audit: auditCreate('payment', paymentSnapshot, (a: { payment: { id: string } }) => a.payment.id, 'payment'),
      body: schemas.manualPaymentForm,
      ok: [201, schemas.paymentSaved],
    },
    ({ input, data, db, config }) => {
      const payment = sellAtDesk(data, db, config, input.userId ?? '', input.planId ?? '');
      return { message: MESSAGES.payments.success, payment: toPaymentDto(payment) };
    },
  ),
];
