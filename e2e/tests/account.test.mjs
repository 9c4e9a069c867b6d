import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
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

describe('changing one’s password', () => {
  const browser = useBrowser();

  test('when a member changes their password from the profile, then the current one is asked for, a wrong one is refused and the new one signs in', async () => {
    const email = `clave-${randomBytes(4).toString('hex')}@example.com`;
    const created = await api('/users/create', {
      method: 'POST',
      body: JSON.stringify({ email, password: 'Secreta123' }),
    });
    assert.equal(created.status, 201);

    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(BASE_URL() + '/');
    await page.evaluate((t) => localStorage.setItem('token', t), created.body.user.token);
    await page.goto(BASE_URL() + `/profile/editar/${created.body.user.id}`);
    await page.getByRole('heading', { level: 1, name: 'Editar perfil' }).waitFor();

    await page.getByLabel('Nueva contraseña', { exact: true }).fill('Cambiada123');
    const current = page.getByLabel('Contraseña actual', { exact: true });
    await current.waitFor();
    // Its required message waits until the member leaves the field or tries to save; saving then
    // asks for it instead of sending.
    assert.equal(await page.getByText('Escribe tu contraseña actual para cambiarla').count(), 0);
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText('Escribe tu contraseña actual para cambiarla').waitFor();
    assert.equal(await current.evaluate((el) => el === document.activeElement), true);
    assert.equal(await page.getByRole('alertdialog').count(), 0);
    assert.equal(await page.getByRole('button', { name: 'Guardar cambios' }).isDisabled(), true);
    await current.fill('Adivinada123');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('La contraseña actual es incorrecta').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'profile-current-password-wrong.png'), fullPage: true });

    await current.fill('Secreta123');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Usuario actualizado correctamente').waitFor();

    // The page's session goes on with the token the server sent back; the old one is closed.
    const stored = await page.evaluate(() => localStorage.getItem('token'));
    assert.notEqual(stored, created.body.user.token);
    const old = await api(`/users/${created.body.user.id}`, {
      headers: { Authorization: `Bearer ${created.body.user.token}` },
    });
    assert.equal(old.status, 401);
    const login = await api('/users/login', {
      method: 'POST',
      body: JSON.stringify({ email, password: 'Cambiada123' }),
    });
    assert.equal(login.status, 200);
    await page.close();
  });
});
