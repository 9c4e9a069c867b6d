import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import cors from 'cors';
import express, { type Express, type Request, type RequestHandler, type Response } from 'express';
import type helmet from 'helmet';
import type { Logger } from 'pino';
import type { Config } from './config/env';
import { docsRouter } from './docs/docs.routes';
import { buildOpenApi } from './docs/openapi';
import { parseCloudinaryUrl } from './lib/cloudinary-storage';
import { createContext, type AppContext } from './lib/context';
import { GridFsStorage } from './lib/gridfs-storage';
import { readCache } from './lib/read-cache';
import { authenticate } from './middleware/auth';
import { errorHandler } from './middleware/error-handler';
import { apiNotFound } from './middleware/not-found';
import { requestLog } from './middleware/request-log';
import { securityHeaders } from './middleware/security-headers';
import { auditRouter } from './modules/audit/audit.routes';
import { announcementsRouter } from './modules/announcements/announcements.routes';
import { branchesRouter } from './modules/branches/branches.routes';
import { calendarRouter } from './modules/calendar/calendar.routes';
import { feedsRouter } from './modules/feeds/feeds.routes';
import { catalogRouter } from './modules/catalog/catalog.routes';
import { contactRouter } from './modules/contact/contact.routes';
import { healthRouter } from './modules/health/health.routes';
import { metricsRouter } from './modules/health/metrics.routes';
import { lessonsRouter } from './modules/lessons/lessons.routes';
import { bookingsRouter } from './modules/bookings/bookings.routes';
import { checkinRouter } from './modules/checkin/checkin.routes';
import { wishesRouter } from './modules/bookings/bookings.wishes.routes';
import { reviewsRouter } from './modules/reviews/reviews.routes';
import { publicConfigRouter } from './modules/health/public-config.routes';
import { paymentsRouter } from './modules/payments/payments.routes';
import { subscriptionsRouter } from './modules/payments/subscriptions.routes';
import { stripeWebhookRouter } from './modules/payments/payments.webhook';
import { plansRouter } from './modules/plans/plans.routes';
import { statsRouter } from './modules/stats/stats.routes';
import { usersRouter } from './modules/users/users.routes';

/** Builds the Express app (no listen): the API under /api, uploads, and the built SPA. */
export function createApp(config: Config, logger: Logger, ctx: AppContext = createContext(config, logger)): Express {
  const app = express();
  readCache.configure(config.readCache);
  app.set('trust proxy', config.trustProxy);
  // The audit trail's snapshots show the gym's dates (modules/audit).
  app.set('gym time zone', config.bookings.timeZone);
  app.disable('x-powered-by');

  app.use(requestLog(app, logger));
  // HTTPS-only headers would break a self-hosted install served over plain HTTP.
  const https = config.publicUrl.startsWith('https://');
  app.use(securityHeaders(securityHeaderOptions(config, https)));

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
  // Each module's router is built from its route table (lib/route-table.ts), which the OpenAPI
  // document is generated from too. Routes the document calls sessionless come before authenticate.
  api.use(healthRouter(ctx.lifecycle));
  api.use(metricsRouter(ctx, config.metricsToken));
  api.use(publicConfigRouter(config));
  api.use(docsRouter(buildOpenApi(config.publicUrlConfigured ? config.publicUrl : '')));
  api.use(authenticate(ctx));
  api.use(usersRouter(ctx));
  api.use(plansRouter);
  api.use(branchesRouter(ctx));
  api.use(lessonsRouter(ctx));
  api.use(bookingsRouter(ctx));
  api.use(checkinRouter(ctx));
  api.use(wishesRouter(ctx));
  api.use(catalogRouter);
  api.use(reviewsRouter);
  api.use(calendarRouter(ctx));
  api.use(feedsRouter(ctx));
  api.use(paymentsRouter(ctx));
  api.use(subscriptionsRouter(ctx));
  api.use(contactRouter(ctx));
  api.use(statsRouter(ctx));
  api.use(auditRouter(ctx));
  api.use(announcementsRouter(ctx));
  api.use(apiNotFound);
  app.use('/api', api);

  // Images in GridFS are served from the database; the disk folder stays for disk and Cloudinary
  // installs (Cloudinary images are served by Cloudinary; older ones may be on disk).
  app.use(
    '/uploads',
    ctx.storage instanceof GridFsStorage
      ? ctx.storage.handler()
      : express.static(config.uploadsDir, {
          index: false,
          fallthrough: false,
          maxAge: '7d',
          dotfiles: 'deny',
          // Image URLs are used by clients on other origins (a SPA pointed at a hosted API).
          setHeaders: (res) => res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin'),
        }),
  );

  if (existsSync(path.join(config.clientDistDir, 'index.html'))) {
    const spa = new SpaFiles(config.clientDistDir);
    app.use(spa.assets());
    app.use(spa.fallback());
  }

  app.use(apiNotFound);
  app.use(errorHandler);
  return app;
}

