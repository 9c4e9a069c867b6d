import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

const REQUEST_ID_RE = /^[\w.-]{1,64}$/;

/**
 * Gives every request an id (the caller's X-Request-Id when it is sane, else a new one), echoed in
 * the response, and a `req.log` that stamps it on every line; logs one line per finished request
 * at info level. The child logger is made only when something logs, so a busy server at `warn`
 * pays nothing for it.
 */
export function requestLog(logger: Logger): RequestHandler {
  const logsRequests = logger.isLevelEnabled('info');
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && REQUEST_ID_RE.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', id);
    let child: Logger | undefined;
    Object.defineProperty(req, 'log', {
      configurable: true,
      get: () => (child ??= logger.child({ reqId: id })),
    });
    if (logsRequests && req.url !== '/api/health') {
      const started = performance.now();
      const line = (message: string) =>
        req.log.info(
          {
            req: { method: req.method, url: req.originalUrl },
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
    next();
  };
}
