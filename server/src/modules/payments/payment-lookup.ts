import mongoose, { type Types } from 'mongoose';
import { isDuplicateKeyError } from '../../lib/db';
import {
  MEMBER_PAYMENTS,
  PAYMENT_SESSIONS,
  isMemberEntry,
  memberEntryId,
  paymentKeyDocuments,
  type KeyedPayment,
  type MemberPaymentEntry,
  type MemberPaymentsDoc,
  type SessionKeyDoc,
} from './payment-keys';

/**
 * The payments' keys (payment-keys.ts), written and read with inserts and point reads by `_id`
 * only: a checkout session's payment, a member's payments newest first. Every payment's keys are
 * written before the payment itself (the model's save hook calls recordPaymentKeys), so a key may
 * name a payment that a crash kept from being written (readers skip it), never the other way round.
 */

type Db = mongoose.mongo.Db;

const sessionKeys = (db: Db = connectionDb()) => db.collection<SessionKeyDoc<Types.ObjectId>>(PAYMENT_SESSIONS);
const memberPayments = (db: Db = connectionDb()) => db.collection<MemberPaymentsDoc<Types.ObjectId>>(MEMBER_PAYMENTS);

function connectionDb(): Db {
  const db = mongoose.connection.db;
  if (!db) throw new Error('the database is not connected');
  return db;
}

/** Enough for any number of payments of one member made at the same moment. */
const ATTEMPTS = 200;

/**
 * Where a member's list of payments ends: the first free place, found by probing from the hint
 * (every place before the hint is taken, and places are taken without a gap).
 */
async function listEnd(userId: string, db?: Db): Promise<number> {
  const hint = await memberPayments(db).findOne({ _id: userId });
  let n = hint && !isMemberEntry(hint) ? hint.next : 0;
  while (await memberPayments(db).findOne({ _id: memberEntryId(userId, n) })) n++;
  return n;
}

/** Moves the member's hint up to `next` (a lost update only leaves it lower, which is still true). */
async function raiseHint(userId: string, next: number, db?: Db): Promise<void> {
  const raise = () => memberPayments(db).updateOne({ _id: userId }, { $max: { next } }, { upsert: true });
  try {
    await raise();
  } catch (error) {
    // Two first writers both inserting the hint: the other's is there now.
    if (!isDuplicateKeyError(error)) throw error;
    await raise();
  }
}

/** Appends the payment to the member's list: the next free place, taken by an insert. */
async function appendMemberPayment(userId: string, payment: Types.ObjectId, at: Date, db?: Db): Promise<void> {
  let n = await listEnd(userId, db);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++, n++) {
    try {
      await memberPayments(db).insertOne({ _id: memberEntryId(userId, n), user: userId, n, payment, at });
    } catch (error) {
      // Another payment of the member took this place at the same moment: the next one is free or taken too.
      if (isDuplicateKeyError(error)) continue;
      throw error;
    }
    await raiseHint(userId, n + 1, db);
    return;
  }
  throw new Error(`too many concurrent payments for member ${userId}`);
}

/**
 * Writes a payment's keys; called before the payment itself is written. False, and nothing
 * written, when the session is another payment's already (a second writer of the same sale).
 */
export async function recordPaymentKeys(payment: {
  _id: Types.ObjectId;
  user: Types.ObjectId;
  sessionId: string;
}): Promise<boolean> {
  try {
    await sessionKeys().insertOne({ _id: payment.sessionId, payment: payment._id });
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    const key = await sessionKeys().findOne({ _id: payment.sessionId });
    if (!key?.payment.equals(payment._id)) return false;
  }
  await appendMemberPayment(payment.user.toString(), payment._id, new Date());
  return true;
}

/** The id of a checkout session's payment (null when there is none). */
export async function paymentIdOfSession(sessionId: string): Promise<Types.ObjectId | null> {
  return (await sessionKeys().findOne({ _id: sessionId }))?.payment ?? null;
}

const readEntry = async (userId: string, n: number) => {
  const doc = await memberPayments().findOne({ _id: memberEntryId(userId, n) });
  return isMemberEntry(doc) ? doc : null;
};

/** The ids of a member's newest `limit` payments, newest first (read at once). */
export async function memberPaymentIds(userId: string, limit: number): Promise<Types.ObjectId[]> {
  const end = await listEnd(userId);
  const places = Array.from({ length: Math.min(limit, end) }, (_, i) => end - 1 - i);
  const entries = await Promise.all(places.map((n) => readEntry(userId, n)));
  return entries.flatMap((e) => (e ? [e.payment] : []));
}

/** A member's entries from the newest back, read one at a time while the caller asks for more. */
export async function* memberEntriesNewestFirst(userId: string): AsyncGenerator<MemberPaymentEntry<Types.ObjectId>> {
  for (let n = (await listEnd(userId)) - 1; n >= 0; n--) {
    const entry = await readEntry(userId, n);
    if (entry) yield entry;
  }
}

/**
 * Writes the keys of payments stored without them (an installation from before the keys existed):
 * a session key for each, and an entry in its member's list after the entries already there.
 * Idempotent; an entry whose place a server took meanwhile is appended at the next free one.
 * Returns how many entries were added.
 */
export async function backfillPaymentKeys(db: Db): Promise<number> {
  const payments = await db
    .collection<KeyedPayment<Types.ObjectId>>('payments')
    .find({}, { projection: { _id: 1, user: 1, providerSessionId: 1, createdAt: 1 } })
    .toArray();
  const existing = (await memberPayments(db).find({}).toArray()).filter(isMemberEntry);
  const keys = paymentKeyDocuments(payments, existing);
  await insertAll(sessionKeys(db), keys.payment_sessions);
  const entries = keys.member_payments.filter(isMemberEntry);
  const taken = await insertAll<MemberPaymentEntry<Types.ObjectId>>(memberPayments(db), entries);
  for (const entry of taken) await appendMemberPayment(entry.user, entry.payment, entry.at, db);
  const hints = keys.member_payments.filter((doc) => !isMemberEntry(doc));
  for (const hint of hints) await raiseHint(hint._id, 'next' in hint ? hint.next : 0, db);
  return entries.length;
}

/** Inserts every document it can; returns those refused for a duplicate key. */
async function insertAll<D extends { _id: string }>(
  collection: { insertMany(docs: D[], options: { ordered: boolean }): Promise<unknown> },
  docs: readonly D[],
): Promise<D[]> {
  if (docs.length === 0) return [];
  try {
    await collection.insertMany([...docs], { ordered: false });
    return [];
  } catch (error) {
    if (!(error instanceof mongoose.mongo.MongoBulkWriteError)) throw error;
    const failures = Array.isArray(error.writeErrors) ? error.writeErrors : [error.writeErrors];
    if (!failures.every((f) => isDuplicateKeyError({ code: f.code, message: f.errmsg }))) throw error;
    return failures.map((f) => docs[f.index] as D);
  }
}
