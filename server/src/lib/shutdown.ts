import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import type { Lifecycle } from './lifecycle';

export interface ShutdownSteps {
  server: Server;
  lifecycle: Lifecycle;
  /** How long /api/ready answers 503 while requests are still served (SHUTDOWN_DRAIN_MS). */
  drainMs: number;
  /** Longest wait for in-flight requests and the running job once the server stops accepting. */
  timeoutMs: number;
  /** Starts no more jobs and waits for the running one, up to the time given. */
  stopJobs: (timeoutMs: number) => Promise<unknown>;
  closeDatabase: () => Promise<void>;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
}

/**
 * Follows the server's connections, so that a shutdown can end the keep-alive ones: idle ones at
 * once, busy ones after their response, and whatever is left when the time is up.
 */
export function trackConnections(server: Server): Set<Socket> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  return sockets;
}

/**
 * Stops the process's work in the order a load balancer needs: first /api/ready answers 503 for
 * `drainMs` while every request is still served (so the balancer stops sending); then the server
 * stops accepting, in-flight requests finish and the jobs stop, up to `timeoutMs`; last the
 * database closes. /api/health answers 200 as long as the server accepts. Responses sent from the
 * moment draining starts close their connection, so keep-alive clients reconnect elsewhere.
 */
export async function drainAndClose(steps: ShutdownSteps, sockets: Set<Socket>): Promise<void> {
  const { server, lifecycle, logger } = steps;
  lifecycle.startDraining();
  // Before the app's own listener, which may answer at once (the hot path).
  server.prependListener('request', (_req, res) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  });
  if (steps.drainMs > 0) {
    logger.info(`Draining: /api/ready answers 503 for ${steps.drainMs} ms while requests are served...`);
    await new Promise((resolve) => setTimeout(resolve, steps.drainMs));
  }

  logger.info('Finishing in-flight requests and the running job...');
  const force = setTimeout(() => {
    logger.warn('Shutdown timed out; closing remaining connections.');
    for (const socket of sockets) socket.destroy();
  }, steps.timeoutMs);
  force.unref();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const jobs = steps
    .stopJobs(steps.timeoutMs)
    .then((finished) => {
      if (finished === false) logger.warn('The running job did not finish in time; its lease will expire.');
    })
    .catch((error: unknown) => logger.error({ err: error }, 'jobs did not stop cleanly'));
  await Promise.all([closed, jobs]);
  clearTimeout(force);
  await steps.closeDatabase().catch((error: unknown) => logger.error({ err: error }, 'database close failed'));
}
