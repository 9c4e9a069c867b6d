/* global process, console */
// The benchmark's load balancer: `node proxy.mjs <port> <port>...` listens on a free port and sends
// each request to the next of the given servers on 127.0.0.1 in turn (round robin), over keep-alive
// connections, streaming bodies both ways. As Caddyfile.cluster routes them, the bookings of one
// class session (`/api/sessions/<id>/booking`) all go to one server, chosen by hashing the URI
// (rendezvous hashing, as Caddy's `uri_hash`): `--round-robin` sends them round robin too. It prints {"port": n} on its first line of output.
// Every answer names the server that gave it in `x-bench-upstream` (its index in the list), and
// `GET /__proxy/stats` answers how many requests each server got. Written for the benchmark only
// (node:http, no dependency): the same proxy stands in front of Pulso's instances and in front of
// the limit servers, so their ratio compares like with like.
import http from 'node:http';

const argv = process.argv.slice(2);
const ROUND_ROBIN_ONLY = argv.includes('--round-robin');
const ports = argv.filter((a) => !a.startsWith('--')).map(Number);
if (ports.length === 0 || ports.some((p) => !Number.isInteger(p) || p <= 0)) {
  console.error('usage: proxy.mjs [--round-robin] <port> <port>...');
  process.exit(2);
}

/** Headers that belong to one connection, never forwarded (RFC 9110, 7.6.1). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'upgrade']);
const strip = (headers) => Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));

const upstreams = ports.map((port) => ({
  port,
  agent: new http.Agent({ keepAlive: true, maxSockets: 256, scheduling: 'lifo' }),
  requests: 0,
  errors: 0,
}));
let next = 0;

/** A class session's bookings: one server takes them all (Caddyfile.cluster). */
const SESSION_BOOKING = /^\/api\/sessions\/[^/?]+\/booking(\?|$)/;

/** FNV-1a of a string: a stable 32-bit hash. */
function fnv1a(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The upstream the URI hashes to: the highest of each upstream's hash with the URI (rendezvous). */
function byUri(uri) {
  let best = 0;
  let bestWeight = -1;
  upstreams.forEach((upstream, index) => {
    const weight = fnv1a(`${upstream.port}:${uri}`);
    if (weight > bestWeight) [best, bestWeight] = [index, weight];
  });
  return best;
}

function choose(url) {
  if (!ROUND_ROBIN_ONLY && SESSION_BOOKING.test(url)) return byUri(url);
  const index = next;
  next = (next + 1) % upstreams.length;
  return index;
}

const server = http.createServer((req, res) => {
  if (req.url === '/__proxy/stats') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(upstreams.map(({ port, requests, errors }) => ({ port, requests, errors }))));
    return;
  }
  const index = choose(req.url ?? '/');
  const upstream = upstreams[index];
  upstream.requests += 1;
  const forward = http.request(
    {
      host: '127.0.0.1',
      port: upstream.port,
      method: req.method,
      path: req.url,
      headers: strip(req.headers),
      agent: upstream.agent,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, { ...strip(answer.headers), 'x-bench-upstream': String(index) });
      answer.pipe(res);
    },
  );
  forward.on('error', () => {
    upstream.errors += 1;
    if (!res.headersSent) res.writeHead(502, { 'x-bench-upstream': String(index) }).end();
    else res.destroy();
  });
  req.pipe(forward);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1');
server.on('listening', () => console.log(JSON.stringify({ port: server.address().port })));
process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
