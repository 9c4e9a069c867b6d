import { Schema, model } from 'mongoose';

/**
 * The counters of the per-IP limits (middleware/rate-limit-store.ts), shared by every server on the
 * database. Both collections are written with inserts under `_id` only, which is what stays exact
 * when several servers count at the same moment (FerretDB included).
 */

/** One counting window of one client on one limit: `_id` is `<limit>|<client>|<generation>`. */
const rateLimitWindowSchema = new Schema(
  {
    _id: { type: String, required: true },
    /** `<limit>|<client>`. */
    key: { type: String, required: true },
    /** 1, 2, 3…: the window that follows an ended one takes the next number (insert-once). */
    generation: { type: Number, required: true },
    resetAt: { type: Date, required: true },
  },
  { versionKey: false },
);
rateLimitWindowSchema.index({ key: 1, generation: -1 });
rateLimitWindowSchema.index({ resetAt: 1 });

/** One counted request: slot `n` of a window, `_id` is `<window _id>#<n>`. */
const rateLimitHitSchema = new Schema(
  {
    _id: { type: String, required: true },
    key: { type: String, required: true },
    window: { type: String, required: true },
    n: { type: Number, required: true },
    /** When its window ends; past it the hit no longer counts and is swept. */
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false },
);
rateLimitHitSchema.index({ window: 1, n: -1 });
rateLimitHitSchema.index({ key: 1 });
rateLimitHitSchema.index({ expiresAt: 1 });

export const RateLimitWindowModel = model('RateLimitWindow', rateLimitWindowSchema, 'ratelimitwindows');
export const RateLimitHitModel = model('RateLimitHit', rateLimitHitSchema, 'ratelimithits');
