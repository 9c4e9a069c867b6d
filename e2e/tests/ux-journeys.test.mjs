// Journeys of issue 18's client items: returning after sign-in, the class page for members and
// non-members, page titles and the demo data's Spanish.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { BASE_URL, launch, SCREENSHOT_DIR } from '../browser.mjs';

async function api(pathname, options = {}) {
  const res = await fetch(BASE_URL() + '/api' + pathname, {
    ...options,
    headers: { 'Content-Type': 'application/json', ...(options.headers ?? {}) },
  });
  return { status: res.status, body: await res.json() };
}

describe('client journeys', () => {
  let browser;
  before(async () => {
    browser = await launch();
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
  });
  after(async () => {
    await browser?.close();
  });

  test('when a visitor presses Pagar, creates an account and comes back, then they are on the plan they chose', async () => {
    const plans = await api('/memberships');
    const plus = plans.body.find((p) => p.name === 'Plus');
    const page = await browser.context.newPage();
    await page.goto(BASE_URL() + `/pagos/${plus.id}`);
    await page.getByRole('heading', { name: 'Plus' }).waitFor();
    await page.getByRole('button', { name: 'Pagar' }).click();
    await page.waitForURL(`${BASE_URL()}/login?volver=${encodeURIComponent(`/pagos/${plus.id}`)}`);
    await page.getByRole('link', { name: 'Crea una cuenta' }).click();
    await page.waitForURL(`${BASE_URL()}/register?volver=${encodeURIComponent(`/pagos/${plus.id}`)}`);
    await page.getByLabel('Email').fill(`vuelta-${randomBytes(4).toString('hex')}@example.com`);
    await page.getByLabel('Contraseña', { exact: true }).fill('Secreta123');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await page.waitForURL(`${BASE_URL()}/pagos/${plus.id}`);
    await page.getByRole('heading', { name: 'Plus' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Pagar' }).isEnabled(), true);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'ux-return-to-plan.png') });
    await page.evaluate(() => localStorage.clear());
    await page.close();
  });
});
