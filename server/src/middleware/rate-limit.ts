import type { RequestHandler } from 'express';
import { rateLimit, type Options } from 'express-rate-limit';
import { MESSAGES } from '@pulso/shared';
import type { Config } from '../config/env';
import { HttpError } from '../lib/http-error';

export type RateLimitName = Exclude<keyof Config['rateLimits'], 'windowMs'>;

/**
 * Per-client-IP limits on the endpoints that invite abuse. The client IP is Express's `req.ip`, so
 * behind a proxy it is right only when TRUST_PROXY says how many hops to trust. Counters live in the
 * process (one server; a shared store such as Redis would be needed to run several).
 */
export function rateLimiter(config: Config, name: RateLimitName, options: Partial<Options> = {}): RequestHandler {
  const { windowMs } = config.rateLimits;
  return rateLimit({
    windowMs,
    limit: config.rateLimits[name],
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    identifier: name,
    handler: (req, res, next) => {
      const resetTime = (req as { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      const seconds = resetTime ? Math.max(1, Math.ceil((resetTime.getTime() - Date.now()) / 1000)) : windowMs / 1000;
      res.setHeader('Retry-After', String(Math.ceil(seconds)));
      next(HttpError.tooManyRequests(MESSAGES.api.rateLimited));
    },
    ...options,
  });
}
