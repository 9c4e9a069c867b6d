import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { recordPaymentKeys } from './payment-lookup';

const paymentSchema = new Schema(
  {
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true, index: true },
    plan: { type: Schema.Types.ObjectId, ref: 'Plan', required: true },
    /** The plan's name and price when sold: later edits of the plan never change a sale. */
    planName: { type: String, required: true },
    duration: { type: Number, required: true },
    amount: { type: Number, required: true, min: 0 },
    currency: { type: String, required: true },
    provider: { type: String, required: true, enum: ['demo', 'stripe', 'manual'] },
    /** The provider's checkout session (or a made id for manual payments): one sale each. */
    providerSessionId: { type: String, required: true, unique: true },
    /** Where the buyer completes this checkout, so a repeated request reuses the session. */
    checkoutUrl: { type: String, default: '' },
    /**
     * Where the provider sends the buyer back (the success URL). A pending checkout is reused only
     * for the same one, so a member who starts again at another address of the site is brought
     * back there, where their session is stored.
     */
    returnUrl: { type: String, default: '' },
    /** The provider event that confirmed it, when there was one. */
    providerEventId: { type: String, default: '' },
    status: { type: String, required: true, enum: ['pending', 'paid', 'cancelled', 'refunded'], default: 'pending' },
    /** A refund (refunds.ts): when, by whom, why, and the provider's refund (Stripe's `re_...`). */
    refundedAt: { type: Date, default: null },
    refundedBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    refundReason: { type: String, default: '' },
    providerRefundId: { type: String, default: '' },
    paidAt: { type: Date, default: null },
    membershipStart: { type: Date, default: null },
    membershipEnd: { type: Date, default: null },
    /** The plan was sold as renewing: paying it starts a subscription (subscriptions.ts). */
    renewing: { type: Boolean, default: false },
    /**
     * A renewal's charge: its subscription, which charge it is, and the end of the period before it
     * (the membership goes on from there however late the charge succeeds).
     */
    renewal: {
      type: new Schema({ subscription: String, cycle: Number, from: Date }, { _id: false }),
      default: null,
    },
    /** Its receipt's number (receipts.ts), once issued. */
    receiptNumber: { type: Number, default: null },
  },
  { timestamps: true },
);
paymentSchema.index({ user: 1, plan: 1, status: 1 });
paymentSchema.index({ createdAt: -1 });
// The admin's list filtered by state or method, newest first.
paymentSchema.index({ status: 1, createdAt: -1 });

/**
 * A new payment's keys (payment-keys.ts: its session's, its place in the member's list) are
 * written before the payment, whoever saves it, so every member request path finds it by `_id`.
 * A session that is another payment's already fails the save like the unique index would.
 */
paymentSchema.pre('save', async function () {
  if (!this.isNew) return;
  const recorded = await recordPaymentKeys({ _id: this._id, user: this.user, sessionId: this.providerSessionId });
  if (!recorded) {
    throw Object.assign(new Error(`E11000 duplicate key error: checkout session ${this.providerSessionId}`), {
      code: 11000,
    });
  }
});

export type PaymentDoc = InferSchemaType<typeof paymentSchema> & { _id: Types.ObjectId; createdAt: Date };
export const PaymentModel = model('Payment', paymentSchema, 'payments');
