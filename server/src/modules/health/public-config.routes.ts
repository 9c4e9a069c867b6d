import { Router } from 'express';
import type { PublicConfigDto } from '@pulso/shared';
import { paymentProviderName, type Config } from '../../config/env';

/** What the SPA needs to know about this installation at run time (brand, currency). */
export function publicConfigRouter(config: Config): Router {
  const body: PublicConfigDto = {
    gymName: config.gymName,
    currency: config.currency,
    googleClientId: config.googleClientId ?? null,
    payments: paymentProviderName(config),
  };
  const router = Router();
  router.get('/', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(body);
  });
  return router;
}
