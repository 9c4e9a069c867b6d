import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import path from 'node:path';
import { axeViolations, SCREENSHOT_DIR } from '../browser.mjs';
import {
  ADMIN,
  apiJson,
  apiLogin,
  DESKTOP,
  noHorizontalScroll,
  openPage,
  PHONE,
  screenshots,
  useBrowser,
} from '../helpers.mjs';

const AXE = { tags: ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'] };

describe('a renewing plan bought with the demo checkout', () => {
  const browser = useBrowser();

  test('when a new member buys the monthly Standar with a card set to fail, then the profile says when it renews, and the renewal is stopped and restarted from there', async () => {
    const shot = screenshots('renewals');
    const email = `renueva.${Date.now()}@example.com`;
    const created = await apiJson(null, 'POST', '/users/create', {
      email,
      password: 'Renueva1234',
      fullName: 'Rita Renueva',
    });
    assert.equal(created.status, 201);
    const token = await apiLogin(email, 'Renueva1234');
    const standar = (await apiJson(null, 'GET', '/memberships')).body.find((p) => p.name === 'Standar');
    assert.equal(standar.renewing, true);

    // The plan's page says it renews; the demo checkout offers the failing card, chosen by keyboard.
    const desktop = await openPage(browser, { name: 'desktop', ...DESKTOP }, `/pagos/${standar.id}`, token);
    const { page } = desktop;
    await page
      .getByText('Se renueva automáticamente cada mes hasta que canceles la renovación desde tu perfil.')
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Pagar' }).click();
    await page.waitForURL(/\/stripe\/checkout\/demo_[0-9a-f]+$/);
    const failing = page.getByRole('checkbox', { name: 'Simular una tarjeta que será rechazada en las renovaciones' });
    await failing.focus();
    await page.keyboard.press('Space');
    assert.equal(await failing.isChecked(), true);
    assert.deepEqual(await axeViolations(page, 'main', AXE), []);
    await shot(page, 'checkout-desktop');
    await page.getByRole('button', { name: 'Pagar' }).click();
    await page.waitForURL(/\/pagos\/exito$/);
    const mine = (await apiJson(token, 'GET', '/subscriptions/mine')).body.subscription;
    assert.equal(mine.status, 'active');
    assert.equal(mine.cardFailing, true);
    assert.deepEqual(desktop.errors, []);
    await page.close();

    // The profile on a phone: when it renews and for how much; stop it (asked first), then restart it.
    const phone = await openPage(browser, { name: 'mobile', ...PHONE }, '/profile', token);
    const box = phone.page.locator('section.renewal');
    await box.getByText(/^Standar se renueva el \d{2}-\d{2}-\d{4} por /).waitFor();
    assert.equal(
      await box.getByRole('checkbox', { name: 'Simular que la tarjeta de demostración es rechazada' }).isChecked(),
      true,
    );
    assert.deepEqual(await axeViolations(phone.page, 'main', AXE), []);
    await noHorizontalScroll(phone.page);
    await box.screenshot({ path: path.join(SCREENSHOT_DIR, 'renewals-profile-mobile.png') });
    const cancel = box.getByRole('button', { name: 'Cancelar renovación' });
    await cancel.focus();
    await phone.page.keyboard.press('Enter');
    // Pausing is offered first; the member goes on with the cancellation by keyboard.
    const offer = phone.page.getByRole('dialog', { name: 'Antes de cancelar' });
    await offer.getByRole('button', { name: 'Pausar en su lugar' }).waitFor();
    await phone.page.keyboard.press('Shift+Tab');
    await phone.page.keyboard.press('Enter');
    const ask = phone.page.getByRole('alertdialog');
    await ask.getByText(/Tu plan seguirá activo hasta el \d{2}-\d{2}-\d{4} y no se te volverá a cobrar\./).waitFor();
    assert.deepEqual(await axeViolations(phone.page, '.modal__panel', AXE), []);
    await ask.getByRole('button', { name: 'Cancelar renovación' }).click();
    const result = phone.page.getByRole('alertdialog', { name: 'Renovación' });
    await result.getByText(/^Listo: tu plan no se renovará\. Sigue activo hasta el \d{2}\/\d{2}\/\d{4}\.$/).waitFor();
    await result.getByRole('button', { name: 'Aceptar' }).click();
    await box.getByText(/^Renovación cancelada: Standar termina el \d{2}-\d{2}-\d{4}\.$/).waitFor();
    await shot(phone.page, 'cancelled-mobile');
    assert.equal((await apiJson(token, 'GET', '/subscriptions/mine')).body.subscription.cancelAtPeriodEnd, true);
    await box.getByRole('button', { name: 'Seguir renovando' }).click();
    await phone.page.getByRole('alertdialog', { name: 'Renovación' }).getByRole('button', { name: 'Aceptar' }).click();
    await box.getByText(/^Standar se renueva el /).waitFor();
    assert.deepEqual(phone.errors, []);
    await phone.page.close();

    // A second renewing plan is refused while this one runs.
    const again = await apiJson(token, 'POST', '/payments/create_checkout', { planId: standar.id });
    assert.equal(again.status, 409);

    // The admin's 'Renovaciones': who renews, and who stopped it and when, on the desktop and a phone.
    await apiJson(token, 'POST', '/subscriptions/mine/cancel');
    const adminToken = await apiLogin(ADMIN.email, ADMIN.password);
    for (const viewport of [
      { name: 'desktop', ...DESKTOP },
      { name: 'mobile', ...PHONE },
    ]) {
      const admin = await openPage(browser, viewport, '/dashboard/renovaciones', adminToken);
      const table = admin.page.getByRole('table', { name: 'Planes con renovación automática' });
      const row = table.locator('tr', { has: admin.page.getByRole('rowheader', { name: 'Rita Renueva' }) });
      await row.getByText('Activa hasta su fin').waitFor();
      await row.getByText(/^El \d{2}-\d{2}-\d{4}$/).waitFor();
      assert.deepEqual(await axeViolations(admin.page, 'main', AXE), []);
      if (viewport.name === 'mobile') await noHorizontalScroll(admin.page);
      await shot(admin.page, `admin-${viewport.name}`);
      assert.deepEqual(admin.errors, []);
      await admin.page.close();
    }
  });
});
