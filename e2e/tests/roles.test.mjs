import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { axeViolations } from '../browser.mjs';
import {
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
const MANAGER = { email: 'gerente@pulso.demo', password: 'Gerente1234' };
const DESK = { email: 'recepcion@pulso.demo', password: 'Recepcion1234' };

/** The dashboard's menu links, by name. */
const menuLinks = async (page) =>
  page.getByRole('navigation', { name: 'Panel de administración' }).getByRole('link').allInnerTexts();

describe('roles beyond admin: the sede manager and the front desk', () => {
  const browser = useBrowser();

  test("when the manager of Sede Centro opens the users, then only Sede Centro's members show, and the chain's sections are not offered", async () => {
    const shot = screenshots('roles');
    const token = await apiLogin(MANAGER.email, MANAGER.password);
    const { page, errors } = await openPage(browser, { name: 'desktop', ...DESKTOP }, '/dashboard/usuarios', token);
    await page.getByRole('heading', { name: 'Usuarios' }).waitFor();
    const table = page.locator('tbody');
    await table.getByText('Sofía Martínez').waitFor();
    // Diego Herrera's home sede is Sede Norte: not theirs.
    assert.equal(await table.getByText('Diego Herrera').count(), 0);
    assert.equal(await table.getByText('Administrador Pulso').count(), 0);
    // Searching for him finds nobody either.
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('Diego');
    await page
      .getByText(/Ningún usuario|No hay usuarios|0 usuarios/)
      .first()
      .waitFor();

    const links = await menuLinks(page);
    for (const shown of ['Resumen', 'Usuarios', 'Pagos', 'Clases', 'Anuncios', 'Check-in'])
      assert.ok(links.includes(shown), shown);
    for (const hidden of ['Membresías', 'Sedes', 'Profesores', 'Mensajes', 'Registro de cambios']) {
      assert.ok(!links.includes(hidden), hidden);
    }
    await page.getByText('Encargado de sede · Sede Centro').waitFor();
    assert.deepEqual(await axeViolations(page, 'body', AXE), []);
    await shot(page, 'manager-users-desktop');

    // A chain section typed in the address bar leads to their overview instead.
    await page.goto(page.url().replace('/dashboard/usuarios', '/dashboard/membresias'));
    await page.waitForURL(/\/dashboard$/);
    // And the server refuses what the screen does not offer, whatever the page does.
    const other = await apiJson(token, 'GET', '/users?branch=000000000000000000000000');
    assert.equal(other.status, 403);
    assert.equal(other.body.code, 'OUT_OF_SCOPE');
    const plans = await apiJson(token, 'GET', '/memberships/all');
    assert.equal(plans.status, 403);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('when the front desk signs in on a phone, then the dashboard opens on check-in, its users list is read only, by keyboard at 390 px', async () => {
    const shot = screenshots('roles');
    const token = await apiLogin(DESK.email, DESK.password);
    const { page, errors } = await openPage(browser, { name: 'mobile', ...PHONE }, '/dashboard', token);
    await page.waitForURL(/\/dashboard\/checkin$/);
    const links = await menuLinks(page);
    assert.deepEqual(links.sort(), ['Check-in', 'Usuarios']);
    // To the users list by keyboard.
    const usersLink = page.getByRole('link', { name: 'Usuarios', exact: true });
    await usersLink.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Usuarios' }).waitFor();
    await page.locator('tbody').getByText('Sofía Martínez').waitFor();
    assert.equal(await page.getByRole('button', { name: /^Editar a / }).count(), 0);
    assert.equal(await page.getByRole('link', { name: 'Crear usuario' }).count(), 0);
    await page.getByText('Solo consulta').first().waitFor();
    await noHorizontalScroll(page);
    assert.deepEqual(await axeViolations(page, 'body', AXE), []);
    await shot(page, 'desk-users-mobile');
    // Suspending is not the front desk's.
    const me = await apiJson(token, 'GET', '/users?q=Sof%C3%ADa');
    const sofia = me.body.find((u) => u.fullName === 'Sofía Martínez');
    const refused = await apiJson(token, 'DELETE', `/users/delete/${sofia.id}`);
    assert.equal(refused.status, 403);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
