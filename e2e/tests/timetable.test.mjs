import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { axeViolations } from '../browser.mjs';
import { apiJson, DESKTOP, noHorizontalScroll, openPage, PHONE, screenshots, useBrowser } from '../helpers.mjs';

const AXE = { tags: ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'] };

describe("a sede's public timetable", () => {
  const browser = useBrowser();

  test('when a visitor opens Sede Centro, then its week shows by day and hour with places left, each class links to its page, and it prints alone', async () => {
    const shot = screenshots('timetable');
    const branches = (await apiJson(null, 'GET', '/branchoffice')).body.branchOffice;
    const centro = branches.find((b) => b.name === 'Sede Centro');
    const timetable = (await apiJson(null, 'GET', `/sessions/branch/${centro.id}`)).body;
    assert.ok(timetable.slots.length > 0, 'Sede Centro has classes this week');
    const first = timetable.slots.find((s) => !s.started && !s.cancelled) ?? timetable.slots[0];

    const { page, errors } = await openPage(browser, { name: 'desktop', ...DESKTOP }, `/sedes/detalles/${centro.id}`);
    const grid = page.getByRole('table', { name: 'Horario de Sede Centro, por día y hora' });
    await grid.waitFor();
    assert.equal(await grid.getByRole('columnheader').count(), 8);
    const link = grid.getByRole('link', { name: first.lessonName }).first();
    await link.waitFor();
    assert.ok(
      (await grid.getByText(/Quedan? \d+ lugar|Completa|Ya empezó|Cancelada/).count()) >= timetable.slots.length,
    );
    assert.deepEqual(await axeViolations(page, 'main', AXE), []);
    await shot(page, 'desktop');

    // Printed: the timetable alone.
    await page.emulateMedia({ media: 'print' });
    assert.equal(await page.getByRole('heading', { name: 'Sede Centro', level: 1 }).isVisible(), false);
    assert.equal(await grid.isVisible(), true);
    await shot(page, 'print', false);
    await page.emulateMedia({ media: 'screen' });

    // A class leads to its page.
    await link.click();
    await page.waitForURL((url) => url.pathname === `/clases/${encodeURIComponent(first.lessonName)}`);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('when a visitor opens it on a phone, then each day lists its classes, it fits 390 px and passes axe', async () => {
    const shot = screenshots('timetable');
    const branches = (await apiJson(null, 'GET', '/branchoffice')).body.branchOffice;
    const centro = branches.find((b) => b.name === 'Sede Centro');
    const { page, errors } = await openPage(browser, { name: 'mobile', ...PHONE }, `/sedes/detalles/${centro.id}`);
    await page.getByRole('heading', { name: 'Horario de la semana' }).waitFor();
    await page.locator('.timetable__day').first().waitFor();
    assert.equal(await page.getByRole('table', { name: /^Horario de/ }).isVisible(), false);
    await noHorizontalScroll(page);
    assert.deepEqual(await axeViolations(page, 'main', AXE), []);
    await shot(page, 'mobile');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
