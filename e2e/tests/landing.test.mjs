import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { BASE_URL, launch, SCREENSHOT_DIR } from '../browser.mjs';

describe('landing page', () => {
  let browser;
  before(async () => {
    browser = await launch();
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
  });
  after(async () => {
    await browser?.close();
  });

  for (const viewport of [
    { name: 'desktop', width: 1280, height: 900 },
    { name: 'mobile', width: 390, height: 844 },
  ]) {
    test(`when a visitor opens / on ${viewport.name}, then the three seeded plans are shown`, async () => {
      const page = await browser.context.newPage();
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      const errors = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(BASE_URL() + '/');

      const cards = page.locator('.plan-card');
      await cards.first().waitFor({ timeout: 15_000 });
      const names = await page.locator('.plan-card__name').allTextContents();
      assert.deepEqual(names, ['Standar', 'Plus', 'Premium']);
      for (const card of await cards.all()) {
        const buy = card.getByRole('link', { name: 'Compra ahora' });
        assert.match((await buy.getAttribute('href')) ?? '', /^\/pagos\/[0-9a-f]{24}$/);
      }
      assert.match(await page.locator('.plan-card').first().innerText(), /1 mes/);
      await page.locator('#planes').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `landing-${viewport.name}.png`), fullPage: true });
      assert.deepEqual(errors, []);
      await page.close();
    });
  }

  test('when a client route is opened directly, then the SPA answers and /api paths stay JSON 404s', async () => {
    const page = await browser.context.newPage();
    const response = await page.goto(BASE_URL() + '/ruta-que-no-existe');
    assert.equal(response?.status(), 200);
    await page.getByRole('heading', { name: 'Página no encontrada' }).waitFor();
    const api = await fetch(BASE_URL() + '/api/ruta-que-no-existe', { headers: { accept: 'text/html' } });
    assert.equal(api.status, 404);
    assert.equal((await api.json()).code, 'ROUTE_NOT_FOUND');
    await page.close();
  });

  test('when a non-admin opens /dashboard, then they are sent to /', async () => {
    const page = await browser.context.newPage();
    await page.goto(BASE_URL() + '/dashboard');
    await page.waitForURL(BASE_URL() + '/');
    await page.close();
  });
});
