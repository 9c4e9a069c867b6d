// The admin's user screens in Chromium: suspend a user and restore them, create a user
// through the form, grant a plan paid at the front desk on a phone, and read the contact messages.
// Screenshots go to test-results.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { before, describe, test } from 'node:test';
import { BASE_URL } from '../browser.mjs';
import { ADMIN, apiLogin, DESKTOP, newPage, PHONE, screenshots, useBrowser } from '../helpers.mjs';

async function api(token, method, url, body) {
  const response = await fetch(BASE_URL() + '/api' + url, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** A member made for one test, so no test depends on the demo accounts' state. */
async function createTestUser(token, label) {
  const tag = randomBytes(3).toString('hex');
  const user = {
    fullName: `Prueba ${label} ${tag}`,
    email: `prueba-${label}-${tag}@example.com`,
    phone: '55' + String(Date.now()).slice(-8),
    password: 'Secreta123',
    isMonitor: false,
    isAdmin: false,
  };
  const { status, body } = await api(token, 'POST', '/users/create', user);
  assert.equal(status, 201, JSON.stringify(body));
  return { ...user, id: body.user.id };
}

/** The user's row in the table on screen, found by e-mail. */
const rowOf = (page, email) => page.locator('tbody tr').filter({ has: page.getByText(email, { exact: true }) });

function today() {
  const d = new Date();
  const pad = (n) => String(n).padStart(2, '0');
  return `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${d.getFullYear()}`;
}

describe('dashboard: users, suspended users and messages', () => {
  const browser = useBrowser();
  let token;
  before(async () => {
    token = await apiLogin(ADMIN.email, ADMIN.password);
  });

  /** Signs in through the login form, as the admin would. */
  async function signIn(page) {
    await page.goto(BASE_URL() + '/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Contraseña', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
    await page.waitForURL(BASE_URL() + '/');
  }

  const shot = screenshots('dashboard-users');

  test('when the admin deletes a user, then they move to /dashboard/deletedusers, and restoring brings them back', async () => {
    const person = await createTestUser(token, 'suspender');
    const { page, errors } = await newPage(browser, DESKTOP);
    try {
      await signIn(page);
      await page.goto(BASE_URL() + '/dashboard/usuarios');
      await page.getByRole('heading', { level: 1, name: 'Usuarios' }).waitFor();
      // Set once: it survives only if nothing below reloads the page.
      await page.evaluate(() => {
        window.__sameDocument = true;
      });
      const row = rowOf(page, person.email);
      await row.waitFor({ timeout: 15_000 });
      assert.match(await row.innerText(), /Deportista/);
      assert.match(await row.innerText(), /Inactivo/);
      await shot(page, 'list-desktop');

      await row.getByRole('button', { name: `Borrar a ${person.fullName}` }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Confirmación' });
      await confirm
        .getByText('Esta acción no se podrá revertir. ¿Está seguro de que desea eliminar el usuario?')
        .waitFor();
      await shot(page, 'delete-confirm-desktop', false);
      await confirm.getByRole('button', { name: 'Aceptar' }).click();
      const result = page.getByRole('alertdialog', { name: 'Resultado' });
      await result.getByText('Borrado exitoso').waitFor();
      await result.getByRole('button', { name: 'Aceptar' }).click();
      await row.waitFor({ state: 'detached' });

      await page.getByRole('link', { name: 'Ver usuarios eliminados' }).click();
      await page.waitForURL(BASE_URL() + '/dashboard/deletedusers');
      const suspended = rowOf(page, person.email);
      await suspended.waitFor();
      assert.equal(await suspended.getByRole('rowheader').innerText(), person.fullName);
      await suspended.getByText(today(), { exact: true }).waitFor();
      const badge = suspended.getByText('Cuenta Suspendida', { exact: true });
      assert.equal(await badge.evaluate((el) => getComputedStyle(el).backgroundColor), 'rgb(198, 40, 40)');
      await shot(page, 'suspended-desktop');

      await suspended.getByRole('button', { name: `Restaurar a ${person.fullName}` }).click();
      await result.getByText('Usuario restaurado con éxito').waitFor();
      await shot(page, 'restored-desktop', false);
      await result.getByRole('button', { name: 'Aceptar' }).click();
      await suspended.waitFor({ state: 'detached' });

      await page.getByRole('link', { name: 'Volver a usuarios' }).click();
      await page.waitForURL(BASE_URL() + '/dashboard/usuarios');
      await rowOf(page, person.email).waitFor();
      assert.equal(await page.evaluate(() => window.__sameDocument), true, 'the lists updated without a page reload');

      const { body } = await api(token, 'GET', `/users/${person.id}`);
      assert.equal(body.deletedAt, null);
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  });

  test('when the admin creates a user through the form, then Creado con exito! shows and the user is listed; a taken e-mail is refused', async () => {
    const tag = randomBytes(3).toString('hex');
    const email = `alta-${tag}@example.com`;
    const { page, errors } = await newPage(browser, DESKTOP);
    try {
      await signIn(page);
      await page.goto(BASE_URL() + '/dashboard/usuarios');
      await page.getByRole('link', { name: 'Crear nuevo' }).click();
      await page.waitForURL(BASE_URL() + '/dashboard/usuarios/crear');
      await page.getByRole('status').filter({ hasText: 'Datos incompletos!' }).waitFor();
      const submit = page.getByRole('button', { name: 'Crear usuario' });
      assert.equal(await submit.isDisabled(), true);

      await page.getByLabel('Nombre y apellidos').fill('Ana Alta');
      await page.getByLabel('Email').fill('ana@');
      await page.getByText('No tiene formato de email correcto').waitFor();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Teléfono').fill('5512345678');
      await page.getByLabel('Contraseña').fill('Secreta123');
      await page.getByLabel('Es administrador?').selectOption({ label: 'No' });
      await page.getByRole('status').filter({ hasText: 'Todo en orden para dar de alta!' }).waitFor();
      await shot(page, 'create-form-desktop');

      await submit.click();
      const confirm = page.getByRole('alertdialog', { name: 'Confirmación' });
      await confirm.getByText('Se creara un nuevo usuario!!').waitFor();
      await confirm.getByRole('button', { name: 'Aceptar' }).click();
      const result = page.getByRole('alertdialog', { name: 'Resultado' });
      await result.getByText('Creado con exito!').waitFor();
      await shot(page, 'created-desktop', false);
      await result.getByRole('button', { name: 'Ir a la lista de usuarios' }).click();
      await page.waitForURL(BASE_URL() + '/dashboard/usuarios');
      await rowOf(page, email).waitFor();

      // The same e-mail again: the server's answer is shown, not a success.
      await page.getByRole('link', { name: 'Crear nuevo' }).click();
      await page.getByLabel('Nombre y apellidos').fill('Ana Otra');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Teléfono').fill('5512345679');
      await page.getByLabel('Contraseña').fill('Secreta123');
      await submit.click();
      await confirm.getByRole('button', { name: 'Aceptar' }).click();
      await result.getByText('Este email ya esta registrado').waitFor();
      assert.equal(await result.getByText('Creado con exito!').count(), 0);
      await shot(page, 'create-refused-desktop', false);
      await result.getByRole('button', { name: 'Aceptar' }).click();
      await page.locator('.field__error', { hasText: 'Este email ya esta registrado' }).waitFor();

      const { body } = await api(token, 'GET', '/users?limit=200');
      const created = body.find((u) => u.email === email);
      assert.equal(created?.fullName, 'Ana Alta');
      assert.equal(created?.phone, '5512345678');
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  });

  test('when the admin grants a plan paid at the front desk on a 390 px phone, then the user becomes Activo', async () => {
    const person = await createTestUser(token, 'recepcion');
    const { body: plans } = await api(token, 'GET', '/memberships');
    const plan = plans.find((p) => p.name === 'Standar') ?? plans[0];
    const { page, errors } = await newPage(browser, PHONE);
    try {
      await signIn(page);
      await page.goto(BASE_URL() + '/dashboard/usuarios');
      const row = rowOf(page, person.email);
      await row.waitFor({ timeout: 15_000 });
      // The table becomes one card per user: nothing runs off the side of the phone.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `the page is ${overflow}px wider than the phone`);
      await row.scrollIntoViewIfNeeded();
      await shot(page, 'list-phone', false);

      await row.getByRole('button', { name: `Editar a ${person.fullName}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Editar usuario' });
      await dialog.getByText('Actualizar datos de usuario!').waitFor();
      await shot(page, 'edit-phone', false);
      const grant = dialog.getByRole('form', { name: 'Pago en recepción' });
      await grant.getByLabel('Plan').selectOption(plan.id);
      await grant.getByRole('button', { name: 'Registrar pago' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Confirmación' });
      await confirm.getByText(`¿Registrar el pago del plan ${plan.name}`).waitFor();
      await confirm.getByRole('button', { name: 'Registrar' }).click();
      const result = page.getByRole('alertdialog', { name: 'Resultado' });
      await result.getByText(`Pago exitoso. Membresía ${plan.name} del ${today()} al`).waitFor();
      await shot(page, 'granted-phone', false);
      await result.getByRole('button', { name: 'Aceptar' }).click();
      await dialog.getByText(`${plan.name}: del ${today()} al`).waitFor();
      await dialog.getByRole('button', { name: 'Cerrar' }).click();
      await row.getByText('Activo', { exact: true }).waitFor();

      const { body } = await api(token, 'GET', `/users/${person.id}`);
      assert.equal(body.membresia?.name, plan.name);
      assert.equal(body.statusMembershipIdStatus, 'Activo');
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  });

  test('when a visitor writes through the contact page, then the admin reads it in /dashboard/mensajes', async () => {
    const subject = `Consulta ${randomBytes(3).toString('hex')}`;
    const response = await fetch(BASE_URL() + '/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        user_name: 'Marta Ríos',
        subject,
        user_email: 'marta@example.com',
        company: 'Ríos SA',
        message: '¿Tienen clases para mayores?',
      }),
    });
    assert.equal(response.status, 201);
    const { page, errors } = await newPage(browser, DESKTOP);
    try {
      await signIn(page);
      await page.goto(BASE_URL() + '/dashboard/mensajes');
      const card = page.getByRole('article', { name: subject });
      await card.waitFor({ timeout: 15_000 });
      await card.getByText('¿Tienen clases para mayores?').waitFor();
      assert.match(await card.innerText(), /Marta Ríos/);
      assert.match(await card.innerText(), /Enviado|Pendiente de envío/);
      await shot(page, 'messages-desktop');
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  });
});
