import { Writable } from 'node:stream';
import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { requestLog } from '../request-log';

function appLogging(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = express();
  app.use(requestLog(app, pino({ level }, stream)));
  app.get('/api/hello', (req, res) => {
    req.log.warn({ extra: 1 }, 'from the handler');
    res.status(201).json({ ok: true });
  });
  app.get('/api/health', (_req, res) => res.json({ ok: true }));
  return { app, lines };
}

describe('request log', () => {
  test('when a request finishes at info level, then one line names it with its id, status and time', async () => {
    const { app, lines } = appLogging('info');
    const res = await request(app).get('/api/hello?x=1').set('X-Request-Id', 'req-42').expect(201);
    expect(res.headers['x-request-id']).toBe('req-42');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toEqual([
      expect.objectContaining({ reqId: 'req-42', msg: 'from the handler', extra: 1 }),
      expect.objectContaining({
        reqId: 'req-42',
        msg: 'request completed',
        req: { method: 'GET', url: '/api/hello?x=1' },
        res: { statusCode: 201 },
        responseTime: expect.any(Number),
      }),
    ]);
  });

  test('when the level is warn, then only what handlers log at warn is written', async () => {
    const { app, lines } = appLogging('warn');
    const res = await request(app).get('/api/hello').expect(201);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.map((l) => l.msg)).toEqual(['from the handler']);
    expect(lines[0]?.reqId).toBe(res.headers['x-request-id']);
  });

  test('when several requests are served, then each one logs with its own id', async () => {
    const { app, lines } = appLogging('warn');
    await Promise.all(
      ['a-1', 'b-2', 'c-3'].map((id) => request(app).get('/api/hello').set('X-Request-Id', id).expect(201)),
    );
    expect(lines.map((l) => l.reqId).sort()).toEqual(['a-1', 'b-2', 'c-3']);
  });

  test('when the health check is polled, then it is not logged', async () => {
    const { app, lines } = appLogging('info');
    await request(app).get('/api/health').expect(200);
    expect(lines).toEqual([]);
  });
});
