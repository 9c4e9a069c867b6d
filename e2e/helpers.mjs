// Steps many end-to-end suites share: one browser per suite, signing in through the API, opening a
// page at a viewport (signed in or not) with its uncaught errors collected.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before } from 'node:test';
import { crc32, deflateSync } from 'node:zlib';
import { BASE_URL, launch, SCREENSHOT_DIR } from './browser.mjs';

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };
/** The two widths the journeys run at, named for test titles and screenshot files. */
export const VIEWPORTS = [
  { name: 'desktop', ...DESKTOP },
  { name: 'mobile', ...PHONE },
];

/** The demo admin of the seeded data. */
export const ADMIN = { email: 'admin@pulso.demo', password: 'Admin1234' };

/**
 * One Chromium for the calling suite: launched (and the screenshot folder made) before its tests,
 * closed after them. Call it inside `describe`; the answer's `context` is the browser's, read in tests.
 * `args` are extra Chromium switches, or a function that makes them once the suite's `before` ran.
 */
export function useBrowser(args = []) {
  let browser;
  before(async () => {
    browser = await launch(typeof args === 'function' ? await args() : args);
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
  });
  after(async () => {
    await browser?.close();
  });
  return {
    get context() {
      return browser.context;
    },
  };
}

/** The page is no wider than a phone: nothing scrolls sideways at 390 px. */
export async function noHorizontalScroll(page) {
  assert.ok(
    (await page.evaluate(() => document.documentElement.scrollWidth)) <= PHONE.width,
    'the page is wider than the phone',
  );
}

/** Signs in through the API and returns the session token. */
export async function apiLogin(email, password) {
  const response = await fetch(BASE_URL() + '/api/users/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = await response.json();
  assert.ok(body.login?.token, `login of ${email} failed: ${JSON.stringify(body)}`);
  return body.login.token;
}

/** A JSON call to the API as `token`'s holder (none: a visitor): its status and parsed body. */
export async function apiJson(token, method, pathname, body) {
  const res = await fetch(BASE_URL() + '/api' + pathname, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** The user id a session token carries. */
export const userIdOf = (token) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).id;

/** A new page at the viewport's size; `errors` collects the page's uncaught errors. */
export async function newPage(browser, viewport) {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: viewport.width, height: viewport.height });
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors };
}

/** Signs the page in by storing the token, as the SPA does after login. */
export async function storeToken(page, token) {
  await page.goto(BASE_URL() + '/');
  await page.evaluate((value) => localStorage.setItem('token', value), token);
}

/** A new page (see `newPage`) opened at `url`, signed in first when a token is given. */
export async function openPage(browser, viewport, url, token) {
  const opened = await newPage(browser, viewport);
  if (token) await storeToken(opened.page, token);
  await opened.page.goto(BASE_URL() + url);
  return opened;
}

/** Saves screenshots named `<prefix>-<name>.png` in test-results; full page unless told otherwise. */
export const screenshots =
  (prefix) =>
  (page, name, fullPage = true) =>
    page.screenshot({ path: path.join(SCREENSHOT_DIR, `${prefix}-${name}.png`), fullPage });

/** Confirms the dashboard's open question and returns the result dialog once it shows `text`. */
export async function confirmAndExpect(page, question, text) {
  const confirm = page.getByRole('alertdialog', { name: 'Confirmación' });
  await confirm.getByText(question, { exact: true }).waitFor();
  await confirm.getByRole('button', { name: 'Confirmar' }).click();
  const result = page.getByRole('alertdialog', { name: 'Resultado' });
  await result.getByText(text, { exact: true }).waitFor({ timeout: 15_000 });
  return result;
}

/** Pays on /pagos/{id} through the demo checkout and waits for the success page. */
export async function payWithDemoCheckout(page) {
  await page.getByRole('button', { name: 'Pagar' }).click();
  await page.waitForURL(/\/stripe\/checkout\/demo_[0-9a-f]+$/);
  await page.getByText('Checkout de demostración').waitFor();
  await page.getByRole('button', { name: 'Pagar' }).click();
  await page.waitForURL(/\/pagos\/exito$/);
  await page.getByRole('heading', { name: 'Pago exitoso' }).waitFor();
}

/** A real PNG (signature, IHDR, IDAT, IEND) of a width x height orange-to-blue gradient. */
export function makePng(width = 48, height = 30) {
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      row[1 + x * 3] = 255 - Math.round((x / width) * 200);
      row[2 + x * 3] = 90;
      row[3 + x * 3] = Math.round((x / width) * 255);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
