import { MESSAGES, receiptDate, schemas, toBoolean, type SubscriptionDto } from '@pulso/shared';
import type { MockConfig } from '../api';
import type { MockData, MockDb, PaymentRec, SubscriptionRec } from '../db';
import { MockHttpError } from '../http';
import type { Route } from '../route';
import { fulfil, pending } from './payments';

/**
 * Renewing plans (server/src/modules/payments/subscriptions.ts and renewals.ts). The mock has no job
 * runner: a subscription whose charge is due is moved on when its member next reads it, as the
 * server's job would have by then (charged with the demo card, or past due when it fails, lapsed
 * when the grace ends; a stopped one ends).
 */

const DAY_MS = 86_400_000;
/** The server's default RENEWAL_GRACE_DAYS. */
const GRACE_DAYS = 7;

const isLive = (sub: SubscriptionRec) => sub.status === 'active' || sub.status === 'past_due';
const day = (iso: string) => receiptDate(new Date(iso));

export function liveSubscriptionOf(data: MockData, user: string): SubscriptionRec | null {
  return (data.subscriptions ?? []).find((s) => s.user === user && isLive(s)) ?? null;
}

const latestOf = (data: MockData, user: string) =>
  (data.subscriptions ?? []).filter((s) => s.user === user).at(-1) ?? null;

export function startSubscriptionOf(data: MockData, payment: PaymentRec, paidThrough: Date, cardFailing: boolean) {
  const subscriptions = (data.subscriptions ??= []);
  const id = `sub_${payment.id}`;
  if (subscriptions.some((s) => s.id === id)) return;
  subscriptions.push({
    id,
    user: payment.user,
    plan: payment.plan,
    planName: payment.planName,
    duration: payment.duration,
    amount: payment.amount,
    currency: payment.currency,
    provider: payment.provider,
    status: 'active',
    cycle: 1,
    paidThrough: paidThrough.toISOString(),
    nextChargeAt: paidThrough.toISOString(),
    cancelAtPeriodEnd: false,
    canceledAt: null,
    cardFailing,
    failedAt: null,
    graceUntil: null,
    endedAt: null,
    createdAt: new Date().toISOString(),
  });
}

export function renewedOf(data: MockData, id: string, cycle: number, paidThrough: Date) {
  const sub = data.subscriptions?.find((s) => s.id === id);
  if (!sub || sub.cycle >= cycle) return;
  Object.assign(sub, {
    cycle,
    paidThrough: paidThrough.toISOString(),
    nextChargeAt: paidThrough.toISOString(),
    status: 'active',
    failedAt: null,
    graceUntil: null,
  });
  const user = data.users.find((u) => u.id === sub.user);
  if (user?.membership) delete user.membership.graceUntil;
}

/** Moves one subscription on at `now` if it is due (the server's renewOne). */
function renewOne(data: MockData, db: MockDb, config: MockConfig, sub: SubscriptionRec, now: Date) {
  if (!isLive(sub) || !sub.nextChargeAt || new Date(sub.nextChargeAt) > now) return;
  const user = data.users.find((u) => u.id === sub.user);
  if (sub.cancelAtPeriodEnd) {
    Object.assign(sub, { status: 'canceled', endedAt: now.toISOString(), nextChargeAt: null });
    return;
  }
  if (sub.status === 'past_due' && sub.graceUntil && new Date(sub.graceUntil) <= now) {
    Object.assign(sub, { status: 'lapsed', endedAt: now.toISOString(), nextChargeAt: null });
    if (user?.membership) delete user.membership.graceUntil;
    return;
  }
  const cycle = sub.cycle + 1;
  if (sub.cardFailing) {
    const graceUntil = sub.graceUntil ?? new Date(Date.parse(sub.paidThrough) + GRACE_DAYS * DAY_MS).toISOString();
    Object.assign(sub, {
      status: 'past_due',
      failedAt: sub.failedAt ?? now.toISOString(),
      graceUntil,
      nextChargeAt: new Date(Math.min(now.getTime() + DAY_MS, Date.parse(graceUntil))).toISOString(),
    });
    if (user?.membership) user.membership.graceUntil = graceUntil;
    return;
  }
  const plan = data.plans.find((p) => p.id === sub.plan) ?? {
    id: sub.plan,
    name: sub.planName,
    duration: sub.duration,
    price: sub.amount,
    benefits: '',
    deletedAt: null,
  };
  const payment = pending(data, db, sub.currency, {
    user: sub.user,
    plan: { ...plan, name: sub.planName, duration: sub.duration, price: sub.amount },
    provider: sub.provider,
    sessionId: `renewal_${sub.id}_${cycle}`,
  });
  payment.renewal = { subscription: sub.id, cycle, from: sub.paidThrough };
  fulfil(data, config, payment);
}

