import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
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
} from '../helpers.mjs';

const AXE = { tags: ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'] };

/** A new member, registered as a visitor would. */
async function newMember() {
  const email = `audit-${randomBytes(4).toString('hex')}@example.com`;
  const fullName = `Rosa Auditada ${randomBytes(2).toString('hex')}`;
  const { status, body } = await apiJson(null, 'POST', '/users/create', {
    fullName,
    email,
    password: 'Segura123',
    phone: '5512345678',
  });
  assert.equal(status, 201, JSON.stringify(body));
  return { id: body.user.id, email, fullName };
}

describe("the audit trail ('Registro de cambios')", () => {
  const browser = useBrowser();

  test("when the admin changes a member's phone at the desk, then 'Registro de cambios' and the member's history show who changed what, before and after", async () => {
    const shot = screenshots('audit');
    const token = await apiLogin(ADMIN.email, ADMIN.password);
    const person = await newMember();
    const { page, errors } = await openPage(browser, { name: 'desktop', ...DESKTOP }, '/dashboard/usuarios', token);

    await page.getByRole('searchbox', { name: 'Buscar' }).fill(person.email);
    const row = page.locator('tbody tr').filter({ has: page.getByText(person.email, { exact: true }) });
    await row.waitFor();
    await row.getByRole('button', { name: `Editar a ${person.fullName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar usuario' });
    await dialog.getByLabel('Teléfono').fill('5598765432');
    await dialog.getByRole('button', { name: /Actualizar|Guardar/ }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Confirmación' });
    await confirm.getByRole('button', { name: 'Confirmar' }).click();
    const result = page.getByRole('alertdialog', { name: 'Resultado' });
    await result.waitFor();
    await result.getByRole('button', { name: 'Aceptar' }).click();

    // The trail, from the dashboard's menu.
    await page.getByRole('link', { name: 'Registro de cambios' }).click();
    const table = page.getByRole('table', { name: /Cambios hechos por el personal/ });
    await table.waitFor();
    const entry = table.locator('tbody tr').filter({ hasText: person.fullName }).first();
    await entry.getByText('Teléfono: 5512345678 → 5598765432').waitFor();
    await entry.getByText('Modificó los datos', { exact: true }).waitFor();
    await entry.getByRole('rowheader', { name: /Carlos|Admin|Administrador/ }).waitFor();
    await page.getByRole('combobox', { name: 'Qué se cambió' }).selectOption({ label: 'Usuario' });
    await page.getByText(/cambios? encontrados?/).waitFor();
    assert.deepEqual(await axeViolations(page, 'main', AXE), []);
    await shot(page, 'trail-desktop');

    // The member's own history, from their dialog.
    await page.goto(page.url().replace('/dashboard/registro', '/dashboard/usuarios'));
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(person.email);
    await row.waitFor();
    await row.getByRole('button', { name: `Editar a ${person.fullName}` }).click();
    await dialog.getByText('Historial de cambios').click();
    await dialog.getByText(`Modificó los datos de «${person.fullName}»`).waitFor();
    await dialog.getByText('Teléfono: 5512345678 → 5598765432').waitFor();
    assert.deepEqual(await axeViolations(page, '[role="dialog"]', AXE), []);
    await shot(page, 'history-desktop', false);

    // What the server wrote: the admin, the route, the address.
    const { body } = await apiJson(token, 'GET', `/audit/user/${person.id}`);
    assert.equal(body[0].action, 'update');
    assert.ok(body[0].ip, 'the address is kept');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('when the admin reads the trail on a phone by keyboard, then the filters and rows fit 390 px and pass axe', async () => {
    const shot = screenshots('audit');
    const token = await apiLogin(ADMIN.email, ADMIN.password);
    const { page, errors } = await openPage(browser, { name: 'mobile', ...PHONE }, '/dashboard/registro', token);
    await page.getByRole('heading', { name: 'Registro de cambios' }).waitFor();
    await page.locator('.audit__table, .empty').first().waitFor();
    const entity = page.getByRole('combobox', { name: 'Qué se cambió' });
    await entity.focus();
    await page.keyboard.press('ArrowDown');
    await page.getByRole('button', { name: 'Limpiar filtros' }).waitFor();
    await page.getByRole('button', { name: 'Limpiar filtros' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Limpiar filtros' }).waitFor({ state: 'detached' });
    await noHorizontalScroll(page);
    assert.deepEqual(await axeViolations(page, 'main', AXE), []);
    await shot(page, 'trail-mobile');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
