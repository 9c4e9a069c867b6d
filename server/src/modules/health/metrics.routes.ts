import { timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import * as z from 'zod';
import type { AppContext } from '../../lib/context';
import { registry } from '../../lib/metrics';
import { mountRoutes, routeTable } from '../../lib/route-table';
import { authenticate, requireAdmin } from '../../middleware/auth';

interface MetricsDeps {
  ctx: AppContext;
  /** METRICS_TOKEN: a scraper's bearer token, when configured. */
  token?: string;
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The scraper's token, or else an administrator's session; never public. */
function scraperOrAdmin({ ctx, token }: MetricsDeps): RequestHandler[] {
  const signedIn = authenticate(ctx);
  return [
    (req, res, next) => {
      const header = req.headers.authorization ?? '';
      if (token && header.startsWith('Bearer ') && sameToken(header.slice(7), token)) return next();
      return signedIn(req, res, (error?: unknown) => (error ? next(error) : requireAdmin(req, res, next)));
    },
  ];
}

const sendMetrics = (): RequestHandler => async (_req, res) => {
  res
    .set('Content-Type', registry.contentType)
    .set('Cache-Control', 'no-store')
    .send(await registry.metrics());
};

// prettier-ignore
export const metricsRoutes = routeTable<MetricsDeps>('', [
  { route: 'GET /metrics', access: 'anyone', sessionless: true, use: scraperOrAdmin, ok: [200, z.string()], okContentType: 'text/plain', errors: [401, 403], handler: sendMetrics, summary: 'Metrics in Prometheus text format', notes: 'For an administrator’s session, or for a scraper with `Authorization: Bearer <METRICS_TOKEN>`.' },
]);

export function metricsRouter(ctx: AppContext, token: string | undefined) {
  return mountRoutes(metricsRoutes, { ctx, token });
}
