/* global process, console, Buffer */
// The limit: `node limit-server.mjs express|http <size> <size>...` listens on a free port and
// answers GET /b/<size> with a precomputed JSON body of exactly <size> bytes, the fastest this
// stack can send those bytes. It prints {"port": n} on its first line of output.
import http from 'node:http';
import express from 'express';

const [kind, ...sizes] = process.argv.slice(2);

/** A valid JSON body of exactly `size` bytes. */
function body(size) {
  const frame = '{"d":""}';
  if (size < frame.length) return Buffer.from('1'.repeat(Math.max(size, 1)));
  return Buffer.from(`{"d":"${'x'.repeat(size - frame.length)}"}`);
}

const bodies = new Map(sizes.map((s) => [`/b/${Number(s)}`, body(Number(s))]));
let server;
if (kind === 'express') {
  const app = express();
  for (const [route, buffer] of bodies) {
    app.get(route, (_req, res) => {
      res.type('application/json').send(buffer);
    });
  }
  server = app.listen(0, '127.0.0.1');
} else if (kind === 'http') {
  server = http.createServer((req, res) => {
    const buffer = bodies.get(req.url);
    if (!buffer) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': buffer.length });
    res.end(buffer);
  });
  server.listen(0, '127.0.0.1');
} else {
  console.error('usage: limit-server.mjs express|http <size>...');
  process.exit(2);
}
server.on('listening', () => console.log(JSON.stringify({ port: server.address().port })));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
