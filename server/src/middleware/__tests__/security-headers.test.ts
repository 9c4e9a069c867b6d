import express from 'express';
import helmet from 'helmet';
import request from 'supertest';
import { securityHeaders } from '../security-headers';

const OPTIONS: Parameters<typeof helmet>[0][] = [
  undefined,
  {
    contentSecurityPolicy: { directives: { 'img-src': ["'self'", 'data:'], 'upgrade-insecure-requests': null } },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
  },
];

async function headersOf(middleware: express.RequestHandler) {
  const app = express();
  app.use(middleware);
  app.get('/', (_req, res) => res.send('ok'));
  const res = await request(app).get('/');
  // The date and the body's ETag are not security headers.
  return Object.fromEntries(Object.entries(res.headers).filter(([name]) => name !== 'date' && name !== 'etag'));
}

describe('security headers', () => {
  test.each(OPTIONS.map((o, i) => [i, o]))(
    'when precomputed (options %s), then a response carries exactly the headers helmet itself sends',
    async (_i, options) => {
      const live = await headersOf(helmet(options));
      const precomputed = await headersOf(securityHeaders(options));
      expect(precomputed).toEqual(live);
      expect(precomputed['content-security-policy']).toBeTruthy();
      expect(precomputed['x-powered-by']).toBeUndefined();
    },
  );
});
