import { Schema, model, type Types } from 'mongoose';
import { EMAIL_KEYS_COLLECTION } from './account-keys';

/**
 * The e-mail keys (account-keys.ts): `_id` the normalized e-mail, unique by nature, so of two
 * registrations of one address at the same moment exactly one inserts it. Written before the user
 * and removed after it changes address (account-keys.service.ts).
 */
const emailKeySchema = new Schema(
  {
    _id: { type: String, required: true },
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    /** A key younger than KEY_SETTLE_MS may belong to a registration still writing its user. */
    createdAt: { type: Date, required: true },
  },
  { versionKey: false },
);

export interface EmailKey {
  _id: string;
  user: Types.ObjectId;
  createdAt: Date;
}

export const EmailKeyModel = model('EmailKey', emailKeySchema, EMAIL_KEYS_COLLECTION);
