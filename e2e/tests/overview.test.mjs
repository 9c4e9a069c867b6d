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
const MANAGER = { email: 'gerente@pulso.demo', password: 'Gerente1234' };

/** The overview's charts (issue 24, item 1) on the demo chain and its year of history. */
describe('the overview: charts of a period and a sede', () => {
  const browser = useBrowser();
  const shot = screenshots('overview');

  test('when an admin opens the overview, then revenue, members, the heatmap and the lists show, each chart also as a table; a year comes week by week', async () => {
    const token = await apiLogin(ADMIN.email, ADMIN.password);
    const figures = await apiJson(token, 'GET', '/stats/overview');
    assert.equal(figures.status, 200);
    assert.ok(figures.body.revenue.payments > 0, 'the demo history has payments in the last 30 days');
    const { page, errors } = await openPage(browser, DESKTOP, '/dashboard', token);
    await page.getByRole('heading', { name: 'Análisis' }).waitFor({ timeout: 15_000 });
    // The revenue the server summed, as the chart's heading says it.
    await page.getByText(new RegExp(`en ${figures.body.revenue.payments} pagos`)).waitFor();
    const heatmap = page.getByRole('region', { name: 'Ocupación por día y hora' });
    await heatmap.getByRole('rowheader', { name: 'Lunes' }).waitFor();
    assert.ok((await heatmap.getByRole('cell').filter({ hasText: '%' }).count()) > 5);
    assert.ok((await page.getByRole('region', { name: 'Clases más llenas' }).getByRole('row').count()) > 5);
    // The revenue chart as a table: one row a day.
    await page.getByText('Ver como tabla').first().click();
    const table = page.getByRole('region', { name: 'Ingresos: Ver como tabla' });
    assert.equal(await table.getByRole('row').count(), 31);
    assert.deepEqual(await axeViolations(page, 'main', AXE), []);
    await shot(page, 'admin-desktop');

    // Twelve months: week by week.
    await page.getByLabel('Periodo').selectOption({ label: 'Últimos 12 meses' });
    await page
      .getByText(/^Semana del /)
      .first()
      .waitFor({ timeout: 15_000 });
    assert.equal(await table.getByRole('row').count(), 1 + 53);

    // A member about to expire links to the users list, searched for them.
    const first = page.getByRole('list', { name: 'Membresías por vencer' }).getByRole('link').first();
    const name = (await first.innerText()).trim();
    await first.click();
    await page.waitForURL(/\/dashboard\/usuarios\?q=/);
    await page.locator('tbody').getByText(name).first().waitFor({ timeout: 15_000 });
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('when the manager of Sede Centro opens the overview on a phone, then their sede is fixed, and the page reads by keyboard without sideways scroll', async () => {
    const token = await apiLogin(MANAGER.email, MANAGER.password);
    const { page, errors } = await openPage(browser, PHONE, '/dashboard', token);
    await page.getByRole('heading', { name: 'Análisis' }).waitFor({ timeout: 15_000 });
    await page.getByText('Sede: Sede Centro').waitFor();
    // No sede select (exactly 'Sede'; the charts' own labels may name sedes), nor a split of one sede by sede.
    await page.getByText(/ en \d+ pagos?$/).waitFor();
    assert.equal(await page.getByLabel('Sede', { exact: true }).count(), 0);
    assert.equal(await page.getByRole('radio', { name: 'Por sede' }).count(), 0);
    await page.getByRole('region', { name: 'Ocupación por día y hora' }).waitFor();
    // The period by keyboard: focus reaches its select and the arrow keys change it.
    const period = page.getByLabel('Periodo');
    for (let i = 0; i < 40 && !(await period.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    assert.ok(await period.evaluate((el) => el === document.activeElement), 'the period select is reached by Tab');
    await noHorizontalScroll(page);
    assert.deepEqual(await axeViolations(page, 'main', AXE), []);
    await shot(page, 'manager-phone');
    // The API gives them their sede's figures, and refuses the chain's other sedes.
    const own = await apiJson(token, 'GET', '/stats/overview');
    assert.equal(own.status, 200);
    assert.notEqual(own.body.branch, null);
    const other = await apiJson(token, 'GET', '/stats/overview?branch=000000000000000000000000');
    assert.equal(other.status, 403);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
