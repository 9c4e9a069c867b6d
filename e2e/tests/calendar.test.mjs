import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { BASE_URL } from '../browser.mjs';
import { apiLogin, newPage, screenshots, storeToken, useBrowser, userIdOf, VIEWPORTS } from '../helpers.mjs';

const DRAG_REFUSED = 'No se puede cambiar la fecha de la clase!';
const TITLE_PREFIX = 'E2E calendario';

async function apiGet(token, url) {
  const response = await fetch(BASE_URL() + '/api' + url, { headers: { authorization: `Bearer ${token}` } });
  assert.equal(response.status, 200, `GET ${url}`);
  return response.json();
}

/** Signs in by storing the token (as the SPA does after login), then opens /calendar. */
async function openCalendar(browser, viewport, token) {
  const { page, errors } = await newPage(browser, viewport);
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await storeToken(page, token);
  await page.goto(BASE_URL() + '/calendar');
  await page.locator('.fc-dayGridMonth-view').waitFor({ timeout: 20_000 });
  await page.locator('.calendar-board__loading').waitFor({ state: 'detached' });
  return { page, errors };
}

const shot = screenshots('calendar');

function localInput(date) {
  const pad = (n) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

describe('calendar page', () => {
  const browser = useBrowser();
  let memberToken;
  let adminToken;
  before(async () => {
    memberToken = await apiLogin('socio@pulso.demo', 'Socio1234');
    adminToken = await apiLogin('admin@pulso.demo', 'Admin1234');
  });
  after(async () => {
    // Leave no test event behind, even when a test failed half-way.
    if (!adminToken) return;
    const now = Date.now();
    const day = 86_400_000;
    const events = await apiGet(
      adminToken,
      `/events?start=${new Date(now - 31 * day).toISOString()}&end=${new Date(now + 31 * day).toISOString()}`,
    );
    for (const event of events.filter((e) => e.kind === 'gym' && e.title.startsWith(TITLE_PREFIX))) {
      await fetch(BASE_URL() + `/api/events/${event.id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${adminToken}` },
      });
    }
  });

  for (const viewport of VIEWPORTS) {
    test(`when a member opens /calendar on ${viewport.name}, then their name, plan and the four views show, and drags are refused`, async () => {
      const member = await apiGet(memberToken, `/users/${userIdOf(memberToken)}`);
      assert.ok(member.membresia, 'the demo member has a membership');
      const { page, errors } = await openCalendar(browser, viewport, memberToken);

      const title = page.getByRole('heading', { level: 1 });
      await title.getByText(member.fullName.toLocaleUpperCase('es'), { exact: true }).waitFor();
      await title.getByText('Calendario', { exact: true }).waitFor();
      assert.equal(await page.getByRole('link', { name: /Volver al perfil/ }).getAttribute('href'), '/profile');

      const toolbar = page.locator('.fc-header-toolbar');
      for (const label of ['hoy', 'mes', 'semana', 'dia', 'lista']) {
        await toolbar.getByRole('button', { name: label, exact: true }).waitFor();
      }
      const plan = page.locator('.calendar-event--plan').first();
      await plan.waitFor();
      assert.match(await plan.innerText(), new RegExp(member.membresia.name));
      await shot(page, `member-month-${viewport.name}`);

      for (const [label, view] of [
        ['semana', '.fc-timeGridWeek-view'],
        ['dia', '.fc-timeGridDay-view'],
        ['lista', '.fc-listWeek-view'],
      ]) {
        await toolbar.getByRole('button', { name: label, exact: true }).click();
        await page.locator(view).waitFor();
        await page.locator('.calendar-board__loading').waitFor({ state: 'detached' });
        await shot(page, `member-${label}-${viewport.name}`);
      }
      await page.locator('.fc-listWeek-view .calendar-event--plan').first().waitFor();

      // Back to the month: pick an event up, drop it on another day, and see it refused and put back.
      await toolbar.getByRole('button', { name: 'mes', exact: true }).click();
      await page.locator('.fc-dayGridMonth-view').waitFor();
      await page.locator('.calendar-board__loading').waitFor({ state: 'detached' });
      // The member's classes show as their standing bookings ('Reserva: Spinning'); any of them is
      // picked up.
      const movable = '.fc-dayGridMonth-view :is(.calendar-event--class, .calendar-event--booked).fc-event-draggable';
      const event = page.locator(movable).first();
      await event.waitFor();
      const cell = event.locator('xpath=ancestor::td[@data-date][1]');
      const originalDate = await cell.getAttribute('data-date');
      const from = await event.boundingBox();
      const target = await page.locator('.fc-daygrid-day').nth(15).boundingBox();
      assert.ok(from && target);
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 5 });
      await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 15 });
      await page.mouse.up();
      const dialog = page.getByRole('alertdialog');
      await dialog.getByText(DRAG_REFUSED).waitFor();
      await shot(page, `member-drag-${viewport.name}`);
      await dialog.getByRole('button', { name: 'Aceptar' }).click();
      await dialog.waitFor({ state: 'detached' });
      assert.equal(
        await page.locator(movable).first().locator('xpath=ancestor::td[@data-date][1]').getAttribute('data-date'),
        originalDate,
      );

      assert.equal(await page.getByRole('button', { name: 'Nuevo Evento' }).count(), 0);
      assert.deepEqual(errors, []);
      await page.close();
    });

    test(`when an admin adds an event through Nuevo Evento on ${viewport.name}, then it shows on the calendar and can be deleted`, async () => {
      const { page, errors } = await openCalendar(browser, viewport, adminToken);
      await page.getByRole('button', { name: 'Nuevo Evento' }).click();
      const form = page.getByRole('dialog', { name: 'Nuevo Evento' });
      await form.getByRole('button', { name: 'Agregar evento' }).click();
      await form.getByText('El título es requerido').waitFor();
      await form.getByText('La fecha y hora inicial es requerida').waitFor();

      const title = `${TITLE_PREFIX} ${viewport.name} ${Date.now()}`;
      const start = new Date();
      start.setHours(10, 0, 0, 0);
      const end = new Date(start.getTime() + 90 * 60_000);
      await form.getByLabel('Titulo').fill(title);
      assert.equal(await form.getByLabel('Titulo').getAttribute('placeholder'), 'Titulo');
      await form.getByLabel('Fecha y Hora Inicial').fill(localInput(start));
      await form.getByLabel('Fecha y Hora Final').fill(localInput(start));
      await form.getByRole('button', { name: 'Agregar evento' }).click();
      await form.getByText('La fecha final debe ser posterior a la inicial').waitFor();
      await form.getByLabel('Fecha y Hora Final').fill(localInput(end));
      await shot(page, `admin-new-event-${viewport.name}`);
      await form.getByRole('button', { name: 'Agregar evento' }).click();
      await form.waitFor({ state: 'detached' });

      const added = page.locator('.calendar-event--gym', { hasText: title });
      await added.waitFor();
      await shot(page, `admin-month-${viewport.name}`);

      await added.click();
      const confirm = page.getByRole('alertdialog', { name: 'Eliminar evento' });
      await confirm.getByText(title, { exact: false }).waitFor();
      await confirm.getByRole('button', { name: 'Eliminar' }).click();
      const result = page.getByRole('alertdialog', { name: 'Resultado' });
      await result.getByText('Evento eliminado').waitFor();
      await result.getByRole('button', { name: 'Aceptar' }).click();
      await added.waitFor({ state: 'detached' });
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
});
