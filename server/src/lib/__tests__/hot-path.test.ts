import { once } from 'node:events';
import { resetReadModels } from '../../test/db';
import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import jwt from 'jsonwebtoken';
import request, { type Response } from 'supertest';
import { createApp } from '../../app';
import { loadConfig } from '../../config/env';
import { useTestDatabase } from '../../test/db';
import { bearer, createTestUser, type TestUser } from '../../test/fixtures';
import { createLogger } from '../../lib/logger';
import { PlanModel } from '../../modules/plans/plans.model';
import { hotPath } from '../hot-path';
import { preferredEncoding, readCache } from '../read-cache';

/** One GET with its raw bytes (supertest would decode them), so the encoding itself can be checked. */
async function rawGet(listener: RequestListener, url: string, headers: Record<string, string>) {
  const server = http.createServer(listener).listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: url, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on('error', reject);
    });
  } finally {
    server.close();
  }
}

/** The headers two answers should share: all but the per-request ones. */
function stable(res: Response) {
  const perRequest = new Set(['date', 'x-request-id', 'connection', 'keep-alive']);
  return Object.fromEntries(Object.entries(res.headers).filter(([name]) => !perRequest.has(name)));
}

describe('hot path', () => {
  useTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', CORS_ORIGINS: 'https://app.pulso.test' });
  const logger = createLogger(config);
  const app = createApp(config, logger);
  // Counts the requests that reach Express.
  let entered = 0;
  const counted: RequestListener = (req: IncomingMessage, res: ServerResponse) => {
    entered++;
    app(req, res);
  };
  const handler = hotPath(counted, logger);
  let admin: TestUser;

  beforeAll(async () => {
    admin = await createTestUser(config, { isAdmin: true });
    await PlanModel.deleteMany({});
    await PlanModel.create({ name: 'Basico', duration: 1, benefits: 'Sala', price: 20 });
  });

  beforeEach(() => {
    entered = 0;
  });

  test('when an anonymous read was answered from the cache, then the same read is answered again without the app, alike', async () => {
    const first = await request(handler).get('/api/memberships').expect(200);
    expect(entered).toBe(1);
    const second = await request(handler).get('/api/memberships').expect(200);
    expect(entered).toBe(1);
    expect(second.body).toEqual(first.body);
    expect(stable(second)).toEqual(stable(first));
    expect(second.headers['x-request-id']).toMatch(/^[\w-]+$/);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect(second.headers['content-security-policy']).toBeDefined();
  });

  test('when an admin writes, then the next read goes through the app and shows the change', async () => {
    await request(handler).get('/api/memberships').expect(200);
    const plan = await PlanModel.findOne({ name: 'Basico' }).orFail();
    await request(handler)
      .put(`/api/memberships/update/${plan._id.toString()}`)
      .set(bearer(admin))
      .send({ name: 'Basico', duration: '1', benefits: 'Sala', price: '31' })
      .expect(200);
    entered = 0;
    const fresh = await request(handler).get('/api/memberships').expect(200);
    expect(entered).toBe(1);
    expect(fresh.body.find((p: { name: string }) => p.name === 'Basico').price).toBe(31);
  });

  test('when reads come from different origins, then each gets its own CORS headers', async () => {
    const allowed = await request(handler).get('/api/types').set('Origin', 'https://app.pulso.test').expect(200);
    const again = await request(handler).get('/api/types').set('Origin', 'https://app.pulso.test').expect(200);
    const other = await request(handler).get('/api/types').set('Origin', 'https://evil.test').expect(200);
    const otherAgain = await request(handler).get('/api/types').set('Origin', 'https://evil.test').expect(200);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.pulso.test');
    expect(again.headers['access-control-allow-origin']).toBe('https://app.pulso.test');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(otherAgain.headers['access-control-allow-origin']).toBeUndefined();
    expect(entered).toBe(2);
  });

  test('when a token is refused, then every request with it goes through the app and is refused', async () => {
    await request(handler).get('/api/types').expect(200);
    entered = 0;
    for (let i = 0; i < 2; i++) {
      const res = await request(handler).get('/api/types').set('Authorization', 'Bearer a.b.c').expect(401);
      expect(res.body.code).toBe('UNAUTHENTICATED');
    }
    expect(entered).toBe(2);
  });

  test('when a member reads their profile again, then the hot path answers it alike, for that token only', async () => {
    const member = await createTestUser(config);
    const other = await createTestUser(config);
    const first = await request(handler).get(`/api/users/${member.id}`).set(bearer(member)).expect(200);
    const second = await request(handler).get(`/api/users/${member.id}`).set(bearer(member)).expect(200);
    expect(entered).toBe(1);
    expect(second.body).toEqual(first.body);
    expect(stable(second)).toEqual(stable(first));
    // Another member asking for it is not answered from the first member's session.
    await request(handler).get(`/api/users/${member.id}`).set(bearer(other)).expect(403);
    await request(handler).get(`/api/users/${member.id}`).set(bearer(other)).expect(403);
    expect(entered).toBe(3);
  });

  test('when the member is suspended after a read, then their next read is refused at once, even of the catalogue', async () => {
    const member = await createTestUser(config);
    for (const path of [`/api/users/${member.id}`, '/api/types']) {
      await request(handler).get(path).set(bearer(member)).expect(200);
      await request(handler).get(path).set(bearer(member)).expect(200);
    }
    entered = 0;
    await request(handler).delete(`/api/users/delete/${member.id}`).set(bearer(admin)).expect(200);
    for (const path of [`/api/users/${member.id}`, '/api/types']) {
      const res = await request(handler).get(path).set(bearer(member)).expect(401);
      expect(res.body.code).toBe('ACCOUNT_SUSPENDED');
    }
    expect(entered).toBe(3);
  });

  test('when the token expires after a read, then the next read is refused', async () => {
    const member = await createTestUser(config);
    // Sooner than the read cache's own expiry, so only the token's expiry can refuse it.
    const expiresAt = Date.now() + 5_000;
    const token = jwt.sign({ id: member.id, isAdmin: false, exp: Math.floor(expiresAt / 1000) }, config.jwtSecret, {
      algorithm: 'HS256',
    });
    const auth = { Authorization: `Bearer ${token}` };
    await request(handler).get(`/api/users/${member.id}`).set(auth).expect(200);
    await request(handler).get(`/api/users/${member.id}`).set(auth).expect(200);
    expect(entered).toBe(1);
    const now = jest.spyOn(Date, 'now').mockReturnValue(expiresAt + 500);
    try {
      const res = await request(handler).get(`/api/users/${member.id}`).set(auth).expect(401);
      expect(res.body.code).toBe('UNAUTHENTICATED');
      expect(entered).toBe(2);
    } finally {
      now.mockRestore();
    }
  });

  test("when an answer has headers of its own (the admin's total of users), then they follow the data", async () => {
    const first = await request(handler).get('/api/users').set(bearer(admin)).expect(200);
    const again = await request(handler).get('/api/users').set(bearer(admin)).expect(200);
    expect(entered).toBe(1);
    expect(again.headers['x-total-count']).toBe(first.headers['x-total-count']);
    await createTestUser(config);
    const after = await request(handler).get('/api/users').set(bearer(admin)).expect(200);
    expect(Number(after.headers['x-total-count'])).toBe(Number(first.headers['x-total-count']) + 1);
    expect(after.headers.etag).not.toBe(first.headers.etag);
    const afterAgain = await request(handler).get('/api/users').set(bearer(admin)).expect(200);
    expect(afterAgain.headers['x-total-count']).toBe(after.headers['x-total-count']);
    expect(entered).toBe(2);
  });

  test('when a GET carries a body, then the app parses it (a malformed one is refused)', async () => {
    await request(handler).get('/api/types').expect(200);
    entered = 0;
    await request(handler).get('/api/types').set('Content-Type', 'application/json').send('{"x":').expect(400);
    expect(entered).toBe(1);
  });

  test('when the client has the answer or asks only for its headers, then 304 or HEAD as the app gives them', async () => {
    const first = await request(handler).get('/api/types').expect(200);
    entered = 0;
    await request(handler).get('/api/types').set('If-None-Match', String(first.headers.etag)).expect(304);
    const head = await request(handler).head('/api/types').set('Accept-Encoding', 'identity').expect(200);
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(first.text)));
    expect(entered).toBe(0);
  });

  test('when the answer is large and the client accepts Brotli or gzip, then it is sent compressed, from the app and from the hot path', async () => {
    await PlanModel.insertMany(
      Array.from({ length: 30 }, (_, i) => ({
        name: `Plan ${i}`,
        duration: 1,
        benefits: 'Sala y clases',
        price: i + 1,
      })),
    );
    // Written behind the API's back: the stored plan list is dropped as a restore would.
    await resetReadModels();
    const plain = await request(handler).get('/api/memberships').set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text.length).toBeGreaterThan(1024);
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br, zstd', 'br', zlib.brotliDecompressSync],
      ['gzip, deflate', 'gzip', zlib.gunzipSync],
      ['br;q=0, gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const res = await rawGet(handler, '/api/memberships', { 'Accept-Encoding': accept });
        expect(res.status).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers.vary).toMatch(/Accept-Encoding/);
        expect(res.headers.etag).toBe(plain.headers.etag);
        const { body } = res;
        expect(Number(res.headers['content-length'])).toBe(body.length);
        expect(body.length).toBeLessThan(plain.text.length / 2);
        expect(decode(body).toString('utf8')).toBe(plain.text);
      }
    }
    expect(entered).toBe(1);
  });
});

