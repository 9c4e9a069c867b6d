import { Schema, model, type InferSchemaType, type Types } from 'mongoose';

/**
 * Single-use password reset tokens, stored as SHA-256 hashes (the token itself only travels in the
 * e-mail). Expired ones are removed by a periodic clean-up: FerretDB has no TTL indexes.
 */
const resetSchema = new Schema(
  {
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true, index: true },
    tokenHash: { type: String, required: true, unique: true },
    expiresAt: { type: Date, required: true, index: true },
    usedAt: { type: Date, default: null },
  },
  { timestamps: true },
);

export type PasswordResetDoc = InferSchemaType<typeof resetSchema> & { _id: Types.ObjectId };
export const PasswordResetModel = model('PasswordReset', resetSchema, 'passwordresets');
