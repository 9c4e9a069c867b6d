import { Schema, model, type Types } from 'mongoose';
import { IDENTITIES_COLLECTION } from './account-keys';

/**
 * Sign-in identities from other providers (Google), one per provider subject, found by a point read:
 * `_id` is `<provider>:<subject>` (googleIdentityId), unique by nature. (Before migration 002 the
 * `_id` was an ObjectId and a unique index on provider and subject found them, which FerretDB
 * answered by reading every identity.)
 */
const identitySchema = new Schema(
  {
    _id: { type: String, required: true },
    provider: { type: String, required: true, enum: ['google'] },
    subject: { type: String, required: true, maxlength: 255 },
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true, index: true },
  },
  { timestamps: true },
);

export interface IdentityDoc {
  _id: string;
  provider: 'google';
  subject: string;
  user: Types.ObjectId;
}

export const IdentityModel = model('Identity', identitySchema, IDENTITIES_COLLECTION);
