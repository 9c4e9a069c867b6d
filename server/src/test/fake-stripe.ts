import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeStripeRequest {
  method: string;
  path: string;
  /** The form-encoded body as sent (decode it to read brackets). */
  body: string;
  auth: string;
  /** The Idempotency-Key header ('' when none was sent). */
  idempotencyKey: string;
}

/**
 * A stand-in for api.stripe.com on 127.0.0.1 (tests only): every request is kept, and `answer`
 * gives the JSON of those it knows (`n` counts requests, for ids); the others get Stripe's 404.
 */
export function fakeStripe(answer: (request: FakeStripeRequest, n: number) => object | null) {
  const requests: FakeStripeRequest[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const request = {
        method: req.method ?? '',
        path: req.url ?? '',
        body,
        auth: String(req.headers.authorization),
        idempotencyKey: String(req.headers['idempotency-key'] ?? ''),
      };
      requests.push(request);
      const n = requests.length;
      const value = answer(request, n);
      res.writeHead(value ? 200 : 404, { 'Content-Type': 'application/json', 'Request-Id': `req_${n}` });
      res.end(JSON.stringify(value ?? { error: { message: 'not here' } }));
    });
  });
  return {
    requests,
    /** Starts it; its base URL (STRIPE_API_BASE). */
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A created Checkout session, as Stripe answers it. */
export const checkoutSession = (id: string) => ({
  id,
  object: 'checkout.session',
  url: `https://checkout.stripe.com/c/pay/${id}`,
});
