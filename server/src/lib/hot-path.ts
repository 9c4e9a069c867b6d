import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import { requestTracker } from '../middleware/request-log';
import { answeredAs, routeOf } from './metrics';
import { loadModel } from './read-models';
import { ON_CACHED_ANSWER, readCache, writeCached, type CachedAnswerListener, type CachedBody } from './read-cache';

/**
 * What the app's acceptance of a signed-in request rested on (middleware/auth.ts): the token's
 * user as the read cache had it, and the token's expiry.
 */
export interface Session {
  /** The read-cache key of the signed-in user. */
  userKey: string;
  /** The cached user the app decided on (the very object). */
  user: unknown;
  expiresAt: number;
}

const SESSION = Symbol('pulso.session');

/** Called by the authentication middleware once it has accepted a token. */
export function noteSession(req: IncomingMessage, session: Session): void {
  (req as { [SESSION]?: Session })[SESSION] = session;
}

/** What the app answered for a request, the last time it was answered from the read cache. */
interface Answer {
  /** The read-cache key the app sent. */
  key: string;
  /** The headers the app had set by then, less the per-request ones. */
  headers: [string, OutgoingHttpHeaders[string]][];
  /** For a signed-in request, what accepting its token rested on. */
  session?: Session;
  /** The app's route that answered it (metrics). */
  route: string;
  /** The read model the answer is, when it is a stored one (lib/read-models.ts). */
  storedModel?: string;
}

/** Headers that belong to one request or are set by writeCached() (which adds to Vary). */
const PER_REQUEST = new Set(['x-request-id', 'etag', 'content-type', 'content-length', 'content-encoding']);

/** How many distinct requests are remembered (a URL with its Origin and token). */
const MAX_ANSWERS = 2000;

/**
 * The hot path: reads the app last answered from the read cache (the public catalogue, a class, a
 * sede, a member's profile and calendar) are answered again straight from the cache, before
 * Express, its routers and middleware, as long as what the answer rested on still holds.
 *
 * For a read (GET or HEAD without a body), the app's whole answer is decided by the URL, the Origin
 * (CORS headers), the token and the cached body; If-None-Match and Accept-Encoding are handled by
 * writeCached(), as the app does. A token's acceptance rests on its signature (the same string was
 * accepted), its expiry, and its user as the read cache has it (any write to the accounts makes
 * that entry stale, so a suspension, a demotion or a password change is seen at once). So the
 * first time the app sends a cached answer, the key, the headers it had set and the session are
 * remembered under the URL, Origin and Authorization; the next identical request gets those
 * headers, a request id and log line of its own, and the cached body, or goes through the app
 * when anything it rested on is gone or stale (a write, an expiry), which then remembers it again.
 * Anything else (a write, a refused token, an error) always goes through the app.
 *
 * With the read cache off (`READ_CACHE=false`), nothing is answered from memory: an anonymous read
 * the app answered with a stored read model (the catalogue, a class, a sede) is answered here by
 * reading that model again, one point read by `_id`, with the headers the app had set. Express,
 * its routers and middleware were about a third of such a read's cost (docs/performance.md).
 */
export function hotPath(app: RequestListener, logger: Logger): RequestListener {
  const answers = new LRUCache<string, Answer>({ max: MAX_ANSWERS });
  const track = requestTracker(logger, 'hot-path');

  /** Sends `body` as the app answered `answer` (the headers it had set, a request id of its own). */
  const replay = (req: IncomingMessage, res: ServerResponse, answer: Answer, body: CachedBody, started?: number) => {
    track(req, res, started);
    answeredAs(req, answer.route);
    for (const [name, value] of answer.headers) if (value !== undefined) res.setHeader(name, value);
    writeCached(req, res, body).catch((error: unknown) => {
      logger.error({ err: error }, 'hot path failed');
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
  };

  /** Lets the app answer, remembering how when it sends a cached or stored answer. */
  const throughApp = (req: IncomingMessage, res: ServerResponse, id: string) => {
    const listener: CachedAnswerListener = (key, headers, storedModel) => {
      const session = (req as { [SESSION]?: Session })[SESSION];
      // A token the app accepted without saying what on is never answered here.
      if (req.headers.authorization !== undefined && !session) return;
      // With the cache off, only an anonymous stored answer can be answered here (read again).
      if (!readCache.enabled && (storedModel === undefined || session)) return;
      answers.set(id, {
        key,
        headers: Object.entries(headers).filter(([name]) => !PER_REQUEST.has(name)),
        session,
        route: routeOf(req),
        storedModel,
      });
    };
    (req as { [ON_CACHED_ANSWER]?: CachedAnswerListener })[ON_CACHED_ANSWER] = listener;
    app(req, res);
  };

  return (req, res) => {
    if (!eligible(req)) {
      app(req, res);
      return;
    }
    const id = answerId(req);
    const answer = answers.get(id);
    if (answer && readCache.enabled) {
      const cached = stillHolds(answer) ? readCache.peek<CachedBody>(answer.key) : undefined;
      if (cached) replay(req, res, answer, cached);
      else throughApp(req, res, id);
      return;
    }
    if (answer?.storedModel !== undefined && !answer.session) {
      // The cache is off: the stored answer is read again (one point read), and the app answers
      // when it is gone (a class renamed, read models rebuilt) or cannot be read.
      const started = performance.now();
      loadModel(answer.storedModel).then(
        (stored) => (stored ? replay(req, res, answer, stored, started) : throughApp(req, res, id)),
        () => throughApp(req, res, id),
      );
      return;
    }
    throughApp(req, res, id);
  };
}

/** Whether the token (if any) would still be accepted as it was. */
function stillHolds({ session }: Answer): boolean {
  if (!session) return true;
  return Date.now() < session.expiresAt && readCache.peek(session.userKey) === session.user;
}

function eligible(req: IncomingMessage): boolean {
  const { method, headers } = req;
  if (method !== 'GET' && method !== 'HEAD') return false;
  // A body on a GET goes through the app, which parses (and may refuse) it.
  if (headers['transfer-encoding'] !== undefined) return false;
  const length = headers['content-length'];
  if (length !== undefined && length !== '0') return false;
  return req.url?.startsWith('/api/') ?? false;
}

/** Requests that the app answers alike: same URL (HEAD as GET), Origin and Authorization. */
function answerId(req: IncomingMessage): string {
  const { origin, authorization } = req.headers;
  return `${origin ?? ''}\n${authorization ?? ''}\n${req.url}`;
}
