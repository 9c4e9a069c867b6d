import mongoose, { type Types } from 'mongoose';
import { MESSAGES, type ReceiptData } from '@pulso/shared';
import { renderReceiptPdf } from '@pulso/shared/receipt-pdf';
import { isDuplicateKeyError } from '../../lib/db';
import { findUserContact } from '../users/users.service';
// The model declares the unique index on `payment` (built with the others' by syncIndexes).
import './receipts.model';
import { receiptKey, type ReceiptDoc, type SequenceDoc } from './receipts.model';
import type { PaymentDoc } from './payments.model';

/**
 * Numbered receipts (issue 23, item 6): every paid payment gets the next number of the chain's one
 * sequence, 1, 2, 3… with no gaps and no number twice, however many servers issue at once and on
 * engines without transactions.
 *
 * A number is taken by inserting the receipt under it (`_id`): of two issuers trying the same
 * number one wins, and the other tries the next. An issuer starts at the number after the highest
 * one known to be taken (`sequences.receipts`, raised after each issue and never past a taken
 * number) and moves on only past numbers that are taken, so every number below a taken one is
 * taken: no gaps. The unique index on `payment` refuses a second number for a payment issued by two
 * callers at once; the loser finds the winner's. A process that dies between the insert and
 * recording the number on the payment leaves the receipt found by its payment next time.
 */

export type Issuer = ReceiptData['issuer'];

const receipts = () => mongoose.connection.collection<ReceiptDoc>('receipts');
const sequences = () => mongoose.connection.collection<SequenceDoc>('sequences');
const SEQUENCE = 'receipts';

/** The receipt of a payment, when it has one. */
export const findReceiptOf = (paymentId: Types.ObjectId | string) =>
  receipts().findOne({ payment: paymentId.toString() });

export const findReceipt = (number: number) => receipts().findOne({ _id: receiptKey(number) });

/** Enough for a burst of payments issued at once with a stale starting point. */
const ATTEMPTS = 10_000;

/**
 * The payment's receipt, issued now if it has none: its number and what it says (the gym as
 * configured now, the member as they are now, the plan, days and amount of the payment). A payment
 * that shows its number is read by it (`_id`); one that does not is given the next free number,
 * unless another caller gave it one first (the unique index on `payment` refuses this caller's
 * insert, and the receipt is then looked up by payment: a rare path).
 */
export async function issueReceipt(
  payment: PaymentDoc,
  issuer: Issuer,
  note: string | null = null,
): Promise<ReceiptDoc> {
  const id = payment._id.toString();
  if (payment.receiptNumber) {
    const shown = await findReceipt(payment.receiptNumber);
    if (shown?.payment === id) return shown;
  }
  const contact = await findUserContact(payment.user);
  const fields: Omit<ReceiptDoc, '_id' | 'number'> = {
    payment: id,
    user: payment.user,
    issuedAt: payment.paidAt ?? new Date(),
    issuer,
    buyer: contact
      ? { name: contact.fullName, email: contact.email }
      : { name: MESSAGES.receipts.anonymous, email: '' },
    planName: payment.planName,
    period:
      payment.membershipStart && payment.membershipEnd
        ? { start: payment.membershipStart, end: payment.membershipEnd }
        : null,
    amount: payment.amount,
    currency: payment.currency,
    method: payment.provider as ReceiptDoc['method'],
    reference: payment.providerSessionId,
    note,
  };
  const hint = await sequences().findOne({ _id: SEQUENCE });
  let number = (hint?.last ?? 0) + 1;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    try {
      const receipt: ReceiptDoc = { _id: receiptKey(number), number, ...fields };
      await receipts().insertOne(receipt);
      await raiseSequence(number);
      return receipt;
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
    // Refused: the number is taken (by another payment: try the next; by this one, issued by
    // another caller at the same moment), or this payment has a number already.
    const taken = await findReceipt(number);
    if (taken?.payment === id) return taken;
    if (!taken) {
      const mine = await findReceiptOf(id);
      if (mine) return mine;
      continue;
    }
    number++;
  }
  throw new Error(`no receipt number found for payment ${id} in ${ATTEMPTS} attempts`);
}

/** Raises the starting point to `number` (taken); two raising it at once may both insert: one wins. */
async function raiseSequence(number: number): Promise<void> {
  try {
    await sequences().updateOne({ _id: SEQUENCE }, { $max: { last: number } }, { upsert: true });
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    await sequences().updateOne({ _id: SEQUENCE }, { $max: { last: number } });
  }
}

/**
 * Takes the member out of a receipt (their account was erased): the sale stays as the chain must
 * keep it, with 'Socio anónimo' for who paid and no address.
 */
export async function anonymiseReceipt(number: number, paymentId: string): Promise<void> {
  await receipts().updateOne(
    { _id: receiptKey(number) },
    { $set: { buyer: { name: MESSAGES.receipts.anonymous, email: '' } } },
  );
  // A receipt issued for the payment under another number (a crash before the payment showed it) is found by payment.
  const listed = await findReceipt(number);
  if (listed?.payment !== paymentId) {
    await receipts().updateOne(
      { payment: paymentId },
      { $set: { buyer: { name: MESSAGES.receipts.anonymous, email: '' } } },
    );
  }
}

/** A receipt's PDF. */
export async function receiptPdf(receipt: ReceiptDoc): Promise<Buffer> {
  return Buffer.from(await renderReceiptPdf(receipt));
}
