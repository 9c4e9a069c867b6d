import { userDirectory } from '../users/user-directory';
import mongoose, { trusted, type Types } from 'mongoose';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import { MESSAGES, type SubscriptionDto } from '@pulso/shared';
import { isDuplicateKeyError, NEWEST_FIRST } from '../../lib/db';
import { KeyedLock } from '../../lib/keyed-lock';
import { mailAmount, mailDate, type Mailer } from '../../lib/mailer';
import { findUserContact, memberSubscription, setMemberSubscription, setMembershipGrace } from '../users/users.service';
import { SubscriptionModel, type SubscriptionDoc } from './subscriptions.model';

/**
 * Renewing plans (issue 23, item 2). A plan sold as renewing starts a subscription when its first
 * payment is fulfilled; each later charge is a payment like any other (a renewal: payments.service
 * `payRenewal`), fulfilled once, which moves the subscription on. A charge that fails starts dunning:
 * the member is e-mailed once and keeps access until the grace period ends (RENEWAL_GRACE_DAYS),
 * while the charge is retried daily; past it the subscription lapses. A member stops the renewal
 * from their profile: it runs to the end of the period paid for.
 *
 * The demo provider's charges are made by the job runner (renewals.ts) with a switch that makes the
 * demo card fail; Stripe's by Stripe, reported by its signed webhooks (payments.webhook.ts).
 */

export const subscriptionIdOf = (firstPaymentId: string) => `sub_${firstPaymentId}`;

const DAY_MS = 86_400_000;
/** A failed charge is tried again this long after (until the grace period ends). */
export const RETRY_MS = DAY_MS;

export interface SubscriptionDeps {
  mailer?: Mailer;
  gymName: string;
  publicUrl: string;
  /** Days a member keeps access after a renewal's charge failed (config.memberships.graceDays). */
  graceDays: number;
  logger?: Pick<Logger, 'warn'>;
}

export const findSubscription = (id: string) => SubscriptionModel.findById(id).lean<SubscriptionDoc>();

/** The member's subscription that still runs (active, or charging again after a failure), if any. */
export async function liveSubscriptionOf(userId: Types.ObjectId): Promise<SubscriptionDoc | null> {
  const id = await memberSubscription(userId);
  const sub = id ? await findSubscription(id) : null;
  return sub && sub.user.equals(userId) && isLive(sub) ? sub : null;
}

/** The member's latest subscription, live or ended (their profile shows how it ended). */
export async function latestSubscriptionOf(userId: Types.ObjectId): Promise<SubscriptionDoc | null> {
  const id = await memberSubscription(userId);
  const sub = id ? await findSubscription(id) : null;
  return sub?.user.equals(userId) ? sub : null;
}

export const isLive = (sub: Pick<SubscriptionDoc, 'status'>) => sub.status === 'active' || sub.status === 'past_due';

/** One subscription's document is written by one caller at a time in this process. */
const writes = new KeyedLock();

/**
 * Writes what `change` asks of the subscription as it is stored now (nothing when it answers null)
 * and returns it. Every change sets values, never increments, so a write repeated changes nothing.
 */
export async function writeSubscription(
  id: string,
  change: (stored: SubscriptionDoc) => Partial<SubscriptionDoc> | null,
): Promise<SubscriptionDoc | null> {
  return writes.run(id, async () => {
    const stored = await findSubscription(id);
    if (!stored) return null;
    const set = change(stored);
    if (!set) return stored;
    await SubscriptionModel.updateOne({ _id: id }, { $set: set });
    return { ...stored, ...set };
  });
}

/** What a paid first payment of a renewing plan starts (once, however often it is fulfilled). */
export interface SubscriptionStart {
  paymentId: string;
  user: Types.ObjectId;
  plan: { id: Types.ObjectId; name: string; duration: number };
  amount: number;
  currency: string;
  provider: SubscriptionDoc['provider'];
  /** The end of the period the first payment paid for. */
  paidThrough: Date;
  cardFailing?: boolean;
  stripeSubscriptionId?: string;
  stripeCustomerId?: string;
}

