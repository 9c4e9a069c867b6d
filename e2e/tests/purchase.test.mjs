import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { BASE_URL, SCREENSHOT_DIR } from '../browser.mjs';
import { useBrowser } from '../helpers.mjs';

async function api(pathname, options = {}) {
  const res = await fetch(BASE_URL() + '/api' + pathname, {
    ...options,
    headers: { 'Content-Type': 'application/json', ...(options.headers ?? {}) },
  });
  return { status: res.status, body: await res.json() };
}

describe('buying a plan with the demo checkout', () => {
  const browser = useBrowser();

  test('when a signed-in user without membership pays for Plus, then the membership is active with its dates', async () => {
    const login = await api('/users/login', {
      method: 'POST',
      body: JSON.stringify({ email: 'usuario@pulso.demo', password: 'Usuario1234' }),
    });
    assert.equal(login.status, 200);
    const token = login.body.login.token;
    const userId = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).id;
    const plans = await api('/memberships');
    const plus = plans.body.find((p) => p.name === 'Plus');

    const page = await browser.context.newPage();
    await page.goto(BASE_URL() + '/');
    await page.evaluate((t) => localStorage.setItem('token', t), token);
    await page.goto(BASE_URL() + `/pagos/${plus.id}`);
    await page.getByRole('heading', { name: 'Plus' }).waitFor();
    await page.getByRole('button', { name: 'Pagar' }).click();

    await page.waitForURL(/\/stripe\/checkout\/demo_[0-9a-f]+$/);
    await page.getByText('Checkout de demostración').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'demo-checkout.png') });
    await page.getByRole('button', { name: 'Pagar' }).click();

    await page.waitForURL(/\/pagos\/exito$/);
    await page.getByRole('heading', { name: 'Pago exitoso' }).waitFor();
    const text = await page.locator('main').innerText();
    assert.match(text, /Tu membresía Plus está activa del \d{2}-\d{2}-\d{4} al \d{2}-\d{2}-\d{4}/);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'payment-success.png') });

    const me = await api(`/users/${userId}`, { headers: { Authorization: `Bearer ${token}` } });
    assert.equal(me.body.membresia.name, 'Plus');
    assert.equal(me.body.membresia.status, 'Activo');
    const months = (new Date(me.body.membresia.end) - new Date(me.body.membresia.start)) / (30 * 86_400_000);
    assert.ok(months > 2.8 && months < 3.2, `about 3 months, got ${months}`);
    await page.close();
  });
});
