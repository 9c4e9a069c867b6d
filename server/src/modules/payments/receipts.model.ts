import { Schema, model, type Types } from 'mongoose';
import type { ReceiptData } from '@pulso/shared';

/**
 * A numbered receipt: `_id` is its number in the chain's sequence as text ('123': the embedded
 * engine reads by `_id` through its index only for text and ObjectId keys), so no two payments can
 * share a number (a unique key, the one primitive every supported engine makes atomic), and the
 * unique index on `payment` gives a payment one number at most. It keeps what the receipt said when it
 * was issued. Never deleted: an erased account's receipts keep the sale and lose the person.
 */
export interface ReceiptDoc extends ReceiptData {
  _id: string;
  payment: string;
  user: Types.ObjectId;
}

/** Declared as a model only for its indexes, built with the others' (syncIndexes); written through the driver. */
const receiptSchema = new Schema(
  {
    _id: String,
    number: { type: Number, required: true },
    payment: { type: String, required: true, unique: true },
    user: { type: Schema.Types.ObjectId, required: true },
  },
  { versionKey: false, strict: false },
);
model('Receipt', receiptSchema, 'receipts');

/** A receipt's `_id`. */
export const receiptKey = (number: number) => String(number);

/** The highest number known to be taken (never one that is not): where the next issuer starts looking. */
export interface SequenceDoc {
  _id: string;
  last: number;
}