export async function startSubscription(start: SubscriptionStart): Promise<SubscriptionDoc> {
  const _id = subscriptionIdOf(start.paymentId);
  const doc = {
    _id,
    user: start.user,
    plan: start.plan.id,
    planName: start.plan.name,
    duration: start.plan.duration,
    amount: start.amount,
    currency: start.currency,
    provider: start.provider,
    status: 'active' as const,
    cycle: 1,
    paidThrough: start.paidThrough,
    nextChargeAt: start.paidThrough,
    cancelAtPeriodEnd: false,
    canceledAt: null,
    cardFailing: start.cardFailing === true,
    failedAt: null,
    graceUntil: null,
    endedAt: null,
    stripeSubscriptionId: start.stripeSubscriptionId ?? '',
    stripeCustomerId: start.stripeCustomerId ?? '',
  };
  try {
    await SubscriptionModel.create(doc);
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
  }
  const stored = await findSubscription(_id);
  if (!stored) throw new Error(`subscription ${_id} was not written`);
  // The member's renewing plan from now on (a later one replaces an ended one).
  const current = await memberSubscription(start.user);
  if (current !== _id) await setMemberSubscription(start.user, _id);
  return stored;
}

/** A renewal's charge was paid: the subscription is current again until the new period's end. */
export async function renewed(id: string, cycle: number, paidThrough: Date): Promise<void> {
  const sub = await writeSubscription(id, (s) =>
    s.cycle >= cycle
      ? null
      : {
          cycle,
          paidThrough,
          nextChargeAt: paidThrough,
          status: 'active',
          failedAt: null,
          graceUntil: null,
        },
  );
  if (sub) await setMembershipGrace(sub.user, null);
}

/** The notices of a subscription, each sent once: the right to send is an insert under its key. */
const notices = () => mongoose.connection.collection<{ _id: string; at: Date }>('subscription_notices');

async function noticeOnce(key: string, send: () => Promise<void>, deps: SubscriptionDeps): Promise<void> {
  try {
    await notices().insertOne({ _id: key, at: new Date() });
  } catch (error) {
    if (isDuplicateKeyError(error)) return;
    throw error;
  }
  try {
    await send();
  } catch (error) {
    // Given back, so the next run tries again.
    await notices().deleteOne({ _id: key });
    deps.logger?.warn(
      { err: error instanceof Error ? error.message : String(error), key },
      'subscription e-mail not sent',
    );
  }
}

/**
 * A charge of the subscription failed (`attempt` names it: the cycle, or Stripe's invoice): it is
 * past due, the member keeps access until the grace period ends and is e-mailed once per attempt
 * with where to update their card; the charge is retried daily meanwhile.
 */
export async function renewalFailed(
  id: string,
  attempt: string,
  deps: SubscriptionDeps,
  now = new Date(),
): Promise<SubscriptionDoc | null> {
  const sub = await writeSubscription(id, (s) => {
    if (!isLive(s)) return null;
    const graceUntil = s.graceUntil ?? new Date(s.paidThrough.getTime() + deps.graceDays * DAY_MS);
    const retry = new Date(Math.min(now.getTime() + RETRY_MS, graceUntil.getTime()));
    return { status: 'past_due', failedAt: s.failedAt ?? now, graceUntil, nextChargeAt: retry };
  });
  if (!sub || !isLive(sub) || !sub.graceUntil) return sub;
  await setMembershipGrace(sub.user, sub.graceUntil);
  const until = sub.graceUntil;
  await noticeOnce(
    `${id}:${attempt}:failed`,
    async () => {
      const contact = await findUserContact(sub.user);
      if (!contact || !deps.mailer) return;
      const m = MESSAGES.subscriptions;
      const profile = `${deps.publicUrl.replace(/\/$/, '')}/profile`;
      await deps.mailer.send({
        to: contact.email,
        subject: m.failedSubject(deps.gymName, sub.planName),
        text: [
          m.failedText(contact.fullName, sub.planName, mailAmount(sub.amount, sub.currency), mailDate(until)),
          '',
          m.updateCard(profile),
        ].join('\n'),
      });
    },
    deps,
  );
  return sub;
}

