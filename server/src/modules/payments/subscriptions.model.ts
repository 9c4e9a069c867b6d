import { Schema, model, type Types } from 'mongoose';

export type SubscriptionStatus = 'active' | 'past_due' | 'canceled' | 'lapsed';

/**
 * A renewing plan of one member (issue 23, item 2): charged again at the end of each period it
 * paid for, until the member stops it, a charge fails past the grace period, or Stripe ends it.
 * `_id` is `sub_<first payment's id>`: fulfilling that payment again (a retry, a replayed webhook)
 * finds it instead of making a second. Written by subscriptions.ts only; every write sets values
 * computed from what is stored (never increments), so two writers at once agree.
 */
const subscriptionSchema = new Schema(
  {
    _id: { type: String, required: true },
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    plan: { type: Schema.Types.ObjectId, ref: 'Plan', required: true },
    planName: { type: String, required: true },
    duration: { type: Number, required: true },
    amount: { type: Number, required: true },
    currency: { type: String, required: true },
    provider: { type: String, required: true, enum: ['demo', 'stripe', 'manual'] },
    status: { type: String, required: true, enum: ['active', 'past_due', 'canceled', 'lapsed'] },
    /** Charges made: the first payment is 1. */
    cycle: { type: Number, required: true },
    /** The end of the last period paid for. */
    paidThrough: { type: Date, required: true },
    /** When the job charges next (the end of the period, or a retry); null once it has ended. */
    nextChargeAt: { type: Date, default: null },
    /** The member stopped the renewal: it runs to `paidThrough` and ends. */
    cancelAtPeriodEnd: { type: Boolean, default: false },
    canceledAt: { type: Date, default: null },
    /** The demo card: its next charges are refused (the demo checkout's and the profile's switch). */
    cardFailing: { type: Boolean, default: false },
    /** A charge failed: when, and how long the member keeps access while they update the card. */
    failedAt: { type: Date, default: null },
    graceUntil: { type: Date, default: null },
    endedAt: { type: Date, default: null },
    stripeSubscriptionId: { type: String, default: '' },
    stripeCustomerId: { type: String, default: '' },
    /** The membership's pauses that moved `paidThrough` and the next charge (each once: membership-pauses.ts). */
    pauses: { type: [String], default: [] },
  },
  { timestamps: true, versionKey: false },
);
// The renewals job reads the subscriptions due.
subscriptionSchema.index({ status: 1, nextChargeAt: 1 });

export interface SubscriptionDoc {
  _id: string;
  user: Types.ObjectId;
  plan: Types.ObjectId;
  planName: string;
  duration: number;
  amount: number;
  currency: string;
  provider: 'demo' | 'stripe' | 'manual';
  status: SubscriptionStatus;
  cycle: number;
  paidThrough: Date;
  nextChargeAt: Date | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  cardFailing: boolean;
  failedAt: Date | null;
  graceUntil: Date | null;
  endedAt: Date | null;
  stripeSubscriptionId: string;
  stripeCustomerId: string;
  pauses?: string[];
  createdAt: Date;
  updatedAt: Date;
}

export const SubscriptionModel = model('Subscription', subscriptionSchema, 'subscriptions');
