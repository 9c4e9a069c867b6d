import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { axeViolations } from '../browser.mjs';
import { ADMIN, apiLogin, DESKTOP, noHorizontalScroll, openPage, PHONE, screenshots, useBrowser } from '../helpers.mjs';

const AXE = { tags: ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'] };

describe("the admin's users list: search, filters, sort and CSV", () => {
  const browser = useBrowser();

  test('when the admin searches without accents, filters by state and sede, sorts and exports, then the CSV holds that list with its accents', async () => {
    const shot = screenshots('users-search');
    const token = await apiLogin(ADMIN.email, ADMIN.password);
    const { page, errors } = await openPage(browser, { name: 'desktop', ...DESKTOP }, '/dashboard/usuarios', token);
    const table = page.getByRole('table', { name: 'Usuarios activos' });
    await table.waitFor();

    // 'sofia' finds Sofía Martínez (the demo member, of Sede Centro).
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('sofia');
    await page.getByText('1 usuario encontrado').waitFor();
    await table.getByText('Sofía Martínez').waitFor();
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('');
    await page.getByRole('button', { name: 'Limpiar filtros' }).click();

    // Members of Sede Centro with a running membership, by name.
    await page.getByRole('combobox', { name: 'Estado' }).selectOption('Activo');
    await page.getByRole('combobox', { name: 'Sede habitual' }).selectOption({ label: 'Sede Centro' });
    await page.getByText(/usuarios? encontrados?/).waitFor();
    const header = page.getByRole('columnheader', { name: 'Nombre' });
    await header.getByRole('button').click();
    await page.waitForFunction(
      () => document.querySelector('th[aria-sort="ascending"]')?.textContent?.includes('Nombre') === true,
    );
    // The sorted page has come (the table is no longer busy).
    await page.waitForFunction(() => !document.querySelector('.users-admin__table-wrap[aria-busy="true"]'));
    const names = await table.locator('tbody th > span:first-child').allTextContents();
    assert.ok(names.length >= 2, names.join(' | '));
    assert.deepEqual(
      names,
      [...names].sort((a, b) => a.localeCompare(b, 'es')),
    );
    assert.deepEqual(await axeViolations(page, 'main', AXE), []);
    await shot(page, 'filtered-desktop');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar CSV' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^usuarios-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile(await download.path());
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'UTF-8 BOM for Excel');
    const lines = bytes.toString('utf8').slice(1).trim().split('\r\n');
    assert.equal(lines[0], 'Nombre;Email;Teléfono;Rol;Sede habitual;Plan;Estado;Inicio;Vence;Alta');
    // The whole filtered list (the demo's year of history fills more than a page): as many rows as
    // found, in the list's order, the page shown first.
    const found = Number((await page.getByText(/usuarios? encontrados?/).innerText()).match(/\d+/)?.[0]);
    assert.equal(lines.length - 1, found);
    assert.deepEqual(
      lines.slice(1, 1 + names.length).map((l) => l.split(';')[0]),
      names.map((n) => n.replace(/Admin$/, '').trim()),
    );
    assert.ok(
      lines.some((l) => l.startsWith('Sofía Martínez;socio@pulso.demo;')),
      lines.join('\n'),
    );
    assert.ok(lines.slice(1).every((l) => l.includes(';Sede Centro;') && l.includes(';Activo;')));
    await page.getByText('Lista descargada como CSV').waitFor();
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('when the admin filters on a phone, then the filters fit 390 px and pass axe', async () => {
    const shot = screenshots('users-search');
    const token = await apiLogin(ADMIN.email, ADMIN.password);
    const { page, errors } = await openPage(browser, { name: 'mobile', ...PHONE }, '/dashboard/usuarios', token);
    await page.getByRole('searchbox', { name: 'Buscar' }).waitFor();
    await page.getByRole('combobox', { name: 'Rol' }).selectOption('trainer');
    await page.getByText(/usuarios? encontrados?/).waitFor();
    await noHorizontalScroll(page);
    assert.deepEqual(await axeViolations(page, 'main', AXE), []);
    await shot(page, 'filtered-mobile');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
