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

/** Two new members whose names share a word nobody else has, so one search finds both. */
async function twoMembers() {
  const tag = `Lote${randomBytes(3).toString('hex')}`;
  const members = [];
  for (const first of ['Rosa', 'Raúl']) {
    const email = `${first.toLowerCase().replace('ú', 'u')}-${tag.toLowerCase()}@example.com`;
    const fullName = `${first} ${tag}`;
    const { status, body } = await apiJson(null, 'POST', '/users/create', {
      fullName,
      email,
      password: 'Segura123',
      phone: '5512345678',
    });
    assert.equal(status, 201, JSON.stringify(body));
    members.push({ id: body.user.id, email, fullName });
  }
  return { tag, members };
}

describe('actions on a selection of the users list', () => {
  const browser = useBrowser();

  test('when the admin selects two members by keyboard and registers a plan for both, then each has it and the result says so', async () => {
    const shot = screenshots('bulk');
    const token = await apiLogin(ADMIN.email, ADMIN.password);
    const { tag, members } = await twoMembers();
    const { page, errors } = await openPage(browser, { name: 'desktop', ...DESKTOP }, '/dashboard/usuarios', token);
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(tag);
    await page.getByText('2 usuarios encontrados').waitFor();
    for (const member of members) {
      const box = page.getByRole('checkbox', { name: `Seleccionar a ${member.fullName}` });
      await box.focus();
      await page.keyboard.press('Space');
      assert.equal(await box.isChecked(), true);
    }
    const bar = page.getByRole('region', { name: 'Acciones con los usuarios seleccionados' });
    await bar.getByText('2 usuarios seleccionados').waitFor();
    await bar.getByRole('combobox', { name: 'Acción' }).selectOption({ label: 'Registrar pago de un plan' });
    await bar.getByRole('button', { name: 'Continuar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Registrar pago en recepción' });
    const plan = dialog.getByRole('combobox', { name: 'Plan' });
    await plan.selectOption({ index: 1 });
    assert.deepEqual(await axeViolations(page, '[role="dialog"]', AXE), []);
    await shot(page, 'grant-dialog', false);
    await dialog.getByRole('button', { name: 'Aplicar a 2 usuarios' }).click();
    const result = page.getByRole('dialog', { name: 'Resultado' });
    await result.getByText('Hecho para los 2 usuarios seleccionados').waitFor();
    await result.getByRole('button', { name: 'Aceptar' }).click();
    await bar.waitFor({ state: 'detached' });
    for (const member of members) {
      const { body } = await apiJson(token, 'GET', `/users/${member.id}`);
      assert.equal(body.statusMembershipIdStatus ?? body.membresia?.status, 'Activo', JSON.stringify(body.membresia));
      const trail = (await apiJson(token, 'GET', `/audit/user/${member.id}`)).body;
      assert.equal(trail[0].action, 'payment');
    }
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('when the admin selects on a phone, then the bar and the dialog fit 390 px and pass axe', async () => {
    const shot = screenshots('bulk');
    const token = await apiLogin(ADMIN.email, ADMIN.password);
    const { tag, members } = await twoMembers();
    const { page, errors } = await openPage(browser, { name: 'mobile', ...PHONE }, '/dashboard/usuarios', token);
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(tag);
    await page.getByText('2 usuarios encontrados').waitFor();
    await page.getByRole('checkbox', { name: `Seleccionar a ${members[0].fullName}` }).check();
    const bar = page.getByRole('region', { name: 'Acciones con los usuarios seleccionados' });
    await bar.getByRole('combobox', { name: 'Acción' }).selectOption({ label: 'Suspender' });
    await noHorizontalScroll(page);
    assert.deepEqual(await axeViolations(page, 'main', AXE), []);
    await shot(page, 'bar-mobile', false);
    await bar.getByRole('button', { name: 'Continuar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Suspender usuarios' });
    await dialog.getByText(members[0].fullName).waitFor();
    assert.deepEqual(await axeViolations(page, '[role="dialog"]', AXE), []);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.deepEqual(errors, []);
    await page.close();
  });
});
