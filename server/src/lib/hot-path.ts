import type { IncomingMessage, OutgoingHttpHeaders, RequestListener } from 'node:http';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import { requestTracker } from '../middleware/request-log';
import { ON_CACHED_ANSWER, readCache, writeCached, type CachedAnswerListener, type CachedBody } from './read-cache';

/** What the app answered for a request, the last time it was answered from the read cache. */
interface Answer {
  /** The read-cache key the app sent. */
  key: string;
  /** The headers the app had set by then, less the per-request ones. */
  headers: [string, OutgoingHttpHeaders[string]][];
}

/** Headers that belong to one request or are set by writeCached() (which adds to Vary). */
const PER_REQUEST = new Set(['x-request-id', 'etag', 'content-type', 'content-length', 'content-encoding']);

/** How many distinct anonymous requests are remembered (a URL with its Origin). */
const MAX_ANSWERS = 2000;

/**
 * The hot path: anonymous reads the app last answered from the read cache (the public catalogue,
 * a class, a sede) are answered again straight from the cache, before Express, its routers and
 * middleware, as long as the cached answer is still current.
 *
 * For such a request (GET or HEAD, no Authorization header, no body), the app's whole answer is
 * decided by the URL, the Origin (CORS headers) and the cached body; If-None-Match and
 * Accept-Encoding are handled by writeCached(), as the app does. So the first time the app sends a
 * cached answer, the key and the headers it had set are remembered under the URL and Origin; the
 * next identical request gets those headers, a request id and log line of its own, and the cached
 * body, or goes through the app when the entry is gone or stale (a write, an expiry), which then
 * remembers it again. Anything else (a signed-in request, a write, an error) always goes through
 * the app.
 */
export function hotPath(app: RequestListener, logger: Logger): RequestListener {
  const answers = new LRUCache<string, Answer>({ max: MAX_ANSWERS });
  const track = requestTracker(logger);

  return (req, res) => {
    if (!eligible(req)) {
      app(req, res);
      return;
    }
    const id = answerId(req);
    const answer = answers.get(id);
    const cached = answer && readCache.peek<CachedBody>(answer.key);
    if (!answer || !cached) {
      const listener: CachedAnswerListener = (key, headers) => {
        answers.set(id, {
          key,
          headers: Object.entries(headers).filter(([name]) => !PER_REQUEST.has(name)),
        });
      };
      (req as { [ON_CACHED_ANSWER]?: CachedAnswerListener })[ON_CACHED_ANSWER] = listener;
      app(req, res);
      return;
    }
    track(req, res);
    for (const [name, value] of answer.headers) if (value !== undefined) res.setHeader(name, value);
    writeCached(req, res, cached).catch((error: unknown) => {
      logger.error({ err: error }, 'hot path failed');
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
  };
}

function eligible(req: IncomingMessage): boolean {
  const { method, headers } = req;
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (headers.authorization !== undefined) return false;
  // A body on a GET goes through the app, which parses (and may refuse) it.
  if (headers['transfer-encoding'] !== undefined) return false;
  const length = headers['content-length'];
  if (length !== undefined && length !== '0') return false;
  return req.url?.startsWith('/api/') ?? false;
}

/** Requests that the app answers alike: same URL (HEAD as GET) and Origin. */
function answerId(req: IncomingMessage): string {
  return `${req.headers.origin ?? ''} ${req.url}`;
}
