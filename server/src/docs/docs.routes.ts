import type { Router } from 'express';
import swaggerUi from 'swagger-ui-express';
import { schemas } from '@pulso/shared';
import { mountRoutes, routeTable } from '../lib/route-table';

// prettier-ignore
export const docsRoutes = routeTable<object>('', [
  { route: 'GET /openapi.json', access: 'anyone', sessionless: true, ok: [200, schemas.openApiDocument], handler: (document) => (_req, res) => { res.json(document); }, summary: 'This document' },
]);

/** GET /api/openapi.json and Swagger UI at /api/docs, for the document docs/openapi.ts built. */
export function docsRouter(document: object): Router {
  const router = mountRoutes(docsRoutes, document);
  router.use('/docs', swaggerUi.serve, swaggerUi.setup(document, { customSiteTitle: 'Pulso API' }));
  return router;
}
