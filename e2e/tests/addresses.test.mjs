// The site at whatever address it is opened (issue 18, item 1). The server runs without PUBLIC_URL,
// as a new install does (e2e/run.mjs). A member opens it at 127.0.0.1 and at localhost (a front-desk
// PC would use the machine's LAN address the same way), sees every sede and class image, and buys a
// plan through the demo checkout; then a SPA built with VITE_API_URL pointing at this API and served
// from another origin does the same. Screenshots go to test-results.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { BASE_URL, launch, SCREENSHOT_DIR } from '../browser.mjs';
import { serveStatic } from '../static-server.mjs';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const ADMIN = { email: 'admin@pulso.demo', password: 'Admin1234' };

async function api(method, pathname, { token, body } = {}) {
  const res = await fetch(BASE_URL() + '/api' + pathname, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json() };
}

/** A user without a membership, made for one journey so none depends on another's purchase. */
async function newUser(label) {
  const login = await api('POST', '/users/login', { body: ADMIN });
  const tag = randomBytes(3).toString('hex');
  const user = {
    fullName: `Prueba Direcciones ${tag}`,
    email: `direcciones-${label}-${tag}@example.com`,
    phone: '55' + String(Date.now()).slice(-8),
    password: 'Secreta123',
    isMonitor: false,
    isAdmin: false,
  };
  const created = await api('POST', '/users/create', { token: login.body.login.token, body: user });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  return user;
}

/** The same site at another host name: http://127.0.0.1:PORT <-> http://localhost:PORT. */
function at(hostname) {
  const url = new URL(BASE_URL());
  url.hostname = hostname;
  return url.origin;
}

/** Opens `url` and waits until every image of the page's `cards` has loaded, from `imageOrigin`. */
async function expectImagesLoaded(page, url, cards, imageOrigin) {
  await page.goto(url);
  const images = page.locator(`${cards} img`);
  await images.first().waitFor();
  // Cards below the fold load their images lazily: bring each into view.
  for (const image of await images.all()) await image.scrollIntoViewIfNeeded();
  await page.waitForFunction(
    (selector) => [...document.querySelectorAll(selector)].every((img) => img.complete && img.naturalWidth > 0),
    `${cards} img`,
    { timeout: 15_000 },
  );
  const sources = await images.evaluateAll((imgs) => imgs.map((img) => img.currentSrc));
  assert.ok(sources.length >= 4, `images on ${url}: ${sources.length}`);
  for (const src of sources) assert.equal(new URL(src).origin, imageOrigin, src);
}

/** Signs in through the login page of the site at `origin` (the session is stored for that origin). */
async function signIn(page, origin, user) {
  await page.goto(origin + '/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await page.waitForURL(origin + '/');
}

/** Buys Plus through the demo checkout, which must open on the same origin, where the session is. */
async function buyPlus(page, origin, plusId, shotName) {
  await page.goto(origin + `/pagos/${plusId}`);
  await page.getByRole('heading', { name: 'Plus' }).waitFor();
  await page.getByRole('button', { name: 'Pagar' }).click();
  await page.waitForURL(/\/stripe\/checkout\/demo_[0-9a-f]+$/);
  assert.equal(new URL(page.url()).origin, origin);
  await page.getByText('Checkout de demostración').waitFor();
  await page.getByRole('button', { name: 'Pagar' }).click();
  await page.waitForURL(origin + '/pagos/exito');
  await page.getByRole('heading', { name: 'Pago exitoso' }).waitFor();
  assert.match(await page.locator('main').innerText(), /Tu membresía Plus está activa del/);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `addresses-${shotName}.png`) });
}

/** Records what the browser refused or failed to load, to assert there was nothing. */
function watchProblems(page) {
  const problems = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('requestfailed', (request) => {
    // Calls still in flight when the test navigates on are cancelled: not a failure of the site.
    const reason = request.failure()?.errorText ?? '';
    if (reason !== 'net::ERR_ABORTED') problems.push(`${request.url()}: ${reason}`);
  });
  return problems;
}

describe('the site opened at any address, with PUBLIC_URL unset', () => {
  let browser;
  let plusId;

  before(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    browser = await launch();
    plusId = (await api('GET', '/memberships')).body.find((plan) => plan.name === 'Plus').id;
  });
  after(async () => {
    await browser?.close();
  });

  for (const hostname of ['127.0.0.1', 'localhost']) {
    test(`when a member opens the site at ${hostname}, then every image loads and 'Pagar' buys the plan there`, async () => {
      const origin = at(hostname);
      const user = await newUser(hostname.replace(/\W/g, ''));
      const page = await browser.context.newPage();
      const problems = watchProblems(page);
      await page.setViewportSize({ width: 1280, height: 900 });
      await expectImagesLoaded(page, origin + '/sedes', '.branch-card', origin);
      await expectImagesLoaded(page, origin + '/clases', '.lesson-card', origin);
      await signIn(page, origin, user);
      await buyPlus(page, origin, plusId, hostname.replace(/\W/g, '-'));
      assert.deepEqual(problems, []);
      await page.close();
    });
  }
});

describe('a SPA served from another origin, built with VITE_API_URL pointing at the API', () => {
  let outDir;
  let spa;
  let spaOrigin;
  let browser;
  let plusId;

  before(async () => {
    const port = Number(process.env.E2E_SPA_PORT);
    assert.ok(port, 'E2E_SPA_PORT is not set: run the end-to-end tests with `npm run test:e2e`.');
    outDir = mkdtempSync(path.join(os.tmpdir(), 'pulso-dist-hosted-'));
    const build = spawnSync(
      process.execPath,
      [path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--outDir', outDir, '--emptyOutDir'],
      {
        cwd: path.join(ROOT, 'client'),
        env: { ...process.env, NODE_ENV: 'production', VITE_API_URL: `${BASE_URL()}/api` },
        encoding: 'utf8',
      },
    );
    assert.equal(build.status, 0, build.stderr || build.stdout);
    spa = await serveStatic(outDir, port);
    spaOrigin = `http://127.0.0.1:${port}`;
    browser = await launch();
    plusId = (await api('GET', '/memberships')).body.find((plan) => plan.name === 'Plus').id;
  });
  after(async () => {
    await browser?.close();
    await new Promise((resolve) => (spa ? spa.close(resolve) : resolve()));
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  test('when a member uses it, then the images load from the API and the demo checkout opens on the SPA', async () => {
    const user = await newUser('hosted');
    const page = await browser.context.newPage();
    const problems = watchProblems(page);
    await page.setViewportSize({ width: 390, height: 844 });
    const apiOrigin = new URL(BASE_URL()).origin;
    await expectImagesLoaded(page, spaOrigin + '/sedes', '.branch-card', apiOrigin);
    await expectImagesLoaded(page, spaOrigin + '/clases', '.lesson-card', apiOrigin);
    await signIn(page, spaOrigin, user);
    await buyPlus(page, spaOrigin, plusId, 'other-origin-spa');
    assert.deepEqual(problems, []);
    await page.close();
  });
});
