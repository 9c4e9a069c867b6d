import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../config/env';
import { JPEG, PNG } from '../../test/images';
import { CloudinaryStorage } from '../cloudinary-storage';
import { createContext } from '../context';
import { LocalDiskStorage } from '../storage';

/**
 * Cloudinary's upload API played by an HTTPS server on 127.0.0.1 (self-signed certificate made
 * with openssl for this run): it records each signed call and answers like Cloudinary.
 */
describe('Cloudinary storage driver', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pulso-cloudinary-'));
  const calls: { path: string; body: string }[] = [];
  let server: https.Server;
  let storage: CloudinaryStorage;

  beforeAll(async () => {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    let n = 0;
    server = https.createServer(
      { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) },
      (req, res) => {
        let body = '';
        req.on('data', (c: Buffer) => (body += c.toString('latin1')));
        req.on('end', () => {
          calls.push({ path: req.url ?? '', body });
          res.writeHead(200, { 'Content-Type': 'application/json' });
          if (req.url?.endsWith('/image/upload')) {
            n += 1;
            res.end(
              JSON.stringify({
                public_id: `pulso/img${n}`,
                secure_url: `https://res.cloudinary.com/gym/image/upload/v1/pulso/img${n}.png`,
              }),
            );
          } else {
            res.end(JSON.stringify({ result: 'ok' }));
          }
        });
      },
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    storage = new CloudinaryStorage(
      'cloudinary://123456789:s3cr3t@gym',
      'pulso',
      `https://127.0.0.1:${port}`,
      new https.Agent({ rejectUnauthorized: false }),
    );
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  test('when an image is saved, then a signed upload goes to the cloud folder and its secure URL comes back', async () => {
    const stored = await storage.save(PNG, 'png');
    expect(stored).toEqual({ key: 'pulso/img1', url: 'https://res.cloudinary.com/gym/image/upload/v1/pulso/img1.png' });
    const upload = calls.find((c) => c.path === '/v1_1/gym/image/upload');
    expect(upload?.body).toContain('123456789');
    expect(upload?.body).toMatch(/name="signature"/);
    expect(upload?.body).toContain('pulso');
    expect(upload?.body).toContain(PNG.toString('base64').slice(0, 40));
    expect(upload?.body).not.toContain('s3cr3t');
  });

  test('when an image is replaced, then the old one is destroyed by its public id', async () => {
    await storage.save(JPEG, 'jpg');
    await storage.remove('pulso/img1');
    const destroy = calls.find((c) => c.path === '/v1_1/gym/image/destroy');
    expect(destroy?.body).toContain('pulso/img1');
  });

  test('when CLOUDINARY_URL is set, then the app stores images in Cloudinary; otherwise on local disk', () => {
    const withCloud = createContext(loadConfig({ NODE_ENV: 'test', CLOUDINARY_URL: 'cloudinary://1:2@gym' }));
    expect(withCloud.storage).toBeInstanceOf(CloudinaryStorage);
    expect(createContext(loadConfig({ NODE_ENV: 'test' })).storage).toBeInstanceOf(LocalDiskStorage);
    expect(() => loadConfig({ NODE_ENV: 'test', CLOUDINARY_URL: 'https://example.com' })).toThrow(
      /CLOUDINARY_URL must look like/,
    );
  });
});
