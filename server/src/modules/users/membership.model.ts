import { Schema, model, type Types } from 'mongoose';
import type { MembershipPause, PurchaseKind } from '@pulso/shared';
import { membershipPauseSchema, membershipPeriodSchema } from './users.model';

/**
 * One link of a member's membership chain: the membership as it stands after one payment, decided
 * once. `_id` is `<userId>:<seq>`, so two payments of one member can never take the same place
 * (a unique key is the one primitive every supported engine makes atomic), and the unique index on
 * `payment` stops one payment from taking two places.
 */
const membershipLinkSchema = new Schema(
  {
    _id: { type: String, required: true },
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    seq: { type: Number, required: true },
    payment: { type: String, required: true, unique: true },
    result: {
      planId: { type: Schema.Types.ObjectId, ref: 'Plan', required: true },
      name: { type: String, required: true },
      start: { type: Date, required: true },
      end: { type: Date, required: true },
      periods: { type: [membershipPeriodSchema], default: undefined },
      pauses: { type: [membershipPauseSchema], default: undefined },
    },
    /** What the link did: a purchase's kind, or a pause (links from before these were kept have none). */
    kind: { type: String, enum: ['new', 'renewal', 'change', 'pause', 'refund'] },
    /** A pause: its days, its first gym date, and who asked for it (membership-pauses.ts). */
    pause: {
      from: Date,
      until: Date,
      fromDate: String,
      days: Number,
      by: { type: Schema.Types.ObjectId, ref: 'User' },
      byStaff: Boolean,
    },
    /**
     * A refund (payments/refunds.ts): the payment refunded, the days the membership lost (from its
     * new end `from` to its old end `until`), who refunded it and why, and the request that took it.
     */
    refund: {
      payment: String,
      days: Number,
      from: Date,
      until: Date,
      by: { type: Schema.Types.ObjectId, ref: 'User' },
      reason: String,
      token: String,
    },
    /**
     * A pause whose consequences (bookings given up, standing places off, the renewal moved) are not
     * all done yet: set with the link, unset when they are; the pauses job finishes what a stopped
     * server left.
     */
    pending: { type: Boolean, default: undefined },
    /** Failed tries of the job to finish a pending pause. */
    attempts: { type: Number, default: undefined },
    /** The days this payment paid for. */
    period: { start: Date, end: Date },
    /** The plan that ran until `period` started (a renewal or a change). */
    before: { name: String, end: Date },
    at: { type: Date, required: true },
  },
  { versionKey: false },
);
// The pauses job reads the pauses whose consequences are not all done.
membershipLinkSchema.index({ pending: 1 });

interface MembershipPeriodOf {
  planId: Types.ObjectId;
  name: string;
  start: Date;
  end: Date;
}

export interface MembershipLinkDoc {
  _id: string;
  user: Types.ObjectId;
  seq: number;
  payment: string;
  result: MembershipPeriodOf & { periods?: MembershipPeriodOf[] | null; pauses?: MembershipPause[] | null };
  kind?: PurchaseKind | 'pause' | 'refund';
  pause?: {
    from: Date;
    until: Date;
    fromDate: string;
    days: number;
    by: Types.ObjectId;
    byStaff: boolean;
  };
  refund?: {
    payment: string;
    days: number;
    from: Date;
    until: Date;
    by: Types.ObjectId;
    reason: string;
    token: string;
  };
  pending?: boolean;
  period?: { start: Date; end: Date };
  before?: { name: string; end: Date } | null;
  at: Date;
}

export const MembershipLinkModel = model('MembershipLink', membershipLinkSchema, 'membership_links');
