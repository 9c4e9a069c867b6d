import request from 'supertest';
import { JPEG_BYTES, type ContractRequest, type Send } from '../../../shared/src/contract/run';

export interface SupertestSendOptions {
  /** Where the API's paths start (`/api`). */
  prefix?: string;
  /**
   * How long to wait at most, in all, for rate limits to pass: a 429 whose Retry-After fits is
   * waited out and the request sent again (a 429 means the server did nothing with it). 0: never.
   */
  maxWaitSeconds?: number;
  /** Told before each wait, with the limit the server states (RateLimit-Policy), when it does. */
  onWait?: (seconds: number, request: ContractRequest, policy?: RateLimitPolicy) => void;
  /** Per request, so a server that stops answering fails the run instead of hanging it. */
  timeoutMs?: number;
}

type Target = Parameters<typeof request>[0];

/** A rate limit as the server states it: `limit` requests per `windowSeconds`. */
export interface RateLimitPolicy {
  limit: number;
  windowSeconds: number;
}

/** Reads `"register"; q=10; w=900` (the IETF draft's RateLimit-Policy header). */
function policyOf(header: unknown): RateLimitPolicy | undefined {
  const text = typeof header === 'string' ? header : '';
  const limit = /;\s*q=(\d+)/.exec(text)?.[1];
  const window = /;\s*w=(\d+)/.exec(text)?.[1];
  return limit && window ? { limit: Number(limit), windowSeconds: Number(window) } : undefined;
}

/**
 * The contract's `send` through supertest: against the app in the test process, or against a
 * running Pulso when `target` is its address (supertest accepts both).
 */
export function supertestSend(target: Target, options: SupertestSendOptions = {}): Send {
  const { prefix = '/api', maxWaitSeconds = 0, onWait, timeoutMs } = options;
  const once = async (req: ContractRequest) => {
    const method = req.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    let call = request(target)[method](`${prefix}${req.path}`);
    if (timeoutMs) call = call.timeout(timeoutMs);
    if (req.token) call = call.set('Authorization', `Bearer ${req.token}`);
    if (req.multipart) {
      const { field, attributes, image } = req.multipart;
      call = call.field(field, JSON.stringify(attributes));
      if (image) {
        const bytes = image.content === 'jpeg' ? Buffer.from(JPEG_BYTES) : Buffer.from('no soy una imagen');
        call = call.attach('image', bytes, { filename: image.name, contentType: 'image/jpeg' });
      }
    } else if (req.json !== undefined) {
      call = call.send(req.json as object);
    }
    return call;
  };
  return async (req) => {
    let res = await once(req);
    let waited = 0;
    for (;;) {
      const wait = Number(res.headers['retry-after']);
      if (res.status !== 429 || !(wait > 0) || waited + wait > maxWaitSeconds) break;
      waited += wait;
      onWait?.(wait, req, policyOf(res.headers['ratelimit-policy']));
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
      res = await once(req);
    }
    return { status: res.status, body: res.body as unknown };
  };
}
