import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { createTestApp } from '../test/app';

describe('serving the built SPA', () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'pulso-dist-'));
  const html = '<!doctype html><title>Pulso</title><div id="root"></div>'.padEnd(2000, ' ');
  const js = `console.log(${JSON.stringify('x'.repeat(3000))});`;

  beforeAll(() => {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), html);
    writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(html));
    writeFileSync(path.join(dist, 'index.html.gz'), gzipSync(html));
    writeFileSync(path.join(dist, 'assets', 'app-1a2b.js'), js);
    writeFileSync(path.join(dist, 'assets', 'app-1a2b.js.gz'), gzipSync(js));
    writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\n');
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  const app = () => createTestApp({ CLIENT_DIST_DIR: dist }).app;

  test('when a browser accepting Brotli opens a client route, then index.html comes precompressed and revalidated', async () => {
    const res = await request(app()).get('/clases/Yoga').set('Accept', 'text/html').set('Accept-Encoding', 'br, gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(res.text).toBe(html); // supertest decodes it
  });

  test('when a hashed asset has only a gzip sibling, then gzip is sent with a year-long immutable cache', async () => {
    const res = await request(app()).get('/assets/app-1a2b.js').set('Accept-Encoding', 'br, gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.text).toBe(js);
  });

  test('when the client accepts no compression, then the plain file is sent', async () => {
    const res = await request(app()).get('/assets/app-1a2b.js').set('Accept-Encoding', 'identity');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.text).toBe(js);
  });

  test('when a path tries to leave the build folder, then nothing outside it is served', async () => {
    const res = await request(app()).get('/assets/..%2f..%2fetc%2fpasswd').set('Accept-Encoding', 'gzip');
    expect(res.text).not.toContain('root:');
  });

  test('when an API path is unknown, then it stays a JSON 404 and never becomes index.html', async () => {
    const res = await request(app()).get('/api/nada').set('Accept', 'text/html');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('ROUTE_NOT_FOUND');
  });
});
