import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { STAFF_ROLES } from '@pulso/shared';

/** A plan's stretch of a membership (shared/src/memberships). */
export const membershipPeriodSchema = new Schema(
  {
    planId: { type: Schema.Types.ObjectId, ref: 'Plan', required: true },
    name: { type: String, required: true },
    start: { type: Date, required: true },
    end: { type: Date, required: true },
  },
  { _id: false },
);

/** A pause of a membership: no access from `from` until `until` (membership-pauses.ts). */
export const membershipPauseSchema = new Schema(
  { from: { type: Date, required: true }, until: { type: Date, required: true } },
  { _id: false },
);

/**
 * The days a membership covers without a gap (`start` to `end`), the plan of its latest purchase,
 * and the plans paid for in order (`periods`; memberships from before they were kept have none:
 * the span is then one period).
 */
const membershipSchema = new Schema(
  {
    planId: { type: Schema.Types.ObjectId, ref: 'Plan', required: true },
    /** The plan's name when bought: a renamed or retired plan does not change what was sold. */
    name: { type: String, required: true },
    start: { type: Date, required: true },
    end: { type: Date, required: true },
    periods: { type: [membershipPeriodSchema], default: undefined },
    /** Its pauses of the last year and those to come, oldest first (shared membershipAfterPause). */
    pauses: { type: [membershipPauseSchema], default: undefined },
    /**
     * A renewal's payment failed: the member keeps access until then while they update their card
     * (payments/subscriptions.ts). A paid purchase writes a new membership without it.
     */
    graceUntil: { type: Date, default: undefined },
  },
  { _id: false },
);

const userSchema = new Schema(
  {
    fullName: { type: String, required: true, trim: true, maxlength: 80 },
    /** Lower-cased and NFKC-normalised by the service, so look-alikes cannot make a second account. */
    email: { type: String, required: true, unique: true, maxlength: 254 },
    passwordHash: { type: String, select: false },
    /**
     * The address is known to belong to the account's holder: proven through Google or a reset
     * link, or vouched for by the staff member who created the account. Self-registration proves
     * nothing, so such a password is dropped when Google later proves the address (users.service).
     */
    emailVerified: { type: Boolean, default: false },
    phone: { type: String, default: '', maxlength: 20 },
    isMonitor: { type: Boolean, default: false },
    isAdmin: { type: Boolean, default: false },
    /**
     * A staff role beyond the spec's flags (issue 24, item 4): 'manager' (a sede manager) or 'desk'
     * (the front desk), working at their home sede; null for everyone else.
     */
    staffRole: { type: String, enum: [...STAFF_ROLES, null], default: null },
    /** Suspension (soft delete) date; null while the account is active. */
    deletedAt: { type: Date, default: null, index: true },
    /** When its holder erased the account (account-erasure.ts): anonymised and suspended for good. */
    erasedAt: { type: Date, default: null },
    /** When every step of the erasure was done; null while one is left (the job finishes it). */
    erasureDoneAt: { type: Date, default: null },
    membership: { type: membershipSchema, default: null },
    /** The member wants the e-mails before their membership ends and when it lapsed (membership-reminders.ts). */
    membershipReminders: { type: Boolean, default: true },
    /** The place in the membership chain (membership.model.ts) that `membership` shows. */
    membershipSeq: { type: Number, default: null },
    /** Sessions issued before this moment are no longer accepted (set by a password reset). */
    sessionsValidAfter: { type: Date, default: null },
    /** The member's renewing plan (payments/subscriptions.ts), while one is theirs. */
    subscription: { type: String, default: null },
    /** The member's home sede ('Sede habitual'): chosen at registration, in the profile or by staff. */
    homeBranch: { type: Schema.Types.ObjectId, ref: 'Branch', default: null },
    /** The member's own class schedule. */
    lessons: { type: [{ type: Schema.Types.ObjectId, ref: 'Lesson' }], default: [] },
  },
  { timestamps: true },
);
userSchema.index({ isMonitor: 1, deletedAt: 1 });
userSchema.index({ deletedAt: 1, createdAt: -1 });
// Lists and figures filtered by home sede.
userSchema.index({ homeBranch: 1, deletedAt: 1 });
// The reminders job reads the memberships ending soon or just ended.
userSchema.index({ 'membership.end': 1 });
// The erasures job finds the erasures a crash left unfinished.
userSchema.index({ erasedAt: 1, erasureDoneAt: 1 });

export type UserDoc = InferSchemaType<typeof userSchema> & { _id: Types.ObjectId };
export type MembershipDoc = NonNullable<UserDoc['membership']>;
export const UserModel = model('User', userSchema, 'users');
