// Layout, keyboard and contrast details checked in Chromium at desktop and phone widths.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { axeViolations, BASE_URL, SCREENSHOT_DIR } from '../browser.mjs';
import { apiLogin, DESKTOP, openPage, PHONE, useBrowser } from '../helpers.mjs';

describe('layout details', () => {
  const browser = useBrowser();

  const open = async (viewport, pathname, token) => (await openPage(browser, viewport, pathname, token)).page;

  for (const [pathname, card] of [
    ['/clases', '.lesson-card'],
    ['/sedes', '.branch-card'],
  ]) {
    test(`when ${pathname} shows its alternating cards at desktop width, then every image column is as wide and every card as high`, async () => {
      const page = await open(DESKTOP, pathname);
      await page.locator(card).nth(3).waitFor({ timeout: 15_000 });
      const boxes = await page.$$eval(`${card}`, (cards) =>
        cards.slice(0, 4).map((c) => {
          const media = c.querySelector('[class$="__media"]').getBoundingClientRect();
          return { media: Math.round(media.width), card: Math.round(c.getBoundingClientRect().height) };
        }),
      );
      assert.equal(new Set(boxes.map((b) => b.media)).size, 1, `image widths ${JSON.stringify(boxes)}`);
      assert.equal(new Set(boxes.map((b) => b.card)).size, 1, `card heights ${JSON.stringify(boxes)}`);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `ux-cards${pathname.replace('/', '-')}-desktop.png`) });
      await page.close();
    });
  }

  test('when a phone visitor applies filtrar on /clases, then the panel folds and the results are in view', async () => {
    const page = await open(PHONE, '/clases');
    await page.locator('.lesson-card').first().waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Mostrar filtros' }).click();
    await page.getByRole('checkbox', { name: 'Cardio' }).check();
    await page.getByRole('button', { name: 'filtrar' }).click();
    const toggle = page.getByRole('button', { name: /Mostrar filtros/ });
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    assert.equal(await page.getByRole('button', { name: 'filtrar' }).isVisible(), false);
    const first = await page.locator('.lesson-card').first().boundingBox();
    assert.ok(first.y < PHONE.height, `the first result starts at ${first.y} px, below the screen`);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'ux-filter-applied-mobile.png') });
    await page.close();
  });

  test('when the phone menu is open and Escape is pressed, then it folds and focus is on its button', async () => {
    const page = await open(PHONE, '/');
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    const nav = page.getByRole('navigation', { name: 'Navegación principal' });
    await nav.getByRole('link', { name: 'Clases', exact: true }).waitFor();
    await nav.getByRole('link', { name: 'Clases', exact: true }).focus();
    await page.keyboard.press('Escape');
    await nav.getByRole('link', { name: 'Clases', exact: true }).waitFor({ state: 'hidden' });
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    assert.equal(focused, 'Abrir menú');
    await page.close();
  });

  test('when an admin opens a dashboard screen on a phone, then its tab is in view in the tab bar', async () => {
    const token = await apiLogin('admin@pulso.demo', 'Admin1234');
    const page = await open(PHONE, '/dashboard/mensajes', token);
    const bar = page.getByRole('navigation', { name: 'Panel de administración' });
    for (const [pathname, name] of [
      ['/dashboard/mensajes', 'Mensajes'],
      ['/dashboard/clases', 'Clases'],
      ['/dashboard/membresias', 'Membresías'],
    ]) {
      if (pathname !== '/dashboard/mensajes') await page.goto(BASE_URL() + pathname);
      const link = bar.getByRole('link', { name, exact: true });
      await link.waitFor();
      await page.waitForFunction(() => document.querySelector('.dashboard__sidebar nav a.active'));
      const [linkBox, barBox] = [await link.boundingBox(), await bar.boundingBox()];
      assert.ok(
        linkBox.x >= barBox.x && linkBox.x + linkBox.width <= barBox.x + barBox.width,
        `${name} at ${linkBox.x}-${linkBox.x + linkBox.width} px, the bar shows ${barBox.x}-${barBox.x + barBox.width}`,
      );
      assert.equal(await link.getAttribute('aria-current'), 'page');
    }
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'ux-dashboard-tabs-mobile.png') });
    await page.close();
  });

  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', PHONE],
  ]) {
    test(`when a member opens the calendar on ${name}, then today's week is in sight and prev/next are named, in light and dark mode`, async () => {
      const token = await apiLogin('socio@pulso.demo', 'Socio1234');
      const page = await open(viewport, '/calendar', token);
      await page.locator('.fc-dayGridMonth-view').waitFor({ timeout: 20_000 });
      await page.locator('.calendar-board__loading').waitFor({ state: 'detached' });
      await page.locator('.fc-event').first().waitFor();
      // Today's week lies wholly inside the 50vh scrolling area.
      await page.waitForFunction(() => {
        const week = document.querySelector('.fc-day-today')?.closest('tr')?.getBoundingClientRect();
        const area = document.querySelector('.fc-day-today')?.closest('.fc-scroller')?.getBoundingClientRect();
        return week && area && week.top >= area.top - 1 && week.bottom <= area.bottom + 1;
      });
      assert.equal(await page.locator('.fc-prev-button').getAttribute('aria-label'), 'Mes anterior');
      assert.equal(await page.locator('.fc-next-button').getAttribute('aria-label'), 'Mes siguiente');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `ux-calendar-${name}-light.png`) });

      const rules = ['color-contrast', 'button-name', 'role-img-alt'];
      assert.deepEqual(await axeViolations(page, '.calendar-board', rules), []);
      const toggle = page.getByRole('button', { name: 'Abrir menú' });
      const folded = await toggle.isVisible();
      if (folded) await toggle.click();
      await page.getByRole('button', { name: 'Modo oscuro' }).click();
      if (folded) await page.keyboard.press('Escape');
      await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
      assert.deepEqual(await axeViolations(page, '.calendar-board', rules), []);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `ux-calendar-${name}-dark.png`) });
      await page.evaluate(() => localStorage.clear());
      await page.close();
    });
  }
});
