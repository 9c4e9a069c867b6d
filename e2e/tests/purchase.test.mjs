import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { axeViolations, BASE_URL, SCREENSHOT_DIR } from '../browser.mjs';
import {
  apiJson,
  apiLogin,
  noHorizontalScroll,
  openPage,
  payWithDemoCheckout,
  screenshots,
  useBrowser,
  userIdOf,
  VIEWPORTS,
} from '../helpers.mjs';

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

  test('when a member with Plus running opens Premium, then the page says Premium starts when Plus ends, and paying keeps Plus until then', async () => {
    const shot = screenshots('purchase-rule');
    const token = await apiLogin('tomas@pulso.demo', 'Socio1234');
    const plans = (await apiJson(null, 'GET', '/memberships')).body;
    const premium = plans.find((p) => p.name === 'Premium');
    const before = (await apiJson(token, 'GET', `/users/${userIdOf(token)}`)).body.membresia;
    assert.equal(before.name, 'Plus');
    const day = (iso) => {
      const d = new Date(iso);
      const pad = (n) => String(n).padStart(2, '0');
      return `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${d.getFullYear()}`;
    };
    const notice = new RegExp(
      `^Tu plan actual, Plus, sigue hasta el ${day(before.end)}\\. Premium empieza ese día y vence el \\d{2}-\\d{2}-\\d{4}\\.$`,
    );
    // The phone first: paying on the desktop changes what the page says next (a renewal of Premium).
    for (const viewport of [...VIEWPORTS].reverse()) {
      const { page, errors } = await openPage(browser, viewport, `/pagos/${premium.id}`, token);
      await page.getByText(notice).waitFor();
      assert.deepEqual(await axeViolations(page, 'main', { tags: ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'] }), []);
      if (viewport.name === 'mobile') await noHorizontalScroll(page);
      await shot(page, viewport.name);
      if (viewport.name !== 'mobile') {
        await payWithDemoCheckout(page);
        const text = await page.locator('main').innerText();
        assert.match(
          text,
          new RegExp(`Tu membresía Plus está activa del \\d{2}-\\d{2}-\\d{4} al ${day(before.end)}\\.`),
        );
        assert.match(text, new RegExp(`Después sigue Premium, del ${day(before.end)} al \\d{2}-\\d{2}-\\d{4}\\.`));
        await shot(page, 'paid');
      }
      assert.deepEqual(errors, []);
      await page.close();
    }
    // The profile: Plus with its dates, Premium after it, and the reminders switch (on by default).
    for (const viewport of VIEWPORTS) {
      const { page, errors } = await openPage(browser, viewport, '/profile', token);
      const card = page.locator('article', { has: page.getByRole('heading', { name: 'Membresía', exact: true }) });
      await card.getByText(`Premium, del ${day(before.end)} al`).waitFor();
      const box = card.getByRole('checkbox', {
        name: 'Avisarme por correo antes de que venza mi membresía y cuando venza',
      });
      if (viewport.name === 'mobile') {
        assert.equal(await box.isChecked(), true);
        await box.focus();
        await page.keyboard.press('Space');
        await card.getByText('Preferencias guardadas').waitFor();
        assert.equal(await box.isChecked(), false);
        await noHorizontalScroll(page);
      } else {
        assert.equal(await box.isChecked(), true);
        // 'Descargar mis datos': a JSON file with their purchases and their bookings.
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: 'Descargar mis datos' }).click(),
        ]);
        assert.match(download.suggestedFilename(), /^mis-datos-\d{4}-\d{2}-\d{2}\.json$/);
        const { readFile } = await import('node:fs/promises');
        const data = JSON.parse(await readFile(await download.path(), 'utf8'));
        assert.equal(data.account.email, 'tomas@pulso.demo');
        assert.ok(data.payments.some((p) => p.planName === 'Premium' && p.status === 'paid'));
        assert.deepEqual(
          data.membershipHistory.map((h) => h.kind).slice(-1),
          ['change'],
          'the last purchase, Premium while Plus ran, is a change of plan',
        );
        assert.ok(data.bookings.length > 0, 'the demo member holds places');
        await page.getByText('Listo: tus datos se descargaron en un archivo JSON.').waitFor();
      }
      assert.deepEqual(await axeViolations(page, 'main', { tags: ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'] }), []);
      await card.screenshot({ path: path.join(SCREENSHOT_DIR, `purchase-rule-profile-${viewport.name}.png`) });
      assert.deepEqual(errors, []);
      await page.close();
    }
    assert.deepEqual((await apiJson(token, 'GET', '/users/preferences')).body, { membershipReminders: false });
    await apiJson(token, 'PUT', '/users/preferences', { membershipReminders: true });

    const after = (await apiJson(token, 'GET', `/users/${userIdOf(token)}`)).body.membresia;
    assert.equal(after.name, 'Plus');
    assert.deepEqual(
      after.periods.map((p) => [p.name, p.end === before.end || p.start === before.end]),
      [
        ['Plus', true],
        ['Premium', true],
      ],
    );
  });

  test("when a member downloads a receipt from 'Mis pagos', then the PDF holds its number, the plan, the amount and the gym", async () => {
    const token = await apiLogin('tomas@pulso.demo', 'Socio1234');
    const mine = (await apiJson(token, 'GET', '/payments/mine')).body;
    const paid = mine.filter((p) => p.status === 'paid');
    assert.ok(paid.length > 0, 'the demo member has paid payments');
    const { PDFParse } = await import('pdf-parse');
    const { readFile } = await import('node:fs/promises');
    for (const viewport of VIEWPORTS) {
      const { page, errors } = await openPage(browser, viewport, '/profile', token);
      const card = page.locator('article', { has: page.getByRole('heading', { name: 'Mis pagos', exact: true }) });
      const button = card.getByRole('button', { name: /^Descargar recibo / }).first();
      await button.waitFor();
      const started = page.waitForEvent('download');
      if (viewport.name === 'mobile') {
        // By keyboard alone on the phone.
        await button.focus();
        await page.keyboard.press('Enter');
      } else {
        await button.click();
      }
      const download = await started;
      assert.match(download.suggestedFilename(), /^recibo-\d{6}\.pdf$/);
      const number = download.suggestedFilename().slice(7, 13);
      const bytes = await readFile(await download.path());
      assert.equal(bytes.subarray(0, 5).toString(), '%PDF-');
      const parser = new PDFParse({ data: new Uint8Array(bytes) });
      const { text } = await parser.getText();
      await parser.destroy();
      for (const expected of [`Recibo ${number}`, 'tomas@pulso.demo', 'Identificación fiscal', paid[0].planName]) {
        assert.ok(text.includes(expected), `the receipt says ${expected}:\n${text}`);
      }
      await card.getByText('Recibo descargado.').first().waitFor();
      // The number shows beside the button once issued.
      await card.getByText(number, { exact: true }).waitFor();
      if (viewport.name === 'mobile') await noHorizontalScroll(page);
      assert.deepEqual(await axeViolations(page, 'main', { tags: ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'] }), []);
      await card.screenshot({ path: path.join(SCREENSHOT_DIR, `receipts-${viewport.name}.png`) });
      assert.deepEqual(errors, []);
      await page.close();
    }
  });
});
