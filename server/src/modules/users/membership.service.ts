import type { Types } from 'mongoose';
import { membershipAfterPurchase, type PurchaseKind } from '@pulso/shared';
import { isDuplicateKeyError } from '../../lib/db';
import { MembershipLinkModel, type MembershipLinkDoc } from './membership.model';
import { UserModel, type MembershipDoc, type UserDoc } from './users.model';

/** What one payment adds to a membership. */
export interface MembershipPurchase {
  /** The payment's id: each payment extends a membership at most once. */
  paymentId: string;
  userId: Types.ObjectId;
  plan: { id: Types.ObjectId; name: string; duration: number };
  paidAt: Date;
}

export type MembershipResult = MembershipLinkDoc['result'];
export type { MembershipLinkDoc };

/** The membership after a purchase, and what the purchase itself did. */
export interface PurchaseResult {
  membership: MembershipResult;
  kind: PurchaseKind;
  /** The days this purchase pays for. */
  period: { start: Date; end: Date };
  /** The plan running until `period` starts (a renewal or a change), else null. */
  before: { name: string; end: Date } | null;
}

/** Enough for any number of payments of one member landing at the same moment. */
const ATTEMPTS = 200;

const linkId = (userId: Types.ObjectId, seq: number) => `${userId.toString()}:${seq}`;

/**
 * What a purchase does to the membership (the rule of shared/src/memberships): while the current
 * one still runs (or has not started yet), the same plan renews from its end and another plan
 * starts at its end, each paid period keeping its plan and dates; otherwise the plan runs from the
 * payment moment for its months.
 */
export function extendMembership(
  current: MembershipDoc | MembershipResult | null | undefined,
  purchase: MembershipPurchase,
): PurchaseResult {
  const { kind, period, membership, before } = membershipAfterPurchase(
    current,
    purchase.plan,
    purchase.paidAt,
    (a, b) => a.equals(b),
  );
  return {
    membership,
    kind,
    period: { start: period.start, end: period.end },
    before: before && { name: before.name, end: before.end },
  };
}

/**
 * What a link says its purchase did (a link from before this was kept: its whole membership; a
 * pause: the days it froze, as `kind` 'pause' in the member's data export).
 */
export function purchaseOf(
  link: MembershipLinkDoc,
): Omit<PurchaseResult, 'kind'> & { kind: PurchaseKind | 'pause' | 'refund' } {
  if (link.kind === 'refund' && link.refund) {
    return {
      membership: link.result,
      kind: 'refund',
      period: { start: link.refund.from, end: link.refund.until },
      before: null,
    };
  }
  if (link.kind === 'pause' && link.pause) {
    return {
      membership: link.result,
      kind: 'pause',
      period: { start: link.pause.from, end: link.pause.until },
      before: null,
    };
  }
  return {
    membership: link.result,
    kind: link.kind === 'pause' || link.kind === 'refund' || !link.kind ? 'new' : link.kind,
    period: link.period?.start && link.period.end ? link.period : { start: link.result.start, end: link.result.end },
    before: link.before?.name && link.before.end ? link.before : null,
  };
}

const findLink = (userId: Types.ObjectId, seq: number) =>
  MembershipLinkModel.findById(linkId(userId, seq)).lean<MembershipLinkDoc>();

/** The member's whole chain of purchases, oldest first (their data export): point reads by `_id`. */
export async function membershipLinks(userId: Types.ObjectId): Promise<MembershipLinkDoc[]> {
  const links: MembershipLinkDoc[] = [];
  for (let seq = 0; ; seq++) {
    const link = await findLink(userId, seq);
    if (!link) return links;
    links.push(link);
  }
}

/**
 * Walks a member's chain from a known place to its last link (point reads by `_id` only). `after`
 * is the seq of a link known to exist (-1 for none); returns the last link found (null for none).
 */
async function chainTail(
  userId: Types.ObjectId,
  after: number,
  onLink?: (link: MembershipLinkDoc) => boolean,
): Promise<{ tail: MembershipLinkDoc | null; stopped?: MembershipLinkDoc }> {
  let tail = after >= 0 ? await findLink(userId, after) : null;
  for (let seq = after + 1; ; seq++) {
    const next = await findLink(userId, seq);
    if (!next) return { tail };
    if (onLink?.(next)) return { tail, stopped: next };
    tail = next;
  }
}

/**
 * The payment's link at or before `seq`, walking the member's chain back by `_id` (a rare path:
 * only a retried payment whose member has been moved past its link gets here).
 */
