import { Schema, model, type Types } from 'mongoose';

/**
 * Password reset tokens, stored as SHA-256 hashes (the token itself only travels in the e-mail),
 * found by a point read: `_id` is the hash. Expired ones are removed by a periodic clean-up:
 * FerretDB has no TTL indexes. (Before this shape the `_id` was an ObjectId and `tokenHash` a
 * unique field; such tokens, valid one hour, are no longer accepted and are purged when expired.)
 */
const resetSchema = new Schema(
  {
    _id: { type: String, required: true },
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    expiresAt: { type: Date, required: true, index: true },
  },
  { timestamps: true, versionKey: false },
);

/**
 * A token's single use: inserted under the token's hash by the reset that uses it, which only one
 * request can do (FerretDB has no isolated conditional update to mark the token used).
 */
const resetUseSchema = new Schema(
  {
    _id: { type: String, required: true },
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    usedAt: { type: Date, required: true },
    /** The token's own expiry: past it the record is purged with the token. */
    expiresAt: { type: Date, required: true, index: true },
  },
  { versionKey: false },
);

export interface PasswordResetDoc {
  _id: string;
  user: Types.ObjectId;
  expiresAt: Date;
}

export const PasswordResetModel = model('PasswordReset', resetSchema, 'passwordresets');
export const PasswordResetUseModel = model('PasswordResetUse', resetUseSchema, 'passwordresetuses');
