import { Schema, model } from 'mongoose';

/**
 * Sign-in identities from other providers (Google), one per provider subject. A collection of its
 * own with a plain unique index, because FerretDB has no sparse or partial indexes on users.
 */
const identitySchema = new Schema(
  {
    provider: { type: String, required: true, enum: ['google'] },
    subject: { type: String, required: true, maxlength: 255 },
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true, index: true },
  },
  { timestamps: true },
);
identitySchema.index({ provider: 1, subject: 1 }, { unique: true });

export const IdentityModel = model('Identity', identitySchema, 'identities');
