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
} from '../helpers.mjs';

const AXE = { tags: ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'] };

describe("announcements to members ('Anuncios')", () => {
  const browser = useBrowser();

  test("when the admin writes to a sede's members, then the preview says how many and shows the e-mail, and it is sent once after confirming", async () => {
    const shot = screenshots('announcements');
    const token = await apiLogin(ADMIN.email, ADMIN.password);
    const before = (await apiJson(token, 'GET', '/announcements')).body.length;
    const { page, errors } = await openPage(browser, { name: 'desktop', ...DESKTOP }, '/dashboard', token);
    await page.getByRole('link', { name: 'Anuncios' }).click();
    await page.getByRole('heading', { name: 'Anuncios', level: 1 }).waitFor();
    await page.getByLabel('Asunto').fill('Cierre por mantenimiento');
    await page.getByLabel('Mensaje').fill('El sábado la sede cierra a las 14:00.');
    await page.getByRole('combobox', { name: 'Para' }).selectOption({ label: 'Los socios de una sede' });
    await page.getByRole('combobox', { name: 'Sede' }).selectOption({ label: 'Sede Centro' });
    await page.getByRole('button', { name: 'Vista previa' }).click();
    await page.getByText(/^Llega a \d+ personas?:/).waitFor();
    await page.getByText('Así lo recibe').waitFor();
    await page
      .locator('.announcements__mail-text')
      .getByText(/^Hola .+,/)
      .waitFor();
    assert.deepEqual(await axeViolations(page, 'main', AXE), []);
    await shot(page, 'preview-desktop');

    const send = page.getByRole('button', { name: /^Enviar a \d+ personas?$/ });
    await send.click();
    const confirm = page.getByRole('alertdialog', { name: 'Enviar anuncio' });
    await confirm.getByRole('button', { name: /^Enviar a/ }).click();
    await page.getByText(/^Anuncio en camino a \d+ personas?\.$/).waitFor();
    const table = page.getByRole('table', { name: /Anuncios, del más reciente/ });
    await table.getByRole('rowheader', { name: 'Cierre por mantenimiento' }).first().waitFor();
    const list = (await apiJson(token, 'GET', '/announcements')).body;
    assert.equal(list.length, before + 1);
    assert.equal(list[0].audience, 'Socios de Sede Centro');
    assert.ok(list[0].total > 0);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('when the admin opens it on a phone, then the form and the list fit 390 px by keyboard and pass axe', async () => {
    const shot = screenshots('announcements');
    const token = await apiLogin(ADMIN.email, ADMIN.password);
    const { page, errors } = await openPage(browser, { name: 'mobile', ...PHONE }, '/dashboard/anuncios', token);
    await page.getByRole('heading', { name: 'Anuncios', level: 1 }).waitFor();
    await page.getByLabel('Asunto').focus();
    await page.keyboard.type('Feriado');
    await page.keyboard.press('Tab');
    await page.keyboard.type('El lunes abrimos a las 9.');
    await page.getByRole('button', { name: 'Vista previa' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText(/^Llega a \d+ personas?:/).waitFor();
    await noHorizontalScroll(page);
    assert.deepEqual(await axeViolations(page, 'main', AXE), []);
    await shot(page, 'preview-mobile');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
