import type { Request } from 'express';
import type { Config } from '../config/env';

/**
 * Where to send the browser that made this request back to, as an origin ('http://127.0.0.1:3000'):
 * the page's own origin (the `Origin` header browsers send with every POST) when it may be trusted —
 * the site itself at whatever address it was opened (localhost, 127.0.0.1, a LAN address, the same
 * origin as the request's host) or a SPA origin listed in CORS_ORIGINS — and PUBLIC_URL otherwise
 * (by default http://localhost:PORT). The member's session lives in that origin's storage, so a
 * return page anywhere else would find them signed out.
 *
 * Only for addresses handed back to the same caller (Stripe's success and cancel pages). Never for a
 * link sent to someone else (a password-reset e-mail: a forged Host and Origin would give them an
 * attacker's address) nor for anything cached.
 */
export function callerOrigin(req: Request, config: Pick<Config, 'publicUrl' | 'corsOrigins'>): string {
  const origin = req.get('origin');
  if (!origin || origin === 'null') return config.publicUrl;
  if (config.corsOrigins.includes(origin)) return origin;
  return origin === `${req.protocol}://${req.host}` ? origin : config.publicUrl;
}
