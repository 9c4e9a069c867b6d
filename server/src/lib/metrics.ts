import type { IncomingMessage, ServerResponse } from 'node:http';
import mongoose from 'mongoose';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { readCache } from './read-cache';

/**
 * The process's metrics in Prometheus' text format (GET /api/metrics): requests by route and
 * status with their latency (the hot path's answers included), the read cache, the job runner,
 * the database connection, and Node's own (memory, event-loop lag, garbage collection).
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'pulso_' });

const requests = new Counter({
  name: 'pulso_http_requests_total',
  help: 'HTTP requests answered, by method, route, status and whether the hot path answered',
  labelNames: ['method', 'route', 'status', 'via'] as const,
  registers: [registry],
});

const latency = new Histogram({
  name: 'pulso_http_request_duration_seconds',
  help: 'Time from a request arriving to its answer being sent, by method, route and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

/** A counter whose value is read from elsewhere when scraped. */
function countedElsewhere(name: string, help: string, read: () => number): void {
  new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      this.reset();
      this.inc(read());
    },
  });
}

countedElsewhere('pulso_read_cache_hits_total', 'Reads answered from the read cache', () => readCache.hits);
countedElsewhere('pulso_read_cache_misses_total', 'Reads the read cache had to compute', () => readCache.misses);

new Gauge({
  name: 'pulso_read_cache_bytes',
  help: 'Estimated bytes the read cache holds',
  registers: [registry],
  collect() {
    this.set(readCache.bytes);
  },
});

new Gauge({
  name: 'pulso_database_up',
  help: '1 while the database connection is open, 0 otherwise',
  registers: [registry],
  collect() {
    this.set(mongoose.connection.readyState === mongoose.ConnectionStates.connected ? 1 : 0);
  },
});

/** What a job runner reports: per job, how many runs started and how many failed. */
export interface JobStats {
  name: string;
  runs: number;
  failures: number;
}

let jobStats: () => Iterable<JobStats> = () => [];

/** Where the job runner's counts are read from when scraped. */
export function reportJobs(source: () => Iterable<JobStats>): void {
  jobStats = source;
}

new Counter({
  name: 'pulso_job_runs_total',
  help: 'Runs of each scheduled or retried job this process started',
  labelNames: ['job'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const { name, runs } of jobStats()) this.inc({ job: name }, runs);
  },
});

new Counter({
  name: 'pulso_job_failures_total',
  help: 'Runs of each job that failed',
  labelNames: ['job'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const { name, failures } of jobStats()) this.inc({ job: name }, failures);
  },
});

/** Commands sent to the database, by command and collection (`${command} ${collection}`). */
const commandCounts = new Map<string, number>();
const watchedClients = new WeakSet<object>();

/**
 * Counts every command `client` sends (the driver's command monitoring, on for the read cache):
 * which collections a request path costs, and how many commands a booking sends.
 */
export function countCommands(client: mongoose.mongo.MongoClient): void {
  if (watchedClients.has(client)) return;
  watchedClients.add(client);
  client.on('commandStarted', (event) => {
    const target = event.command[event.commandName];
    const key = `${event.commandName} ${typeof target === 'string' ? target : ''}`;
    commandCounts.set(key, (commandCounts.get(key) ?? 0) + 1);
  });
}

new Counter({
  name: 'pulso_database_commands_total',
  help: 'Commands this process sent to the database, by command and collection',
  labelNames: ['command', 'collection'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const [key, count] of commandCounts) {
      const [command = '', collection = ''] = key.split(' ');
      this.inc({ command, collection }, count);
    }
  },
});

const ROUTE = Symbol('pulso.route');

interface RoutedRequest extends IncomingMessage {
  [ROUTE]?: string;
  route?: { path?: unknown };
  baseUrl?: string;
}

/**
 * The route a request was answered by, as its table declares it ('/api/lessons/:name'), so the
 * labels stay few whatever the URLs; 'unmatched' for a request no route took (a 404, a static file).
 */
export function routeOf(req: IncomingMessage): string {
  const routed = req as RoutedRequest;
  if (routed[ROUTE]) return routed[ROUTE];
  const path = routed.route?.path;
  if (typeof path !== 'string') return 'unmatched';
  const base = routed.baseUrl ?? '';
  return path === '/' && base ? base : `${base}${path}`;
}

/** The hot path answers a request the app once answered: it is counted under the app's route. */
export function answeredAs(req: IncomingMessage, route: string): void {
  (req as RoutedRequest)[ROUTE] = route;
}

/** Who answered a request: the app, or the hot path from the read cache. */
export type AnsweredBy = 'app' | 'hot-path';

/** Counts a request whose answer has been sent, with its latency (middleware/request-log.ts). */
export function recordRequest(req: IncomingMessage, res: ServerResponse, via: AnsweredBy, seconds: number): void {
  const route = routeOf(req);
  const method = req.method ?? 'GET';
  const status = String(res.statusCode);
  requests.inc({ method, route, status, via });
  latency.observe({ method, route, status }, seconds);
}
