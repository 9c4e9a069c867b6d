import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { recordRequest, type AnsweredBy } from '../lib/metrics';

const REQUEST_ID_RE = /^[\w.-]{1,64}$/;

const REQUEST_ID = Symbol('pulso.requestId');
const REQUEST_LOGGER = Symbol('pulso.requestLogger');

interface TrackedRequest extends IncomingMessage {
  [REQUEST_ID]?: string;
  [REQUEST_LOGGER]?: Logger;
}

/** The logger that stamps this request's id on every line, made on first use. */
function requestLogger(req: TrackedRequest, logger: Logger): Logger {
  return (req[REQUEST_LOGGER] ??= logger.child({ reqId: req[REQUEST_ID] }));
}

/**
 * Gives a request an id (the caller's X-Request-Id when it is sane, else a new one), echoed in
 * the response, and logs one line per finished request at info level. Used by the app's first
 * middleware and by the hot path (lib/hot-path.ts).
 *
 * The id is a plain property. Defining an accessor on each request instead (as `req.log` was)
 * turns the request into a dictionary-mode object: under load that made requests survive young
 * collections, tripled the bytes promoted to the old space and cost about a quarter of the hot
 * path's throughput (docs/performance.md, "How Pulso answers fast").
 */
export function requestTracker(
  logger: Logger,
  via: AnsweredBy,
): (req: IncomingMessage, res: ServerResponse, started?: number) => void {
  const logsRequests = logger.isLevelEnabled('info');
  return (req: TrackedRequest, res, started = performance.now()) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && REQUEST_ID_RE.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', id);
    req[REQUEST_ID] = id;
    const url = req.url ?? '';
    const logs = logsRequests && url !== '/api/health';
    const line = (message: string, ms: number) =>
      requestLogger(req, logger).info(
        { req: { method: req.method, url }, res: { statusCode: res.statusCode }, responseTime: Math.round(ms) },
        message,
      );
    // One clock and one listener for the request's metrics and its log line.
    res.once('finish', () => {
      const ms = performance.now() - started;
      recordRequest(req, res, via, ms / 1000);
      if (logs) line('request completed', ms);
    });
    if (logs) {
      res.once('close', () => {
        if (!res.writableFinished) line('request aborted', performance.now() - started);
      });
    }
  };
}

/**
 * The app's first middleware: see requestTracker(). Also gives the app's requests `req.log`, the
 * logger with the request's id, as a getter on the app's request prototype (`app.request`), so the
 * child logger is made only when something logs: a busy server at `warn` pays nothing for it.
 */
export function requestLog(app: Express, logger: Logger): RequestHandler {
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: TrackedRequest) {
      return requestLogger(this, logger);
    },
  });
  const track = requestTracker(logger, 'app');
  return (req, res, next) => {
    track(req, res);
    next();
  };
}
