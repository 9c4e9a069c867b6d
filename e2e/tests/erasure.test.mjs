import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { axeViolations } from '../browser.mjs';
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
  userIdOf,
} from '../helpers.mjs';

const AXE = { tags: ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'] };

describe('erasing one’s own account', () => {
  const browser = useBrowser();

  test('when a member erases their account from the profile by keyboard on a phone, then they leave signed out, their review says Socio anónimo, the admin sees the account as erased and the address registers again', async () => {
    const shot = screenshots('erasure');
    const email = `borrar.${Date.now()}@example.com`;
    const password = 'Borrar1234';
    const created = await apiJson(null, 'POST', '/users/create', { email, password, fullName: 'Julia Borrar' });
    assert.equal(created.status, 201);
    const token = await apiLogin(email, password);
    // A plan bought through the demo checkout, and a review of a class.
    const plans = (await apiJson(null, 'GET', '/memberships')).body;
    const started = await apiJson(token, 'POST', '/payments/create_checkout', {
      planId: plans.find((p) => p.name === 'Plus').id,
    });
    const sessionId = started.body.redirect_url.split('/').pop();
    const paid = await apiJson(token, 'POST', `/payments/demo/${sessionId}/confirm`);
    assert.equal(paid.status, 200);
    const lesson = (await apiJson(null, 'GET', '/lessons')).body[0];
    const review = await apiJson(token, 'POST', '/reviews/create', {
      stars: 4,
      description: 'Reseña antes de irme',
      lessonId: lesson.id,
    });
    assert.equal(review.status, 201);

    const { page, errors } = await openPage(browser, { name: 'mobile', ...PHONE }, '/profile', token);
    const open = page.getByRole('button', { name: 'Eliminar mi cuenta', exact: true });
    await open.waitFor();
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Eliminar mi cuenta' });
    await dialog.getByText('Tus reseñas quedan como «Socio anónimo».', { exact: false }).waitFor();
    assert.deepEqual(await axeViolations(page, '.modal__panel', AXE), []);
    await noHorizontalScroll(page);
    await shot(page, 'dialog-mobile', false);
    // A wrong password first: the field says so.
    await page.keyboard.type('Mala12345');
    await page.keyboard.press('Enter');
    await dialog.getByText('La contraseña no es correcta').waitFor();
    await dialog.getByLabel('Contraseña').fill(password);
    await page.keyboard.press('Enter');
    const done = page.getByRole('alertdialog', { name: 'Cuenta eliminada' });
    await done.getByText('Tu cuenta se eliminó. Gracias por haber entrenado con nosotros.').waitFor();
    assert.deepEqual(await axeViolations(page, '.modal__panel', AXE), []);
    await shot(page, 'done-mobile', false);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/');
    assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);
    assert.deepEqual(errors, []);
    await page.close();

    // The old session and the address name no one.
    assert.equal((await apiJson(token, 'GET', `/users/${userIdOf(token)}`)).status, 401);
    const detail = (await apiJson(null, 'GET', `/lessons/detail/${lesson.id}`)).body;
    const kept = detail.reviews.find((r) => r.description === 'Reseña antes de irme');
    assert.ok(kept, 'the review stays');
    assert.ok(!JSON.stringify(detail).includes('Julia'), 'the class page does not name her');
    assert.ok(JSON.stringify(kept).includes('Socio anónimo'), JSON.stringify(kept));

    // The admin's suspended users: the account as erased, without its address, not restorable.
    const adminToken = await apiLogin(ADMIN.email, ADMIN.password);
    const admin = await openPage(browser, { name: 'desktop', ...DESKTOP }, '/dashboard/deletedusers', adminToken);
    const table = admin.page.getByRole('table', { name: 'Usuarios suspendidos' });
    await table.waitFor();
    const row = table.locator('tr', { has: admin.page.getByText('Cuenta eliminada por su titular') }).first();
    await row.getByText('No se puede restaurar').waitFor();
    assert.equal(await row.getByRole('button').count(), 0);
    assert.deepEqual(await axeViolations(admin.page, 'main', AXE), []);
    await shot(admin.page, 'admin-desktop');
    assert.deepEqual(admin.errors, []);
    await admin.page.close();

    // The address registers again.
    const again = await apiJson(null, 'POST', '/users/create', { email, password, fullName: 'Julia Vuelve' });
    assert.equal(again.status, 201);
  });
});