/**
 * helmet's defaults with a Content-Security-Policy that allows only what this installation uses:
 * Google's sign-in widget when GOOGLE_CLIENT_ID is set, Cloudinary images when CLOUDINARY_URL is set.
 */
function securityHeaderOptions(config: Config, https: boolean): Parameters<typeof helmet>[0] {
  const google = config.googleClientId ? ['https://accounts.google.com/gsi/'] : [];
  // Only this installation's cloud: its images' secure URLs are https://res.cloudinary.com/CLOUD/...
  const cloudinary = config.cloudinaryUrl
    ? [`https://res.cloudinary.com/${parseCloudinaryUrl(config.cloudinaryUrl).cloud_name}/`]
    : [];
  return {
    contentSecurityPolicy: {
      directives: {
        'script-src': ["'self'", ...(google.length ? ['https://accounts.google.com/gsi/client'] : [])],
        'style-src': ["'self'", "'unsafe-inline'", ...(google.length ? ['https://accounts.google.com/gsi/style'] : [])],
        'img-src': ["'self'", 'data:', 'blob:', ...cloudinary],
        'connect-src': ["'self'", ...google],
        'frame-src': ["'self'", ...google],
        'upgrade-insecure-requests': https ? [] : null,
      },
    },
    // Google's button checks the page's origin, which a no-referrer policy would hide.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https,
  };
}

const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;

/**
 * The built SPA: hashed assets are immutable, everything else is revalidated, and files are sent as
 * the Brotli or gzip siblings the client build wrote (found once at start) when the browser accepts them.
 */
class SpaFiles {
  private readonly compressed = new Set<string>();
  private readonly assetsDir: string;

  constructor(private readonly root: string) {
    this.assetsDir = path.join(root, 'assets') + path.sep;
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (entry.name.endsWith('.br') || entry.name.endsWith('.gz')) this.compressed.add(file);
      }
    };
    walk(root);
  }

  private cacheControl(file: string): string {
    return file.startsWith(this.assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache';
  }

  /** Sends the compressed sibling of `file` if there is one the browser accepts; false otherwise. */
  private sendCompressed(req: Request, res: Response, file: string): boolean {
    res.vary('Accept-Encoding');
    const match = ENCODINGS.find(
      ([name, suffix]) => this.compressed.has(file + suffix) && req.acceptsEncodings(name) === name,
    );
    if (!match) return false;
    const [encoding, suffix] = match;
    res.setHeader('Content-Encoding', encoding);
    res.setHeader('Cache-Control', this.cacheControl(file));
    res.type(path.extname(file));
    res.sendFile(file + suffix);
    return true;
  }

  assets(): RequestHandler {
    const plain = express.static(this.root, {
      index: false,
      setHeaders: (res, filePath) => res.setHeader('Cache-Control', this.cacheControl(filePath)),
    });
    return (req, res, next) => {
      if (req.method === 'GET' || req.method === 'HEAD') {
        let relative: string;
        try {
          relative = decodeURIComponent(req.path);
        } catch {
          return next();
        }
        const file = path.join(this.root, relative);
        if (file.startsWith(this.root + path.sep) && this.sendCompressed(req, res, file)) return;
      }
      plain(req, res, next);
    };
  }

  /** History fallback: any other GET that wants HTML gets index.html, so client routes load. */
  fallback(): RequestHandler {
    const indexFile = path.join(this.root, 'index.html');
    return (req, res, next) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      if (!req.accepts('html')) return next();
      if (this.sendCompressed(req, res, indexFile)) return;
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(indexFile);
    };
  }
}
