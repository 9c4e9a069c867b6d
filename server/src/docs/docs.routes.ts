import { Router } from 'express';
import swaggerUi from 'swagger-ui-express';
import type { Config } from '../config/env';
import { buildOpenApi } from './openapi';

/** GET /api/openapi.json and Swagger UI at /api/docs. */
export function docsRouter(config: Config): Router {
  const document = buildOpenApi(config.publicUrlConfigured ? config.publicUrl : '');
  const router = Router();
  router.get('/openapi.json', (_req, res) => {
    res.json(document);
  });
  router.use('/docs', swaggerUi.serve, swaggerUi.setup(document, { customSiteTitle: 'Pulso API' }));
  return router;
}
