import { createServer, get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp } from '../../test/app';
import { useTestDatabase } from '../../test/db';
import { drainAndClose, trackConnections } from '../shutdown';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

function fetchPath(port: number, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    }).on('error', reject);
  });
}

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('draining on SIGTERM (drainAndClose)', () => {
  useTestDatabase();

  /** The app as the server runs it, plus a request that takes `slowMs` to answer. */
  async function start(slowMs: number) {
    const { app, ctx } = createTestApp();
    const events: string[] = [];
    let slowStarted!: () => void;
    const slowArrived = new Promise<void>((resolve) => (slowStarted = resolve));
    const server: Server = createServer((req, res) => {
      if (req.url === '/slow') {
        slowStarted();
        const timer = setTimeout(() => res.end('done'), slowMs);
        res.on('finish', () => events.push('slow answered'));
        res.on('close', () => clearTimeout(timer));
        return;
      }
      app(req, res);
    });
    const sockets = trackConnections(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { server, sockets, port, ctx, slowArrived, events };
  }

  test('when draining starts, then ready answers 503 at once, health 200 and requests are served; then in-flight requests finish, jobs stop and the database closes', async () => {
    const { server, sockets, port, ctx, slowArrived, events } = await start(2_500);
    expect((await fetchPath(port, '/api/ready')).status).toBe(200);

    const slow = fetchPath(port, '/slow');
    await slowArrived;
    const began = Date.now();
    const stopped = drainAndClose(
      {
        server,
        lifecycle: ctx.lifecycle,
        // Long enough for the three requests below on a loaded machine: they must land inside it.
        drainMs: 1_500,
        timeoutMs: 5_000,
        stopJobs: async () => {
          events.push('jobs stopped');
          return true;
        },
        closeDatabase: async () => void events.push('database closed'),
        logger: quiet,
      },
      sockets,
    ).then(() => events.push('stopped'));

    const ready = await fetchPath(port, '/api/ready');
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toEqual({ status: 'draining', database: 'up' });
    expect(ready.headers.connection).toBe('close');
    const health = await fetchPath(port, '/api/health');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toMatchObject({ status: 'ok' });
    // Still serving: a balancer that has not seen the 503 yet loses nothing.
    expect((await fetchPath(port, '/api/memberships')).status).toBe(200);
    expect(events).toEqual([]);

    await stopped;
    expect(Date.now() - began).toBeGreaterThanOrEqual(1_500);
    expect(await slow).toMatchObject({ status: 200, body: 'done' });
    expect(events).toEqual(['jobs stopped', 'slow answered', 'database closed', 'stopped']);
    await expect(fetchPath(port, '/api/health')).rejects.toThrow(/ECONNREFUSED/);
  });

  test('when a request outlasts the shutdown timeout, then its connection is closed and the shutdown ends', async () => {
    const { server, sockets, port, ctx, slowArrived } = await start(10_000);
    const slow = fetchPath(port, '/slow').then(
      () => 'answered',
      (error: NodeJS.ErrnoException) => error.code,
    );
    await slowArrived;
    const began = Date.now();
    await drainAndClose(
      {
        server,
        lifecycle: ctx.lifecycle,
        drainMs: 0,
        timeoutMs: 200,
        stopJobs: async () => true,
        closeDatabase: async () => undefined,
        logger: quiet,
      },
      sockets,
    );
    expect(Date.now() - began).toBeLessThan(2_000);
    expect(await slow).toBe('ECONNRESET');
  });
});