async function findLinkBefore(
  userId: Types.ObjectId,
  seq: number,
  paymentId: string,
): Promise<MembershipLinkDoc | null> {
  for (let at = seq; at >= 0; at--) {
    const link = await findLink(userId, at);
    if (link?.payment === paymentId) return link;
  }
  return null;
}

/**
 * Adds a paid purchase to the member's membership exactly once (addLink, keyed by the payment).
 *
 * Returns what the purchase did and the membership after it (the same value every call), or null
 * when the member does not exist.
 */
export async function addPurchase(purchase: MembershipPurchase): Promise<PurchaseResult | null> {
  const link = await addLink(purchase.userId, purchase.paymentId, (current, _id, seq) => {
    const { membership, kind, period, before } = extendMembership(current, purchase);
    return {
      _id,
      user: purchase.userId,
      seq,
      payment: purchase.paymentId,
      result: membership,
      kind,
      period,
      before,
      at: new Date(),
    };
  });
  if (!link) return null;
  const { kind, ...rest } = purchaseOf(link);
  return { ...rest, kind: kind === 'pause' || kind === 'refund' ? 'new' : kind };
}

/**
 * What one step (a purchase, a pause) makes of the membership before it (null: none): the link to
 * store at `_id`/`seq`. It may throw to refuse the step (a pause the rules no longer allow once
 * another step took the place first): nothing is stored then.
 */
export type LinkStep = (
  current: MembershipResult | MembershipDoc | null,
  _id: string,
  seq: number,
) => MembershipLinkDoc;

/**
 * Adds a step to the member's membership exactly once (`key`: a payment's id, or `pause:<id>`),
 * however many times and however concurrently it is called, and without losing any other step of
 * the same member taken at the same moment: each step takes the next free place of the member's
 * chain under a unique key, computing its membership from the link before it; whoever loses a place
 * moves on to the next and computes again. Then the member's document is brought up to the chain's
 * last link (syncMembership).
 *
 * Answers the step's link (the same one every call), or null when the member does not exist.
 */
export async function addLink(userId: Types.ObjectId, key: string, step: LinkStep): Promise<MembershipLinkDoc | null> {
  const link = await appendLink(userId, key, step);
  if (link) await syncMembership(userId);
  return link;
}

/** The link stored under `key` (`payment`), if the member's chain has it: by the unique key's index. */
export const linkOf = (key: string) => MembershipLinkModel.findOne({ payment: key }).lean<MembershipLinkDoc>();

async function appendLink(userId: Types.ObjectId, key: string, step: LinkStep): Promise<MembershipLinkDoc | null> {
  const user = await UserModel.findById(userId, { membership: 1, membershipSeq: 1 }).lean<UserDoc>();
  if (!user) return null;
  let known = typeof user.membershipSeq === 'number' ? user.membershipSeq : -1;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const { tail, stopped } = await chainTail(userId, known, (link) => link.payment === key);
    if (stopped) return stopped;
    if (tail?.payment === key) return tail;
    const seq = tail ? tail.seq + 1 : 0;
    const link = step(tail ? tail.result : (user.membership ?? null), linkId(userId, seq), seq);
    try {
      await MembershipLinkModel.create(link);
      return link;
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
    const taken = await findLink(userId, seq);
    if (taken?.payment === key) return taken;
    if (!taken) {
      // The place is free, so the step's own key refused it: it is linked further back than
      // this walk started (a retry after a crash, once a later step moved the member on).
      const mine = await findLinkBefore(userId, known, key);
      if (mine) return mine;
      continue;
    }
    known = seq;
  }
  throw new Error(`too many concurrent membership changes for member ${userId.toString()}`);
}

/**
 * Writes the chain's last link onto the member. Writers may finish in any order, so each one
 * checks after writing that the member shows the chain's end and writes again if not: the last
 * write is always checked, so the member always ends on the last link.
 */
export async function syncMembership(userId: Types.ObjectId): Promise<void> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const user = await UserModel.findById(userId, { membershipSeq: 1 }).lean<UserDoc>();
    if (!user) return;
    const shown = typeof user.membershipSeq === 'number' ? user.membershipSeq : -1;
    const { tail } = await chainTail(userId, shown);
    if (!tail || tail.seq === shown) return;
    await UserModel.updateOne({ _id: userId }, { $set: { membership: tail.result, membershipSeq: tail.seq } });
  }
  throw new Error(`member ${userId.toString()} did not settle on the last membership`);
}
