import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

const REQUEST_ID_RE = /^[\w.-]{1,64}$/;

/**
 * Gives a request an id (the caller's X-Request-Id when it is sane, else a new one), echoed in
 * the response, and a `req.log` that stamps it on every line; logs one line per finished request
 * at info level. The child logger is made only when something logs, so a busy server at `warn`
 * pays nothing for it. Used by the app's first middleware and by the hot path (lib/hot-path.ts).
 */
export function requestTracker(logger: Logger): (req: IncomingMessage, res: ServerResponse) => void {
  const logsRequests = logger.isLevelEnabled('info');
  return (req, res) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && REQUEST_ID_RE.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', id);
    let child: Logger | undefined;
    const log = () => (child ??= logger.child({ reqId: id }));
    Object.defineProperty(req, 'log', { configurable: true, get: log });
    const url = req.url ?? '';
    if (logsRequests && url !== '/api/health') {
      const started = performance.now();
      const line = (message: string) =>
        log().info(
          {
            req: { method: req.method, url },
            res: { statusCode: res.statusCode },
            responseTime: Math.round(performance.now() - started),
          },
          message,
        );
      res.once('finish', () => line('request completed'));
      res.once('close', () => {
        if (!res.writableFinished) line('request aborted');
      });
    }
  };
}

/** The app's first middleware: see requestTracker(). */
export function requestLog(logger: Logger): RequestHandler {
  const track = requestTracker(logger);
  return (req, res, next) => {
    track(req, res);
    next();
  };
}
