import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createApp } from '../../app';
import { loadConfig } from '../../config/env';
import { createContext } from '../../lib/context';
import { createLogger } from '../../lib/logger';
import { createTestApp } from '../../test/app';
import { useTestDatabase } from '../../test/db';
import { bearer, createTestUser } from '../../test/fixtures';
import { PNG } from '../../test/images';
import { PlanModel } from '../../modules/plans/plans.model';
import { expectNoInternals, unchanged } from './support';

const REPO_ROOT = path.resolve(__dirname, '../../../..');
const CLIENT_DIST = path.join(REPO_ROOT, 'client', 'dist');

/** The directives of a Content-Security-Policy header, by name. */
function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

/**
 * OWASP API8:2023 Security Misconfiguration — headers, CORS, error bodies and the client bundle.
 * Guards: helmet with a strict CSP built from what the installation uses (securityHeaders in
 * src/app.ts), CORS from CORS_ORIGINS only, the one error writer that never sends a stack or a
 * driver's words (src/middleware/error-handler.ts), and a client build that reads only VITE_* values.
 * The basics (nosniff, no X-Powered-By, the CSP with and without Google and Cloudinary, one allowed
 * and one refused origin, invalid JSON without a stack) are in modules/health/__tests__/health.api.test.ts.
 */