describe('hot path with the read cache off', () => {
  useTestDatabase();
  const cacheOn = loadConfig({ NODE_ENV: 'test' });
  const config = loadConfig({ NODE_ENV: 'test', READ_CACHE: 'false', CORS_ORIGINS: 'https://app.pulso.test' });
  const logger = createLogger(config);
  let entered = 0;
  let handler: RequestListener;
  let admin: TestUser;

  beforeAll(async () => {
    // createApp() configures the process's read cache: off for this suite, back on after it.
    const app = createApp(config, logger);
    handler = hotPath((req, res) => {
      entered++;
      app(req, res);
    }, logger);
    admin = await createTestUser(config, { isAdmin: true });
    await PlanModel.deleteMany({});
    await PlanModel.create({ name: 'Basico', duration: 1, benefits: 'Sala', price: 20 });
  });

  afterAll(() => {
    readCache.configure(cacheOn.readCache);
  });

  beforeEach(() => {
    entered = 0;
  });

  test('when an anonymous stored read is asked again, then it is read again from the database without the app, alike', async () => {
    const first = await request(handler).get('/api/memberships').set('Origin', 'https://app.pulso.test').expect(200);
    expect(entered).toBe(1);
    const second = await request(handler).get('/api/memberships').set('Origin', 'https://app.pulso.test').expect(200);
    expect(entered).toBe(1);
    expect(second.body).toEqual(first.body);
    expect(stable(second)).toEqual(stable(first));
    expect(second.headers['access-control-allow-origin']).toBe('https://app.pulso.test');
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });

  test('when a write changes what it shows, then the very next read shows the change, still without the app', async () => {
    await request(handler).get('/api/memberships').expect(200);
    const plan = await PlanModel.findOne({ name: 'Basico' }).orFail();
    await request(handler)
      .put(`/api/memberships/update/${plan._id.toString()}`)
      .set(bearer(admin))
      .send({ name: 'Basico', duration: '1', benefits: 'Sala', price: '44' })
      .expect(200);
    entered = 0;
    const fresh = await request(handler).get('/api/memberships').expect(200);
    expect(entered).toBe(0);
    expect(fresh.body.find((p: { name: string }) => p.name === 'Basico').price).toBe(44);
  });

  test('when the stored answer is gone, then the app answers (and builds it again)', async () => {
    await request(handler).get('/api/types').expect(200);
    await request(handler).get('/api/types').expect(200);
    expect(entered).toBe(1);
    await resetReadModels();
    const again = await request(handler).get('/api/types').expect(200);
    expect(entered).toBe(2);
    await request(handler).get('/api/types').expect(200);
    expect(entered).toBe(2);
    expect(Array.isArray(again.body)).toBe(true);
  });

  test('when the client has the answer, then 304 as the app gives it', async () => {
    const first = await request(handler).get('/api/types').expect(200);
    entered = 0;
    await request(handler).get('/api/types').set('If-None-Match', String(first.headers.etag)).expect(304);
    expect(entered).toBe(0);
  });

  test('when a read is signed in, then every one goes through the app', async () => {
    const member = await createTestUser(config);
    for (const path of [`/api/users/${member.id}`, '/api/types']) {
      await request(handler).get(path).set(bearer(member)).expect(200);
      await request(handler).get(path).set(bearer(member)).expect(200);
    }
    expect(entered).toBe(4);
  });
});

describe('preferredEncoding', () => {
  test.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0.5, gzip;q=1', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br; q=0 , gzip ; q = 0', undefined],
    ['*', 'br'],
    ['*, br;q=0', 'gzip'],
    ['deflate', undefined],
  ])('Accept-Encoding %p → %p', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
