import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, test } from 'node:test';
import { BASE_URL } from '../browser.mjs';
import { newPage, screenshots, useBrowser, VIEWPORTS } from '../helpers.mjs';

const save = screenshots('auth');

/** Opens the mobile menu when the links are folded behind it. */
async function openMenu(page) {
  const toggle = page.getByRole('button', { name: 'Abrir menú' });
  if (await toggle.isVisible()) await toggle.click();
}

describe('sign-up, sign-in and sign-out', () => {
  const browser = useBrowser();

  for (const viewport of VIEWPORTS) {
    test(`when a visitor registers, logs out and logs back in on ${viewport.name}, then every step says what happened`, async () => {
      const { page, errors } = await newPage(browser, viewport);
      const email = `e2e-${randomBytes(4).toString('hex')}@example.com`;
      const shot = (step) => save(page, `${step}-${viewport.name}`);

      // Register: the form rules show under the fields, then the account is created.
      await page.goto(BASE_URL() + '/login');
      await page.getByRole('link', { name: 'Crea una cuenta' }).click();
      await page.waitForURL(/\/register$/);
      // The sign-in page stays on screen until the next page's code arrives; both have an Email field.
      await page.getByRole('heading', { level: 1, name: 'Crear cuenta' }).waitFor();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Contraseña', { exact: true }).fill('corta');
      await page.getByRole('button', { name: 'Crear cuenta' }).click();
      await page.getByText('La contraseña debe tener al menos 1 número (0-9)').waitFor();
      await shot('register-errors');
      await page.getByLabel('Contraseña', { exact: true }).fill('Secreta123');
      await page.getByRole('button', { name: 'Crear cuenta' }).click();
      await page.waitForURL(BASE_URL() + '/');

      // Signed in: the bar shows the name taken from the e-mail, and log out goes to /login.
      await openMenu(page);
      const userLink = page.locator('.navbar__user');
      await userLink.waitFor();
      assert.equal((await userLink.innerText()).trim(), email.split('@')[0]);
      await page.getByRole('button', { name: 'Cerrar sesión' }).click();
      await page.waitForURL(/\/login$/);
      assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);

      // Wrong e-mail under the e-mail field, wrong password under the password field.
      await page.getByLabel('Email').fill('nadie-' + email);
      await page.getByLabel('Contraseña', { exact: true }).fill('Secreta123');
      await page.getByLabel('Contraseña', { exact: true }).press('Enter');
      await page.getByText('No se encontró un usuario con ese email').waitFor();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Contraseña', { exact: true }).fill('Secreta999');
      await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
      await page.getByText('La contraseña es incorrecta').waitFor();
      await shot('login-errors');

      // The right password (Enter submits) goes to /, and /profile shows the account.
      await page.getByLabel('Contraseña', { exact: true }).fill('Secreta123');
      await page.getByLabel('Contraseña', { exact: true }).press('Enter');
      await page.waitForURL(BASE_URL() + '/');
      await page.goto(BASE_URL() + '/profile');
      await page.getByRole('heading', { level: 1, name: email.split('@')[0] }).waitFor();
      await page.getByText('No tienes una membresía activa.').waitFor();
      await shot('profile');

      // Edit profile: confirm, then back on /profile with the server's message.
      await page.getByRole('link', { name: 'Editar perfil' }).click();
      await page.getByLabel('Nombre de usuario').fill('Socia Prueba');
      await page.getByLabel('Teléfono').fill('5512345678');
      await page.getByRole('button', { name: 'Guardar cambios' }).click();
      await page.getByText('¿Estás seguro de que quieres modificar tu perfil?').waitFor();
      await page.getByRole('button', { name: 'Confirmar' }).click();
      await page.getByText('Usuario actualizado correctamente').waitFor();
      await page.getByRole('heading', { level: 1, name: 'Socia Prueba' }).waitFor();
      await shot('profile-edited');

      assert.deepEqual(errors, []);
      await page.close();
    });
  }

  test('when a signed-out visitor opens /profile, then they sign in and come back to it', async () => {
    const page = await browser.context.newPage();
    await page.goto(BASE_URL() + '/');
    await page.evaluate(() => localStorage.removeItem('token'));
    await page.goto(BASE_URL() + '/profile');
    await page.waitForURL(/\/login\?volver=%2Fprofile$/);
    await page.getByLabel('Email').fill('socio@pulso.demo');
    await page.getByLabel('Contraseña', { exact: true }).fill('Socio1234');
    await page.getByLabel('Contraseña', { exact: true }).press('Enter');
    await page.waitForURL(/\/profile$/);
    await page.getByText('Mi horario').waitFor();
    await page.close();
  });

  test('when someone asks for a reset link, then the answer does not say whether the account exists', async () => {
    const page = await browser.context.newPage();
    await page.goto(BASE_URL() + '/login');
    await page.getByRole('link', { name: 'Olvidé mi contraseña' }).click();
    await page.getByRole('heading', { level: 1, name: 'Recuperar contraseña' }).waitFor();
    await page.getByLabel('Email').fill('no-existe@example.com');
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    await page.getByText('Si el email está registrado, te enviamos un enlace').waitFor();
    await page.goto(BASE_URL() + '/restablecer?token=' + 'x'.repeat(43));
    await page.getByLabel('Nueva contraseña', { exact: true }).fill('Nueva1234');
    await page.getByLabel('Repite la contraseña', { exact: true }).fill('Nueva1234');
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await page.getByText('El enlace no es válido o expiró').waitFor();
    await save(page, 'reset-invalid', false);
    await page.close();
  });
});
