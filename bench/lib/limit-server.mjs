/* global process, console */
// The limit: `node limit-server.mjs express|http <file> <file>...` listens on a free port and
// answers GET /b/<size> with the bytes of the file of that size (a target's answer as Pulso sent
// it), read once: the fastest this stack can send those bytes. It prints {"port": n} on its first
// line of output.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import express from 'express';

const [kind, ...files] = process.argv.slice(2);

const bodies = new Map();
for (const file of files) {
  const body = readFileSync(file);
  if (!bodies.has(`/b/${body.length}`)) bodies.set(`/b/${body.length}`, body);
}
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