/** The grace period ended unpaid: the subscription lapses and the member's access ends with it. */
export async function lapse(id: string, deps: SubscriptionDeps, now = new Date()): Promise<SubscriptionDoc | null> {
  const sub = await writeSubscription(id, (s) =>
    s.status === 'past_due' ? { status: 'lapsed', endedAt: now, nextChargeAt: null } : null,
  );
  if (!sub || sub.status !== 'lapsed') return sub;
  await setMembershipGrace(sub.user, null);
  await noticeOnce(
    `${id}:lapsed`,
    async () => {
      const contact = await findUserContact(sub.user);
      if (!contact || !deps.mailer) return;
      const m = MESSAGES.subscriptions;
      await deps.mailer.send({
        to: contact.email,
        subject: m.lapsedSubject(deps.gymName, sub.planName),
        text: [
          m.lapsedText(contact.fullName, sub.planName),
          '',
          MESSAGES.memberships.seePlans(`${deps.publicUrl.replace(/\/$/, '')}/#planes`),
        ].join('\n'),
      });
    },
    deps,
  );
  return sub;
}

/** A renewal the member stopped (or Stripe ended) comes to its end: no more charges. */
export async function endSubscription(id: string, now = new Date()): Promise<SubscriptionDoc | null> {
  const sub = await writeSubscription(id, (s) =>
    isLive(s) ? { status: 'canceled', endedAt: now, nextChargeAt: null, canceledAt: s.canceledAt ?? now } : null,
  );
  if (sub) await setMembershipGrace(sub.user, null);
  return sub;
}

/**
 * The member's renewing plan ends now (their account was erased): Pulso charges nothing more, and a
 * Stripe subscription is cancelled there too (`stripe`: the client, when Stripe is configured).
 */
export async function stopRenewalsOf(
  userId: Types.ObjectId,
  stripe: Pick<Stripe, 'subscriptions'> | undefined,
  now = new Date(),
): Promise<void> {
  const sub = await liveSubscriptionOf(userId);
  if (!sub) return;
  if (sub.provider === 'stripe' && sub.stripeSubscriptionId && stripe) {
    await stripe.subscriptions.cancel(sub.stripeSubscriptionId);
  }
  await endSubscription(sub._id, now);
}

/** The member stops (or restarts) the renewal: it runs to the end of the period paid for. */
export async function setCancelAtPeriodEnd(id: string, cancel: boolean, now = new Date()) {
  return writeSubscription(id, (s) =>
    !isLive(s) || s.cancelAtPeriodEnd === cancel
      ? null
      : { cancelAtPeriodEnd: cancel, canceledAt: cancel ? now : null },
  );
}

/**
 * The member's membership was paused (`key`: the pause's, `pause`: its moments): a renewing plan
 * whose period runs when the pause starts is charged that much later (no charge while paused), once
 * per pause however often this runs: the pause's key is written with the dates it moved, by the
 * subscription's one writer at a time (the pause's request, or the pauses job a minute later). With
 * Stripe, the subscription's next invoice is moved there too (`stripe`: the client, when Stripe is
 * configured); first, so a failure there leaves the pause to apply again.
 */
export async function pauseRenewal(
  userId: Types.ObjectId,
  key: string,
  pause: { from: Date; until: Date },
  stripe: Pick<Stripe, 'subscriptions'> | undefined,
): Promise<SubscriptionDoc | null> {
  const live = await liveSubscriptionOf(userId);
  if (!live) return null;
  const shift = pause.until.getTime() - pause.from.getTime();
  const moved = (s: SubscriptionDoc) => {
    const paidThrough = new Date(s.paidThrough.getTime() + shift);
    const nextChargeAt =
      s.nextChargeAt && s.nextChargeAt >= pause.from ? new Date(s.nextChargeAt.getTime() + shift) : s.nextChargeAt;
    return { paidThrough, nextChargeAt };
  };
  const applies = (s: SubscriptionDoc) => isLive(s) && s.paidThrough > pause.from && !(s.pauses ?? []).includes(key);
  if (!applies(live)) return live;
  if (live.provider === 'stripe' && live.stripeSubscriptionId && stripe) {
    // Stripe's next invoice moves to the new end of the period (a free stretch, nothing prorated).
    await stripe.subscriptions.update(live.stripeSubscriptionId, {
      trial_end: Math.floor(moved(live).paidThrough.getTime() / 1000),
      proration_behavior: 'none',
    });
  }
  return writeSubscription(live._id, (s) => (applies(s) ? { ...moved(s), pauses: [...(s.pauses ?? []), key] } : null));
}

