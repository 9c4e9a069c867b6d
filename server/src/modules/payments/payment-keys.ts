/**
 * The key documents that let the payments module answer its member request paths from point reads
 * by `_id`, the one query the embedded engine (FerretDB) answers from an index: any other filter
 * reads the whole collection, and payments grow with the chain. Pure (no database, no imports), so
 * the benchmark's seed, which writes the chain straight into the database, can bundle it.
 *
 *   payment_sessions  `_id` = a checkout session id (the provider's, or a made one) → `{ payment }`:
 *                     how the success page, the demo page's buttons and the provider's webhook find
 *                     their payment.
 *   member_payments   `_id` = `<userId>:<n>` → `{ user, n, payment, at }`: a member's payments in the
 *                     order they were made, n = 0, 1, 2… without a gap. Each place is taken by an
 *                     insert under its unique `_id`, so writers at the same moment never lose an
 *                     entry: the loser of a place takes the next one.
 *                     `_id` = `<userId>` → `{ next }`: a hint, never more than the member's number of
 *                     entries, where a reader starts probing for the end of the list.
 */
export const PAYMENT_SESSIONS = 'payment_sessions';
export const MEMBER_PAYMENTS = 'member_payments';

interface Stringable {
  toString(): string;
}

export interface SessionKeyDoc<Id> {
  _id: string;
  payment: Id;
}

export interface MemberPaymentEntry<Id> {
  _id: string;
  user: string;
  n: number;
  payment: Id;
  at: Date;
}

export interface MemberPaymentsHint {
  _id: string;
  next: number;
}

export type MemberPaymentsDoc<Id> = MemberPaymentEntry<Id> | MemberPaymentsHint;

export const memberEntryId = (userId: string, n: number) => `${userId}:${n}`;

export const isMemberEntry = <Id>(doc: MemberPaymentsDoc<Id> | null | undefined): doc is MemberPaymentEntry<Id> =>
  !!doc && 'payment' in doc;

/** What the keys are made from: the fields every stored payment has. */
export interface KeyedPayment<Id> {
  _id: Id;
  user: Stringable;
  providerSessionId: string;
  createdAt: Date;
}

export interface PaymentKeyDocuments<Id> {
  payment_sessions: SessionKeyDoc<Id>[];
  /** Entries and, for each member given an entry, the hint (the member's new number of entries). */
  member_payments: MemberPaymentsDoc<Id>[];
}

/**
 * The key documents for `payments`, ready to insert, by collection name: one session key per
 * payment, and an entry for each payment `existing` does not list yet, appended after the member's
 * existing entries oldest first. The benchmark's seed calls it with the payments it inserts and no
 * `existing`, and inserts each list into its collection; the migration (003) calls it with the
 * entries already stored and ignores the session keys already there.
 */
export function paymentKeyDocuments<Id extends Stringable>(
  payments: readonly KeyedPayment<Id>[],
  existing: readonly MemberPaymentEntry<Stringable>[] = [],
): PaymentKeyDocuments<Id> {
  const listed = new Set(existing.map((e) => e.payment.toString()));
  const next = new Map<string, number>();
  for (const entry of existing) next.set(entry.user, Math.max(next.get(entry.user) ?? 0, entry.n + 1));

  const byMember = new Map<string, KeyedPayment<Id>[]>();
  for (const payment of payments) {
    if (listed.has(payment._id.toString())) continue;
    const user = payment.user.toString();
    const own = byMember.get(user) ?? [];
    own.push(payment);
    byMember.set(user, own);
  }
  const entries: MemberPaymentsDoc<Id>[] = [];
  for (const [user, own] of byMember) {
    own.sort(
      (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a._id.toString().localeCompare(b._id.toString()),
    );
    let n = next.get(user) ?? 0;
    for (const payment of own) {
      entries.push({ _id: memberEntryId(user, n), user, n, payment: payment._id, at: payment.createdAt });
      n++;
    }
    entries.push({ _id: user, next: n });
  }
  return {
    payment_sessions: payments.map((p) => ({ _id: p.providerSessionId, payment: p._id })),
    member_payments: entries,
  };
}
