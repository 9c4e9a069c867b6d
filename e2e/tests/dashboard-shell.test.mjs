// The dashboard shell: only admins get in, visitors never download it, the overview
// shows the chain's figures, every link of the bar opens its screen, and 'Cerrar sesión' leaves.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { BASE_URL, SCREENSHOT_DIR } from '../browser.mjs';
import { useBrowser } from '../helpers.mjs';

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
];

async function login(email, password) {
  const response = await fetch(BASE_URL() + '/api/users/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  assert.equal(response.status, 200);
  return (await response.json()).login.token;
}

async function pageWithToken(browser, viewport, token) {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: viewport.width, height: viewport.height });
  await page.goto(BASE_URL() + '/');
  await page.evaluate((t) => (t ? localStorage.setItem('token', t) : localStorage.removeItem('token')), token);
  return page;
}

describe('dashboard shell', () => {
  const browser = useBrowser();

  test('when a visitor browses the site, then no dashboard code is downloaded; opening /dashboard sends them to /', async () => {
    const page = await pageWithToken(browser, VIEWPORTS[0], null);
    const scripts = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(BASE_URL() + '/');
    await page.locator('.gallery').waitFor();
    await page.goto(BASE_URL() + '/clases');
    await page.locator('.lesson-card').first().waitFor({ timeout: 15_000 });
    assert.ok(scripts.length > 0);
    assert.deepEqual(
      scripts.filter((s) => /dashboard|overview/.test(s)),
      [],
    );
    await page.goto(BASE_URL() + '/dashboard/usuarios');
    await page.waitForURL(BASE_URL() + '/');
    await page.close();
  });

  test('when a member opens any dashboard path, then they are sent to / and the API refuses the figures', async () => {
    const token = await login('socio@pulso.demo', 'Socio1234');
    const page = await pageWithToken(browser, VIEWPORTS[0], token);
    for (const route of ['/dashboard', '/dashboard/sedes/crear', '/dashboard/deletedusers']) {
      await page.goto(BASE_URL() + route);
      await page.waitForURL(BASE_URL() + '/');
    }
    const stats = await fetch(BASE_URL() + '/api/stats', { headers: { Authorization: `Bearer ${token}` } });
    assert.equal(stats.status, 403);
    await page.close();
  });

  for (const viewport of VIEWPORTS) {
    test(`when the admin opens /dashboard on ${viewport.name}, then the overview and every link of the bar work`, async () => {
      const token = await login('admin@pulso.demo', 'Admin1234');
      const page = await pageWithToken(browser, viewport, token);
      const errors = [];
      page.on('pageerror', (error) => errors.push(error.message));
      try {
        await page.goto(BASE_URL() + '/dashboard');
        await page.getByRole('heading', { level: 1, name: 'Resumen' }).waitFor();
        for (const label of ['Socios activos', 'Clases', 'Sedes', 'Profesores']) {
          const figure = page.locator('.overview__count', { hasText: label }).locator('.overview__figure');
          assert.match(await figure.innerText(), /^\d+$/);
        }
        // The demo chain: 4 sedes, and at least the demo member is active.
        assert.equal(
          await page.locator('.overview__count', { hasText: 'Sedes' }).locator('.overview__figure').innerText(),
          '4',
        );
        assert.notEqual(
          await page
            .locator('.overview__count', { hasText: 'Socios activos' })
            .locator('.overview__figure')
            .innerText(),
          '0',
        );
        await page.getByRole('heading', { name: 'Ingresos de los últimos 30 días' }).waitFor();
        await page.screenshot({
          path: path.join(SCREENSHOT_DIR, `dashboard-overview-${viewport.name}.png`),
          fullPage: true,
        });

        // Each link of the bar opens its screen (the footer of the public site is not there).
        const nav = page.getByRole('navigation', { name: 'Panel de administración' });
        for (const [label, url] of [
          ['Membresías', '/dashboard/membresias'],
          ['Sedes', '/dashboard/sedes'],
          ['Usuarios', '/dashboard/usuarios'],
          ['Profesores', '/dashboard/profesores'],
          ['Clases', '/dashboard/clases'],
          ['Mensajes', '/dashboard/mensajes'],
          ['Resumen', '/dashboard'],
        ]) {
          await nav.getByRole('link', { name: label, exact: true }).click();
          await page.waitForURL(BASE_URL() + url);
          await page.locator('.dashboard__main').getByRole('heading', { level: 1, name: label, exact: true }).waitFor();
          assert.equal(await page.getByRole('contentinfo').count(), 0);
        }

        // The admin bar's dropdown: 'Administrador' then 'Cerrar sesión' goes to / without the token.
        await page.getByText('Administrador', { exact: true }).click();
        await page.getByRole('button', { name: 'Cerrar sesión' }).click();
        await page.waitForURL(BASE_URL() + '/');
        assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);
        assert.deepEqual(errors, []);
      } finally {
        await page.close();
      }
    });
  }
});