/** The demo card's switch: its next charges fail, or go through. */
export async function setCardFailing(id: string, failing: boolean) {
  return writeSubscription(id, (s) => (s.cardFailing === failing ? null : { cardFailing: failing }));
}

/**
 * Of these subscriptions, those that will charge again at the end of their period (live, not
 * stopped), by id: the reminders job tells their members of the charge instead of the end.
 */
export async function renewingSubscriptions(ids: readonly string[]): Promise<Map<string, SubscriptionDoc>> {
  if (ids.length === 0) return new Map();
  const docs = await SubscriptionModel.find({ _id: trusted({ $in: [...new Set(ids)] }) }).lean<SubscriptionDoc[]>();
  return new Map(docs.filter((d) => isLive(d) && !d.cancelAtPeriodEnd).map((d) => [d._id, d]));
}

/** Every subscription, newest first, with whose it is (the admin's list). */
export async function listSubscriptions(limit = 200, sede: string | null = null) {
  const newest = SubscriptionModel.find({}).sort(NEWEST_FIRST);
  let docs: SubscriptionDoc[];
  if (sede) {
    // A sede manager's: their sede's members' plans, the newest `limit` of them.
    const members = new Set((await userDirectory()).filter((r) => r.homeBranch?.id === sede).map((r) => r.id));
    docs = (await newest.lean<SubscriptionDoc[]>()).filter((sub) => members.has(sub.user.toString())).slice(0, limit);
  } else {
    docs = await newest.limit(limit).lean<SubscriptionDoc[]>();
  }
  return Promise.all(
    docs.map(async (sub) => ({
      ...toSubscriptionDto(sub),
      userId: sub.user.toString(),
      memberName: (await findUserContact(sub.user))?.fullName ?? '',
    })),
  );
}

/** A subscription as the member and the admin read it. */
export function toSubscriptionDto(sub: SubscriptionDoc): SubscriptionDto {
  const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
  return {
    id: sub._id,
    planId: sub.plan.toString(),
    planName: sub.planName,
    amount: sub.amount,
    currency: sub.currency,
    provider: sub.provider,
    status: sub.status,
    paidThrough: sub.paidThrough.toISOString(),
    renewsAt: isLive(sub) && !sub.cancelAtPeriodEnd ? sub.paidThrough.toISOString() : null,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    canceledAt: iso(sub.canceledAt),
    cardFailing: sub.provider === 'demo' ? sub.cardFailing : false,
    failedAt: iso(sub.failedAt),
    graceUntil: iso(sub.graceUntil),
    endedAt: iso(sub.endedAt),
  };
}

/**
 * Renewals whose last charge failed between `since` and `until`, newest first (the overview's
 * failed payments): still in their grace ('past_due') or lapsed after it.
 */
export async function failedRenewals(since: Date, until: Date): Promise<SubscriptionDoc[]> {
  const docs = await SubscriptionModel.find({ failedAt: trusted({ $gte: since, $lte: until }) }).lean<
    SubscriptionDoc[]
  >();
  return docs
    .filter((d) => d.status === 'past_due' || d.status === 'lapsed')
    .sort((a, b) => (b.failedAt?.getTime() ?? 0) - (a.failedAt?.getTime() ?? 0));
}

/** A renewing plan of the demo chain's history whose last charge failed (the overview's failed payments). */
export async function insertFailedHistorySubscriptions(
  rows: readonly {
    _id: string;
    user: Types.ObjectId;
    plan: Types.ObjectId;
    planName: string;
    duration: number;
    amount: number;
    failedAt: Date;
    graceUntil: Date;
    createdAt: Date;
  }[],
  currency: string,
): Promise<number> {
  if (rows.length === 0) return 0;
  await SubscriptionModel.collection
    .insertMany(
      rows.map((s) => ({
        ...s,
        currency,
        provider: 'demo',
        status: 'past_due',
        cycle: 2,
        paidThrough: s.failedAt,
        nextChargeAt: s.graceUntil,
        cancelAtPeriodEnd: false,
        canceledAt: null,
        cardFailing: true,
        endedAt: null,
        stripeSubscriptionId: '',
        stripeCustomerId: '',
        pauses: [],
        updatedAt: s.failedAt,
      })) as never[],
      { ordered: false },
    )
    .catch((error: unknown) => {
      if (!isDuplicateKeyError(error)) throw error;
    });
  return rows.length;
}
