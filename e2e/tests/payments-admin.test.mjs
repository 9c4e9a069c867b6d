import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
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

/** A new member who bought two plans at the desk: the second one is refunded in the test. */
async function memberWithTwoDeskPayments(token) {
  const email = `pagos-${randomBytes(4).toString('hex')}@example.com`;
  const fullName = `Pablo Pagos ${randomBytes(2).toString('hex')}`;
  const created = await apiJson(null, 'POST', '/users/create', {
    fullName,
    email,
    password: 'Segura123',
    phone: '5512345678',
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const id = created.body.user.id;
  const plans = (await apiJson(null, 'GET', '/memberships')).body;
  const plan = plans.find((p) => !p.renewing) ?? plans[0];
  const first = await apiJson(token, 'POST', '/payments/manual', { userId: id, planId: plan.id });
  const second = await apiJson(token, 'POST', '/payments/manual', { userId: id, planId: plan.id });
  assert.equal(second.status, 201, JSON.stringify(second.body));
  return { id, email, fullName, plan, first: first.body.payment, second: second.body.payment };
}

describe("the admin's payments ('Pagos')", () => {
  const browser = useBrowser();

  test('when the admin filters the desk payments, exports them and refunds one, then the CSV holds them and the membership loses its days', async () => {
    const shot = screenshots('payments');
    const token = await apiLogin(ADMIN.email, ADMIN.password);
    const member = await memberWithTwoDeskPayments(token);
    const before = (await apiJson(token, 'GET', `/users/${member.id}`)).body.membresia;
    const { page, errors } = await openPage(browser, { name: 'desktop', ...DESKTOP }, '/dashboard', token);

    await page.getByRole('link', { name: 'Pagos' }).click();
    const table = page.getByRole('table', { name: /Pagos, del más reciente/ });
    await table.waitFor();
    await page.getByRole('combobox', { name: 'Medio de pago' }).selectOption({ label: 'En recepción' });
    await page.getByRole('combobox', { name: 'Estado' }).selectOption({ label: 'Pagado' });
    await page.getByText(/pagos? encontrados?/).waitFor();
    const rows = table.locator('tbody tr').filter({ hasText: member.fullName });
    await rows.nth(1).waitFor();
    assert.deepEqual(await axeViolations(page, 'main', AXE), []);
    await shot(page, 'filtered-desktop');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar CSV' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^pagos-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile(await download.path());
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'UTF-8 BOM for Excel');
    const lines = bytes.toString('utf8').slice(1).trim().split('\r\n');
    assert.equal(
      lines[0],
      'Fecha;Socio;Email;Plan;Sede habitual;Medio de pago;Estado;Importe;Moneda;Recibo;Reembolsado',
    );
    const mine = lines.filter((l) => l.includes(`;${member.fullName};${member.email};`));
    assert.equal(mine.length, 2, lines.join('\n'));
    assert.ok(
      mine.every((l) => l.includes(';En recepción;Pagado;')),
      mine.join('\n'),
    );
    assert.ok(lines.slice(1).every((l) => l.includes(';En recepción;Pagado;')));

    // The newest of the two: the renewal.
    await rows
      .first()
      .getByRole('button', { name: `Reembolsar el pago de ${member.plan.name} de ${member.fullName}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Reembolsar pago' });
    await dialog.getByLabel('Motivo (opcional)').fill('Se muda de ciudad');
    assert.deepEqual(await axeViolations(page, '[role="dialog"]', AXE), []);
    await shot(page, 'refund-dialog', false);
    await dialog.getByRole('button', { name: 'Reembolsar' }).click();
    const done = page.getByRole('dialog', { name: 'Pago reembolsado' });
    await done.getByText(/^Pago reembolsado\. La membresía ahora vence el/).waitFor();
    await done.getByRole('button', { name: 'Aceptar' }).click();
    await rows.first().getByText('Reembolsado', { exact: true }).waitFor();

    const after = (await apiJson(token, 'GET', `/users/${member.id}`)).body.membresia;
    const lost = new Date(before.end).getTime() - new Date(after.end).getTime();
    const paid = new Date(member.second.membershipEnd).getTime() - new Date(member.second.membershipStart).getTime();
    assert.equal(lost, paid);
    const trail = (await apiJson(token, 'GET', `/audit/payment/${member.second.id}`)).body;
    assert.equal(trail[0].action, 'refund');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('when the admin opens the payments on a phone, then the filters and the cards fit 390 px, by keyboard, and pass axe', async () => {
    const shot = screenshots('payments');
    const token = await apiLogin(ADMIN.email, ADMIN.password);
    const { page, errors } = await openPage(browser, { name: 'mobile', ...PHONE }, '/dashboard/pagos', token);
    await page.getByRole('table', { name: /Pagos, del más reciente/ }).waitFor();
    const status = page.getByRole('combobox', { name: 'Estado' });
    await status.focus();
    // 'Pendiente', then 'Pagado'.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.getByText(/pagos? encontrados?/).waitFor();
    await page
      .getByRole('button', { name: /^Reembolsar el pago/ })
      .first()
      .waitFor();
    await noHorizontalScroll(page);
    assert.deepEqual(await axeViolations(page, 'main', AXE), []);
    await shot(page, 'list-mobile');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