describe('security: headers and errors', () => {
  useTestDatabase();
  const { app } = createTestApp({ CORS_ORIGINS: 'https://allowed.example,http://localhost:5173' });

  describe('helmet defaults', () => {
    const HELMET: Record<string, string> = {
      'cross-origin-opener-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };

    test.each([
      ['an API answer', () => request(app).get('/api/memberships')],
      ['an API error', () => request(app).get('/api/no-existe')],
      ['a validation failure', () => request(app).post('/api/users/login').send({})],
      ['Swagger UI', () => request(app).get('/api/docs/')],
      ['a missing upload', () => request(app).get('/uploads/no-existe.png')],
    ])('when %s is sent, then every helmet header is there and X-Powered-By is not', async (_what, call) => {
      const res = await call();
      for (const [name, value] of Object.entries(HELMET)) expect([name, res.headers[name]]).toEqual([name, value]);
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-powered-by']).toBeUndefined();
    });

    test('when the site is served over plain HTTP, then HSTS and upgrade-insecure-requests are off; over HTTPS they are on', async () => {
      const plain = await request(app).get('/api/health');
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      expect(plain.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
      const secure = await request(createTestApp({ PUBLIC_URL: 'https://gym.example' }).app).get('/api/health');
      const hsts = String(secure.headers['strict-transport-security']);
      expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(15_552_000);
      expect(hsts).toContain('includeSubDomains');
      expect(secure.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    });
  });

  describe('pages opened at an address browsers do not trust', () => {
    test('when a page is asked for over plain http at a LAN address, then COOP and Origin-Agent-Cluster are left out (browsers would only log an error); at localhost, over https and on the API they stay', async () => {
      const lan = await request(app).get('/uploads/no-existe.png').set('Host', '192.168.1.20:3000');
      expect(lan.headers['cross-origin-opener-policy']).toBeUndefined();
      expect(lan.headers['origin-agent-cluster']).toBeUndefined();
      expect(lan.headers['content-security-policy']).toContain("default-src 'self'");
      expect(lan.headers['x-frame-options']).toBe('SAMEORIGIN');
      for (const host of ['localhost:3000', '127.0.0.1:3000']) {
        const local = await request(app).get('/uploads/no-existe.png').set('Host', host);
        expect(local.headers['cross-origin-opener-policy']).toBe('same-origin');
      }
      const behindProxy = createTestApp({ TRUST_PROXY: '1' }).app;
      const secure = await request(behindProxy)
        .get('/uploads/no-existe.png')
        .set('Host', 'gym.example')
        .set('X-Forwarded-Proto', 'https');
      expect(secure.headers['cross-origin-opener-policy']).toBe('same-origin');
      const api = await request(app).get('/api/health').set('Host', '192.168.1.20:3000');
      expect(api.headers['cross-origin-opener-policy']).toBe('same-origin');
    });
  });

  describe('Content-Security-Policy', () => {
    test('when nothing third-party is configured, then scripts, objects, frames, forms and the base URL are locked to this site', async () => {
      const csp = directives(String((await request(app).get('/api/health')).headers['content-security-policy']));
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(csp['script-src-attr']).toEqual(["'none'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['base-uri']).toEqual(["'self'"]);
      expect(csp['form-action']).toEqual(["'self'"]);
      expect(csp['frame-ancestors']).toEqual(["'self'"]);
      expect(csp['connect-src']).toEqual(["'self'"]);
      // FullCalendar and Swagger UI write <style> at run time: inline styles are allowed, inline scripts never.
      expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
      const everything = Object.values(csp).flat();
      expect(everything).not.toContain("'unsafe-eval'");
      expect(everything).not.toContain('*');
      expect(csp['script-src']).not.toContain('data:');
    });

    test('when images are stored on this server, then they load from this site only; with Cloudinary, from that cloud only', async () => {
      const csp = directives(String((await request(app).get('/api/health')).headers['content-security-policy']));
      expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
      const cloud = createTestApp({ CLOUDINARY_URL: 'cloudinary://key123:secret456@pulso-gym' }).app;
      const withCloud = directives(
        String((await request(cloud).get('/api/health')).headers['content-security-policy']),
      );
      expect(withCloud['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://res.cloudinary.com/pulso-gym/']);
    });

    test('when Google sign-in is configured, then exactly its script, style, frame and connection origins are added', async () => {
      const configured = createTestApp({ GOOGLE_CLIENT_ID: 'pulso.apps.googleusercontent.com' }).app;
      const csp = directives(String((await request(configured).get('/api/health')).headers['content-security-policy']));
      expect(csp['script-src']).toEqual(["'self'", 'https://accounts.google.com/gsi/client']);
      expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style']);
      expect(csp['frame-src']).toEqual(["'self'", 'https://accounts.google.com/gsi/']);
      expect(csp['connect-src']).toEqual(["'self'", 'https://accounts.google.com/gsi/']);
    });

    test('when Swagger UI is opened, then all its scripts are files of this site (nothing the CSP would block)', async () => {
      const res = await request(app).get('/api/docs/');
      expect(res.status).toBe(200);
      const scripts = [...res.text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attrs, body] of scripts) {
        const src = /src="([^"]+)"/.exec(attrs ?? '')?.[1];
        expect(src).toMatch(/^\.\/[\w.-]+\.js$/);
        expect(body?.trim()).toBe('');
        expect((await request(app).get(`/api/docs/${src?.slice(2)}`)).status).toBe(200);
      }
      expect(res.text).not.toMatch(/\son[a-z]+=/i);
    });

    test('when the built SPA is served, then its page has no inline script or handler and loads only same-site scripts', async () => {
      ensureClientBuild();
      const spa = createTestApp({ CLIENT_DIST_DIR: CLIENT_DIST }).app;
      const res = await request(spa).get('/').set('Accept', 'text/html');
      expect(res.status).toBe(200);
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      const scripts = [...res.text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attrs, body] of scripts) {
        expect(attrs).toMatch(/src="\/[^"]+"/);
        expect(body?.trim()).toBe('');
      }
      expect(res.text).not.toMatch(/\son[a-z]+=/i);
      expect(res.text).not.toMatch(/(src|href)="(https?:)?\/\//);
    }, 600_000);
  });

  describe('CORS', () => {
    test('when a configured origin sends a preflight, then it is allowed for this origin only, without credentials', async () => {
      const res = await request(app)
        .options('/api/users/login')
        .set('Origin', 'https://allowed.example')
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'content-type,authorization');
      expect(res.status).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe('https://allowed.example');
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      expect(res.headers.vary).toMatch(/Origin/);
    });

    test.each([
      'https://evil.example',
      'https://allowed.example.evil.example',
      'https://evil-allowed.example',
      'http://allowed.example',
      'https://allowed.example:8443',
      'null',
      'https://ALLOWED.example',
    ])('when the origin %s asks, then no CORS permission is given', async (origin) => {
      const preflight = await request(app)
        .options('/api/users/login')
        .set('Origin', origin)
        .set('Access-Control-Request-Method', 'POST');
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      const simple = await request(app).get('/api/memberships').set('Origin', origin);
      expect(simple.headers['access-control-allow-origin']).toBeUndefined();
    });

    test('when a refused origin still sends a write, then the browser gets no permission and the database does not change', async () => {
      const res = await unchanged(() =>
        request(app)
          .post('/api/contact')
          .set('Origin', 'https://evil.example')
          .set('Content-Type', 'text/plain')
          .send(JSON.stringify({ user_name: 'Ana', subject: 'Hola', user_email: 'ana@example.com' })),
      );
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.status).toBeGreaterThanOrEqual(400);
    });

    test('when production has no CORS_ORIGINS, then no origin, not even the development ones, is allowed', async () => {
      const prod = productionApp().app;
      for (const origin of ['http://localhost:5173', 'http://127.0.0.1:5173', 'https://gym.example']) {
        const res = await request(prod).get('/api/health').set('Origin', origin);
        expect(res.headers['access-control-allow-origin']).toBeUndefined();
      }
    });
  });

  describe('production errors', () => {
    const INTERNAL = 'EACCES: permission denied, open /srv/pulso/data/uploads/secret sk_live_51Hx mongodb://root:pw@db';

    test('when a storage failure happens in production, then the answer is the generic 500 with no stack or internal text', async () => {
      const { app: prod, config } = productionApp((ctx) => {
        ctx.storage = {
          save: () => Promise.reject(new Error(INTERNAL)),
          remove: () => Promise.resolve(),
        };
      });
      const admin = await createTestUser(config, { isAdmin: true });
      const res = await unchanged(() =>
        request(prod)
          .post('/api/branchoffice/create')
          .set(bearer(admin))
          .field(
            'officeAttributes',
            JSON.stringify({
              name: 'Sede Fallo',
              location: 'Avenida Juárez 123',
              scheduleDays: ['Lunes'],
              scheduleHourStart: '7:00',
              scheduleHourFinish: '22:00',
            }),
          )
          .attach('image', PNG, 'a.png'),
      );
      expect(res.status).toBe(500);
      expect(res.body).toEqual({
        code: 'INTERNAL_ERROR',
        message: 'Ocurrió un error inesperado, inténtalo nuevamente',
      });
      expectNoInternals(res.text);
      expect(res.text).not.toMatch(/EACCES|\/srv|sk_live|mongodb:/);
    });

    test('when a payment provider fails with its own words in production, then none of them reach the client', async () => {
      const { app: prod, config } = productionApp((ctx) => {
        ctx.payments = { name: 'stripe', createCheckout: () => Promise.reject(new TypeError(INTERNAL)) };
      });
      await PlanModel.create({ name: 'Produccion', duration: 1, benefits: 'Todo', price: 10 });
      const buyer = await createTestUser(config);
      const res = await unchanged(() =>
        request(prod).post('/api/payments/create_checkout').set(bearer(buyer)).send({ name: 'Produccion' }),
      );
      expect(res.status).toBe(500);
      expect(res.body).toEqual({
        code: 'INTERNAL_ERROR',
        message: 'Ocurrió un error inesperado, inténtalo nuevamente',
      });
      expect(res.text).not.toMatch(/EACCES|\/srv|sk_live|mongodb:|TypeError/);
    });

    test.each([
      ['a broken percent-encoding in an API path', () => request(productionApp().app).get('/api/users/%E0%A4%A')],
      ['a broken percent-encoding in an upload path', () => request(productionApp().app).get('/uploads/%E0%A4%A')],
      ['a path that climbs out of uploads', () => request(productionApp().app).get('/uploads/..%2f..%2fpackage.json')],
      ['a dot-file in uploads', () => request(productionApp().app).get('/uploads/.jwt-secret')],
      [
        'JSON with a syntax error',
        () =>
          request(productionApp().app)
            .post('/api/users/login')
            .set('Content-Type', 'application/json')
            .send('{"email": "a@b.co", "password": tru'),
      ],
      [
        'an unsupported body encoding',
        () =>
          request(productionApp().app)
            .post('/api/users/login')
            .set('Content-Type', 'application/json')
            .set('Content-Encoding', 'x-made-up')
            .send('{}'),
      ],
      [
        'an unknown charset',
        () =>
          request(productionApp().app)
            .post('/api/users/login')
            .set('Content-Type', 'application/json; charset=x-klingon')
            .send('{}'),
      ],
      ['a method the API does not have', () => request(productionApp().app).patch('/api/users/login').send({})],
    ])('when production gets %s, then a JSON 4xx without a stack, path or parser words', async (_what, call) => {
      const res = await call();
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.body).toEqual(expect.objectContaining({ code: expect.any(String), message: expect.any(String) }));
      expectNoInternals(res.text);
      expect(res.text).not.toMatch(/Unexpected token|SyntaxError|position \d+|"name":|"dependencies"/);
    });
  });

  describe('client bundle', () => {
    beforeAll(() => ensureClientBuild(), 600_000);

    /** Server-only secrets: their shapes, and the values this machine actually has. */
    function secrets(): RegExp[] {
      const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const values = new Set<string>();
      for (const key of ['JWT_SECRET', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'CLOUDINARY_URL', 'SMTP_URL']) {
        const value = process.env[key];
        if (value && value.length >= 8) values.add(value);
      }
      for (const file of [path.join(REPO_ROOT, 'data', 'jwt-secret'), path.join(REPO_ROOT, '.env')]) {
        if (!existsSync(file)) continue;
        const text = readFileSync(file, 'utf8');
        if (file.endsWith('jwt-secret')) values.add(text.trim());
        for (const [, value] of text.matchAll(/^(?:JWT_SECRET|STRIPE_\w*SECRET\w*|CLOUDINARY_URL|SMTP_URL)=(.+)$/gm)) {
          if (value && value.trim().length >= 8) values.add(value.trim());
        }
      }
      return [
        /sk_live_[0-9a-zA-Z]/,
        /sk_test_[0-9a-zA-Z]/,
        /rk_(live|test)_[0-9a-zA-Z]/,
        /whsec_[0-9a-zA-Z]/,
        /cloudinary:\/\/\w+:\w+@/,
        /-----BEGIN [A-Z ]*PRIVATE KEY-----/,
        /mongodb(\+srv)?:\/\/[^/\s"']+:[^@\s"']+@/,
        /smtps?:\/\/[^/\s"'@]+:[^@\s"']+@/,
        /\b(JWT_SECRET|STRIPE_SECRET_KEY|STRIPE_WEBHOOK_SECRET|CLOUDINARY_URL|SMTP_URL|MONGODB_URI)\b/,
        ...[...values].map((v) => new RegExp(escape(v))),
      ];
    }

    function textFiles(dir: string): string[] {
      return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) return textFiles(full);
        return /\.(js|mjs|css|html|map|json|txt|webmanifest|svg)$/.test(entry.name) ? [full] : [];
      });
    }

    function leaks(dir: string): string[] {
      const patterns = secrets();
      return textFiles(dir).flatMap((file) => {
        const text = readFileSync(file, 'utf8');
        return patterns.filter((re) => re.test(text)).map((re) => `${path.relative(dir, file)}: ${re.source}`);
      });
    }

    test('when the search is pointed at a planted secret, then it finds it (the check can fail)', () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'pulso-bundle-'));
      try {
        writeFileSync(path.join(dir, 'a.js'), 'const k = "sk_live_51HxAbCdEf";');
        writeFileSync(path.join(dir, 'b.js.map'), '{"sourcesContent":["whsec_abc123"]}');
        expect(leaks(dir)).toHaveLength(2);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    test('when the built client is searched (source maps included), then no server secret or secret name is in it', () => {
      const files = textFiles(CLIENT_DIST);
      expect(files.some((f) => f.endsWith('.js'))).toBe(true);
      expect(leaks(CLIENT_DIST)).toEqual([]);
    });
  });
});

/** Builds the client once when client/dist is missing (a fresh checkout). */
function ensureClientBuild(): void {
  const index = path.join(CLIENT_DIST, 'index.html');
  if (existsSync(index) && statSync(index).size > 0) return;
  // jest sets NODE_ENV=test, which Vite would keep: React's development build would land in client/dist
  // and be what the end-to-end tests, Lighthouse and the benchmark then load.
  execFileSync('npm', ['run', 'build', '-w', 'client'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    timeout: 590_000,
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

/** The real app as production runs it (logs silenced), with optional replaced collaborators. */
function productionApp(tweak?: (ctx: ReturnType<typeof createContext>) => void) {
  const config = loadConfig({
    NODE_ENV: 'production',
    JWT_SECRET: 'production-secret-for-the-security-suite-0123456789',
    DATA_DIR: path.join(os.tmpdir(), 'pulso-test-data'),
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'false',
  });
  const logger = createLogger(config);
  const ctx = createContext(config, logger);
  tweak?.(ctx);
  return { app: createApp(config, logger, ctx), config };
}
