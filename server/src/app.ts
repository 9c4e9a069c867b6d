import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import cors from 'cors';
import express, { type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { Config } from './config/env';
import { CLIENT_DIST_DIR } from './config/paths';
import { docsRouter } from './docs/docs.routes';
import { createContext, type AppContext } from './lib/context';
import { authenticate } from './middleware/auth';
import { errorHandler } from './middleware/error-handler';
import { apiNotFound } from './middleware/not-found';
import { branchesRouter } from './modules/branches/branches.routes';
import { calendarRouter } from './modules/calendar/calendar.routes';
import { goalsRouter, typesRouter } from './modules/catalog/catalog.routes';
import { contactRouter } from './modules/contact/contact.routes';
import { healthRouter } from './modules/health/health.routes';
import { lessonsRouter } from './modules/lessons/lessons.routes';
import { reviewsRouter } from './modules/reviews/reviews.routes';
import { publicConfigRouter } from './modules/health/public-config.routes';
import { paymentsRouter } from './modules/payments/payments.routes';
import { stripeWebhookRouter } from './modules/payments/payments.webhook';
import { plansRouter } from './modules/plans/plans.routes';
import { usersRouter } from './modules/users/users.routes';

const REQUEST_ID_RE = /^[\w.-]{1,64}$/;

/** Builds the Express app (no listen): the API under /api, uploads, and the built SPA. */
export function createApp(config: Config, logger: Logger, ctx: AppContext = createContext(config, logger)): Express {
  const app = express();
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');

  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && REQUEST_ID_RE.test(incoming) ? incoming : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === '/api/health' },
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  // HTTPS-only headers would break a self-hosted install served over plain HTTP.
  const https = config.publicUrl.startsWith('https://');
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: { 'upgrade-insecure-requests': https ? [] : null },
      },
      strictTransportSecurity: https,
    }),
  );

  // Signed webhooks need the raw body, so they come before the JSON parser.
  app.use(stripeWebhookRouter(ctx));

  const api = express.Router();
  api.use(
    cors({
      origin: (origin, callback) => callback(null, !origin || config.corsOrigins.includes(origin)),
      exposedHeaders: ['X-Total-Count', 'X-Request-Id', 'Retry-After'],
      maxAge: 600,
    }),
  );
  api.use(express.json({ limit: config.jsonBodyLimit }));
  api.use(healthRouter);
  api.use('/config', publicConfigRouter(config));
  api.use(docsRouter(config));
  api.use(authenticate(ctx));
  api.use('/users', usersRouter(ctx));
  api.use('/memberships', plansRouter);
  api.use('/branchoffice', branchesRouter(ctx));
  api.use('/lessons', lessonsRouter(ctx));
  api.use('/types', typesRouter);
  api.use('/goals', goalsRouter);
  api.use('/reviews', reviewsRouter);
  api.use('/events', calendarRouter);
  api.use('/payments', paymentsRouter(ctx));
  api.use('/contact', contactRouter(ctx));
  api.use(apiNotFound);
  app.use('/api', api);

  app.use(
    '/uploads',
    express.static(config.uploadsDir, {
      index: false,
      fallthrough: false,
      maxAge: '7d',
      dotfiles: 'deny',
      // Image URLs are used by clients on other origins (a SPA pointed at a hosted API).
      setHeaders: (res) => res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin'),
    }),
  );

  if (existsSync(path.join(CLIENT_DIST_DIR, 'index.html'))) {
    app.use(spaAssets());
    app.use(spaFallback());
  }

  app.use(apiNotFound);
  app.use(errorHandler);
  return app;
}

/** Hashed build assets are immutable; everything else is revalidated. */
function spaAssets(): RequestHandler {
  return express.static(CLIENT_DIST_DIR, {
    index: false,
    setHeaders(res, filePath) {
      const hashed = filePath.startsWith(path.join(CLIENT_DIST_DIR, 'assets') + path.sep);
      res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}

/** History fallback: any other GET that wants HTML gets index.html, so client routes load. */
function spaFallback(): RequestHandler {
  const indexFile = path.join(CLIENT_DIST_DIR, 'index.html');
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (!req.accepts('html')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexFile);
  };
}
