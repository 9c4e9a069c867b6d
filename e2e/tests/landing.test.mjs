import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BASE_URL } from '../browser.mjs';
import { newPage, screenshots, useBrowser, VIEWPORTS } from '../helpers.mjs';

const shot = screenshots('landing');

describe('landing page', () => {
  const browser = useBrowser();

  for (const viewport of VIEWPORTS) {
    test(`when a visitor opens / on ${viewport.name}, then the three seeded plans are shown`, async () => {
      const { page, errors } = await newPage(browser, viewport);
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
      await shot(page, viewport.name);
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
