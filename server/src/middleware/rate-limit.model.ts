import { Schema, model } from 'mongoose';

/**
 * The counters of the per-IP limits (middleware/rate-limit-store.ts), shared by every server on the
 * database. Both collections are written with inserts under `_id` only, which is what stays exact
 * when several servers count at the same moment (FerretDB included), and read by `_id` only, the
 * one lookup FerretDB answers without reading the whole collection.
 */

/**
 * When a client's windows start, on one limit, for one epoch (rate-limit-store.ts): written once by
 * the client's first counted request of the epoch and never changed. `_id` is
 * `<limit>|<client>|<epoch>`, so every server finds it by a point read.
 */
const rateLimitWindowSchema = new Schema(
  {
    _id: { type: String, required: true },
    /** `<limit>|<client>`. */
    key: { type: String, required: true },
    /** The first window starts here; each next one when the previous ends. */
    start: { type: Date, required: true },
    /** The epoch's end, where the last window is cut short; past it the anchor is swept. */
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false },
);
rateLimitWindowSchema.index({ key: 1 });
rateLimitWindowSchema.index({ expiresAt: 1 });

/** One counted request: slot `n` of a window, `_id` is `<limit>|<client>|<epoch>|<window>#<n>`. */
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
rateLimitHitSchema.index({ key: 1 });
rateLimitHitSchema.index({ expiresAt: 1 });

export const RateLimitWindowModel = model('RateLimitWindow', rateLimitWindowSchema, 'ratelimitwindows');
export const RateLimitHitModel = model('RateLimitHit', rateLimitHitSchema, 'ratelimithits');
