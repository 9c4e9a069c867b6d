import type { RequestHandler, Response } from 'express';
import { rateLimit, type Options } from 'express-rate-limit';
import { MESSAGES } from '@pulso/shared';
import type { Config } from '../config/env';
import { HttpError } from '../lib/http-error';
import { DatabaseRateLimitStore } from './rate-limit-store';

export type RateLimitName = Exclude<keyof Config['rateLimits'], 'windowMs'>;

interface LimiterOptions extends Partial<Omit<Options, 'skipSuccessfulRequests' | 'store'>> {
  /** Requests answered with a status below 400 give their count back (only failures count). */
  refundSuccessful?: boolean;
}

/**
 * Per-client-IP limits on the endpoints that invite abuse, counted in the database
 * (rate-limit-store.ts), so every server on it counts a client together. The client IP is Express's
 * `req.ip`: behind a proxy it is right only when TRUST_PROXY says how many hops to trust, and
 * without it X-Forwarded-For is ignored.
 */
export function rateLimiter(config: Config, name: RateLimitName, options: LimiterOptions = {}): RequestHandler {
  const { windowMs } = config.rateLimits;
  const { refundSuccessful, ...rest } = options;
  const store = new DatabaseRateLimitStore(`${name}|`);
  const limiter = rateLimit({
    windowMs,
    limit: config.rateLimits[name],
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    identifier: name,
    store,
    handler: (req, res, next) => {
      const resetTime = (req as { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      const seconds = resetTime ? Math.max(1, Math.ceil((resetTime.getTime() - Date.now()) / 1000)) : windowMs / 1000;
      res.setHeader('Retry-After', String(Math.ceil(seconds)));
      next(HttpError.tooManyRequests(MESSAGES.api.rateLimited));
    },
    ...rest,
  });
  if (!refundSuccessful) return limiter;
  return (req, res, next) =>
    limiter(req, res, (error?: unknown) => {
      const info = (req as { rateLimit?: { key: string; used: number; resetTime?: Date } }).rateLimit;
      const resetTime = info?.resetTime;
      if (!error && info && resetTime) refundOnSuccess(res, () => store.release(info.key, info.used, resetTime));
      next(error);
    });
}

/**
 * Gives a successful request's count back before its answer leaves, so the client's next request
 * (through any server) already finds it given back. (express-rate-limit's skipSuccessfulRequests
 * does it after the answer has gone, which a database store would lose to a quick next request.)
 */
function refundOnSuccess(res: Response, release: () => Promise<void>) {
  const end = res.end;
  res.end = function (this: Response, ...args: unknown[]) {
    res.end = end;
    const send = () => (end as (...a: unknown[]) => Response).apply(this, args);
    if (res.statusCode >= 400) return send();
    release()
      .catch(() => undefined)
      .finally(send);
    return this;
  } as Response['end'];
}