function toDto(sub: SubscriptionRec): SubscriptionDto {
  return {
    id: sub.id,
    planId: sub.plan,
    planName: sub.planName,
    amount: sub.amount,
    currency: sub.currency,
    provider: sub.provider,
    status: sub.status,
    paidThrough: sub.paidThrough,
    renewsAt: isLive(sub) && !sub.cancelAtPeriodEnd ? sub.paidThrough : null,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    canceledAt: sub.canceledAt,
    cardFailing: sub.provider === 'demo' ? sub.cardFailing : false,
    failedAt: sub.failedAt,
    graceUntil: sub.graceUntil,
    endedAt: sub.endedAt,
  };
}

function live(data: MockData, db: MockDb, config: MockConfig, user: string): SubscriptionRec {
  const sub = liveSubscriptionOf(data, user);
  if (sub) renewOne(data, db, config, sub, new Date());
  const still = liveSubscriptionOf(data, user);
  if (!still) throw MockHttpError.notFound(MESSAGES.subscriptions.notFound);
  return still;
}

export const subscriptionsHandlers = (route: Route) => [
  route(
    'GET /subscriptions/mine',
    { access: 'signed-in', ok: [200, schemas.mySubscription] },
    ({ user, data, db, config }) => {
      const current = liveSubscriptionOf(data, user.id);
      if (current) {
        renewOne(data, db, config, current, new Date());
        // A GET is not saved by the router: a renewal made now is kept.
        db.save();
      }
      const sub = latestOf(data, user.id);
      return { subscription: sub ? toDto(sub) : null };
    },
  ),

  route(
    'POST /subscriptions/mine/cancel',
    { access: 'signed-in', ok: [200, schemas.subscriptionSaved] },
    ({ user, data, db, config }) => {
      const sub = live(data, db, config, user.id);
      if (!sub.cancelAtPeriodEnd) Object.assign(sub, { cancelAtPeriodEnd: true, canceledAt: new Date().toISOString() });
      return { message: MESSAGES.subscriptions.cancelled(day(sub.paidThrough)), subscription: toDto(sub) };
    },
  ),

  route(
    'POST /subscriptions/mine/resume',
    { access: 'signed-in', ok: [200, schemas.subscriptionSaved] },
    ({ user, data, db, config }) => {
      const sub = live(data, db, config, user.id);
      Object.assign(sub, { cancelAtPeriodEnd: false, canceledAt: null });
      return { message: MESSAGES.subscriptions.resumed(day(sub.paidThrough)), subscription: toDto(sub) };
    },
  ),

  route(
    'PUT /subscriptions/mine/card',
    { access: 'signed-in', body: schemas.demoCardForm, ok: [200, schemas.subscriptionSaved] },
    ({ input, user, data, db, config }) => {
      const sub = live(data, db, config, user.id);
      if (sub.provider !== 'demo') throw MockHttpError.conflict(MESSAGES.subscriptions.notDemo);
      sub.cardFailing = toBoolean(input.failing) === true;
      if (!sub.cardFailing && sub.status === 'past_due') {
        sub.nextChargeAt = new Date().toISOString();
        renewOne(data, db, config, sub, new Date());
      }
      const after = data.subscriptions?.find((s) => s.id === sub.id) ?? sub;
      return { message: MESSAGES.subscriptions.cardSaved, subscription: toDto(after) };
    },
  ),

  route(
    'POST /subscriptions/mine/portal',
    { access: 'signed-in', ok: [200, schemas.portalStarted] },
    ({ user, data, db, config }) => {
      live(data, db, config, user.id);
      throw MockHttpError.conflict(MESSAGES.subscriptions.notStripe);
    },
  ),

  route('GET /subscriptions', { access: 'manager', ok: [200, schemas.adminSubscription.array()] }, ({ data }) =>
    [...(data.subscriptions ?? [])].reverse().map((sub) => ({
      ...toDto(sub),
      userId: sub.user,
      memberName: data.users.find((u) => u.id === sub.user)?.fullName ?? '',
    })),
  ),
];
