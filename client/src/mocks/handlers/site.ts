import { PAUSE_DEFAULTS, schemas } from '@pulso/shared';
import type { Route } from '../route';

/** The health module (server/src/modules/health): answered before the body and the session are read. */
export const siteHandlers = (route: Route) => [
  route('GET /health', { access: 'anyone', sessionless: true, ok: [200, schemas.health] }, () => ({
    status: 'ok' as const,
    uptime: 0,
  })),
  route('GET /ready', { access: 'anyone', sessionless: true, ok: [200, schemas.ready] }, () => ({
    status: 'ready' as const,
    database: 'up',
  })),
  route(
    'GET /config',
    { access: 'anyone', sessionless: true, ok: [200, schemas.publicConfig] },
    ({ config, headers }) => {
      headers.set('Cache-Control', 'public, max-age=300');
      return { pauses: { ...PAUSE_DEFAULTS }, ...config, googleClientId: null, payments: 'demo' as const };
    },
  ),
];
