import type { RequestHandler } from 'express';
import { schemas, type PublicConfigDto } from '@pulso/shared';
import { paymentProviderName, type Config } from '../../config/env';
import { mountRoutes, routeTable } from '../../lib/route-table';

/** What the SPA needs to know about this installation at run time (brand, currency). */
function sendPublicConfig(config: Config): RequestHandler {
  const body: PublicConfigDto = {
    gymName: config.gymName,
    currency: config.currency,
    googleClientId: config.googleClientId ?? null,
    payments: paymentProviderName(config),
    pauses: config.memberships.pauses,
  };
  return (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(body);
  };
}

// prettier-ignore
export const publicConfigRoutes = routeTable<Config>('/config', [
  { route: 'GET /', access: 'anyone', sessionless: true, ok: [200, schemas.publicConfig], handler: sendPublicConfig, summary: 'Brand and currency of this installation' },
]);

export function publicConfigRouter(config: Config) {
  return mountRoutes(publicConfigRoutes, config);
}
