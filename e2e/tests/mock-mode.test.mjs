// The client's mock mode end to end: the SPA built with VITE_API_MODE=mock, served by a plain static
// file server (no API, no database), in Chromium. Browse, the admin creates a sede, a user buys a
// plan and adds a class, the data survives a reload, and 'Restablecer datos de demostración' resets it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { launch, SCREENSHOT_DIR } from '../browser.mjs';
import { makePng, payWithDemoCheckout } from '../helpers.mjs';
import { serveStatic } from '../static-server.mjs';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const CLIENT = path.join(ROOT, 'client');

const shot = (page, name) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `mock-mode-${name}.png`) });

async function signIn(page, base, email, password) {
  await page.evaluate(() => localStorage.removeItem('token'));
  await page.goto(base + '/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await page.waitForURL(base + '/');
  await settle(page);
}

/**
 * Waits until the page's own calls are answered: a call still in flight when the test navigates
 * away loses its page, and the Service Worker then lets it through to the network.
 */
async function settle(page) {
  await page.waitForLoadState('networkidle');
}

describe('mock mode: the static build with no server', () => {
  let outDir;
  let server;
  let base;
  let browser;

  before(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    outDir = mkdtempSync(path.join(os.tmpdir(), 'pulso-dist-mock-'));
    const build = spawnSync(
      process.execPath,
      [path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--outDir', outDir, '--emptyOutDir'],
      { cwd: CLIENT, env: { ...process.env, VITE_API_MODE: 'mock' }, encoding: 'utf8' },
    );
    assert.equal(build.status, 0, build.stderr || build.stdout);
    server = await serveStatic(outDir);
    base = `http://127.0.0.1:${server.address().port}`;
    browser = await launch();
  });

  after(async () => {
    await browser?.close();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve()));
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  test('browse, create a sede as admin, buy a plan and add a class as a member, then reset the demo data', async () => {
    const page = await browser.context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const apiCallsToNetwork = [];
    // Every /api call must be answered by the Service Worker, never reach the static server.
    server.on('request', (req) => {
      if (req.url.startsWith('/api')) apiCallsToNetwork.push(req.url);
    });

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(base + '/');
    await page.getByText('Modo demo').waitFor({ timeout: 20_000 });
    await page.locator('.plan-card', { has: page.getByRole('heading', { name: 'Plus' }) }).waitFor();
    await shot(page, 'home-desktop');
    await settle(page);

    // Browse the classes and one class, with its demo image.
    await page.goto(base + '/clases');
    await page.getByRole('heading', { name: 'Spinning' }).first().waitFor();
    await page.goto(base + '/clases/Spinning');
    await page.getByText('Excelente clase, mucha energía').waitFor();
    await settle(page);
    const imageOk = await page.evaluate(() =>
      [...document.images].some((img) => img.src.includes('/demo-images/') && img.complete && img.naturalWidth > 0),
    );
    assert.ok(imageOk, 'a demo image loads');

    // The admin creates a sede; it shows on the public page with its uploaded image.
    await signIn(page, base, 'admin@pulso.demo', 'Admin1234');
    await page.goto(base + '/dashboard/sedes/crear');
    await page.getByRole('heading', { level: 1, name: 'Crear Sede' }).waitFor();
    await page.getByRole('textbox', { name: 'Nombre *' }).fill('Sede Demo');
    await page.getByRole('textbox', { name: 'Dirección *' }).fill('Calle Sin Servidor 1');
    await page.getByRole('checkbox', { name: 'Lunes' }).check();
    await page.getByRole('combobox', { name: 'Hora inicio' }).selectOption('8:00');
    await page.getByRole('combobox', { name: 'Hora fin' }).selectOption('20:00');
    await page.getByLabel('Imagen*').setInputFiles({ name: 'fachada.png', mimeType: 'image/png', buffer: makePng() });
    await page.getByRole('button', { name: 'Crear Sede' }).click();
    const created = page.getByRole('alertdialog', { name: 'Resultado' });
    await created.getByText('Sede creada con éxito').waitFor();
    await created.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(base + '/dashboard/sedes');
    await page.getByRole('article', { name: 'Sede Demo' }).waitFor();
    await settle(page);
    await page.goto(base + '/sedes');
    const facade = page.getByRole('img', { name: 'Fachada de Sede Demo' }).first();
    await facade.waitFor({ timeout: 15_000 });
    await page.waitForFunction(() =>
      [...document.images].some((i) => i.alt === 'Fachada de Sede Demo' && i.complete && i.naturalWidth > 0),
    );

    // A user without a membership buys Plus through the demo checkout.
    await signIn(page, base, 'usuario@pulso.demo', 'Usuario1234');
    const plusId = await page.evaluate(async () => {
      const plans = await (await fetch('/api/memberships')).json();
      return plans.find((p) => p.name === 'Plus').id;
    });
    await page.goto(base + `/pagos/${plusId}`);
    await page.getByRole('heading', { name: 'Plus' }).waitFor();
    await payWithDemoCheckout(page);
    assert.match(await page.locator('main').innerText(), /Tu membresía Plus está activa del/);
    await shot(page, 'payment-success');
    await settle(page);

    // ... and adds Zumba to their schedule.
    await page.goto(base + '/clases/Zumba');
    await page.getByRole('button', { name: 'Añadir clase' }).click();
    const added = page.getByRole('alertdialog', { name: 'Resultado' });
    await added.getByText('Clase añadida con éxito').waitFor();
    await added.getByRole('button', { name: 'Aceptar' }).click();
    await settle(page);

    // Everything survives a reload (localStorage).
    await page.goto(base + '/profile');
    await page.getByText('Zumba').first().waitFor({ timeout: 15_000 });
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'profile-mobile');

    // 'Restablecer datos de demostración' asks first, then brings the demo chain back.
    await page.getByRole('button', { name: 'Restablecer datos de demostración' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Restablecer datos de demostración' });
    await confirm.getByRole('button', { name: 'Restablecer' }).click();
    await page.waitForURL(base + '/');
    await page.getByText('Modo demo').waitFor();
    await settle(page);
    await page.goto(base + '/sedes');
    await page.getByRole('img', { name: 'Fachada de Sede Centro' }).first().waitFor({ timeout: 15_000 });
    assert.equal(await page.getByRole('img', { name: 'Fachada de Sede Demo' }).count(), 0);

    assert.deepEqual(apiCallsToNetwork, []);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
