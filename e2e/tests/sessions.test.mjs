// Class sessions in Chromium (issue 22): the demo member books a session of a class not on their
// schedule (Pilates) and cancels it from the class page, and from their calendar; gives up one date
// of a class of their schedule (a standing booking) and books it again from the calendar; the demo admin opens a class's sessions in the dashboard, reads a session's
// list, gives one session a capacity of its own and cancels another with a reason. Every screen is
// checked with axe-core's WCAG A and AA rules at 1280 and 390 px, and by keyboard.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { axeViolations, axeWcagViolations, BASE_URL } from '../browser.mjs';
import {
  ADMIN,
  apiLogin,
  DESKTOP,
  noHorizontalScroll,
  openPage,
  PHONE,
  screenshots,
  useBrowser,
  userIdOf,
} from '../helpers.mjs';

const MEMBER = { email: 'socio@pulso.demo', password: 'Socio1234' };

/** A call to the API as `token`'s holder. */
const api = (token, method, pathname) =>
  fetch(BASE_URL() + '/api' + pathname, { method, headers: { authorization: `Bearer ${token}` } });
const shot = screenshots('sessions');

describe('class sessions', () => {
  const browser = useBrowser();
  let adminToken;
  let memberToken;
  let yoga;
  let pilates;
  before(async () => {
    adminToken = await apiLogin(ADMIN.email, ADMIN.password);
    memberToken = await apiLogin(MEMBER.email, MEMBER.password);
    const lessons = await (await fetch(BASE_URL() + '/api/lessons')).json();
    yoga = lessons.find((l) => l.name === 'Yoga');
    assert.ok(yoga, 'the demo has a Yoga class');
    // Not on the demo member's schedule (Spinning and Yoga, standing bookings): free to book.
    pilates = lessons.find((l) => l.name === 'Pilates');
    assert.ok(pilates, 'the demo has a Pilates class');
  });

  test('when the member books a session on the class page, then it is confirmed, and cancelling asks first', async () => {
    const { page, errors } = await openPage(browser, DESKTOP, '/clases/Pilates', memberToken);
    try {
      const section = page.getByRole('region', { name: 'Próximas sesiones' });
      const first = section.getByRole('listitem').first();
      await first.waitFor({ timeout: 15_000 });
      const label = await first.locator('strong').innerText();
      await first.getByRole('button', { name: /^(Reservar|Unirme a la lista de espera)$/ }).click();
      const result = page.getByRole('alertdialog', { name: 'Resultado' });
      await result.getByText(/^(Reserva confirmada|La clase está llena)/).waitFor({ timeout: 15_000 });
      await result.getByRole('button', { name: 'Aceptar' }).press('Enter');
      const mine = section.getByRole('listitem', { name: label });
      await mine.getByText(/^(Tienes un lugar|En lista de espera)/).waitFor();
      assert.deepEqual(await axeWcagViolations(page, 'main'), []);
      await shot(page, 'class-page-booked-desktop');

      await mine.getByRole('button', { name: /^(Cancelar reserva|Salir de la lista de espera)$/ }).click();
      const question = page.getByRole('alertdialog', { name: 'Cancelar reserva' });
      await question.waitFor();
      // 'Volver' has the focus: a keyboard user keeps the booking with Enter.
      await page.keyboard.press('Enter');
      await question.waitFor({ state: 'detached' });
      await mine.getByText(/^(Tienes un lugar|En lista de espera)/).waitFor();

      await mine.getByRole('button', { name: /^(Cancelar reserva|Salir de la lista de espera)$/ }).click();
      await question.getByRole('button', { name: /^(Cancelar reserva|Salir de la lista de espera)$/ }).click();
      await result.getByText(/^(Reserva cancelada|Saliste de la lista de espera)/).waitFor({ timeout: 15_000 });
      await result.getByRole('button', { name: 'Aceptar' }).click();
      await mine.getByRole('button', { name: /^(Reservar|Unirme a la lista de espera)$/ }).waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  });

  test('when the member has booked a session, then their calendar shows it, and it is cancelled from there by keyboard', async () => {
    const sessions = await (await api(memberToken, 'GET', `/sessions/of/${pilates.id}`)).json();
    const first = sessions.find((x) => x.bookable && !x.mine);
    assert.ok(first, 'an open Pilates session');
    const booked = await api(memberToken, 'POST', `/sessions/${first.id}/booking`);
    assert.equal(booked.status, 200);
    const { page, errors } = await openPage(browser, DESKTOP, '/calendar', memberToken);
    try {
      await page.getByRole('list', { name: 'Tipos de evento' }).getByText('Mis reservas').waitFor({ timeout: 15_000 });
      // Each event's name starts with the hour it shows ('18 Reserva: Pilates. …').
      const event = page.getByRole('button', { name: /^(\S+ )?Reserva: Pilates\. Pulsa Enter para cancelarla\.$/ });
      // Near the end of a month the session may be in the next one: once this month's events are in.
      await page.locator('.calendar-event--plan').first().waitFor({ timeout: 15_000 });
      if ((await event.count()) === 0) await page.getByRole('button', { name: 'Mes siguiente' }).click();
      await event.first().waitFor({ timeout: 15_000 });
      assert.deepEqual(await axeWcagViolations(page, '.calendar-board__bar'), []);
      await shot(page, 'calendar-booked-desktop');
      // FullCalendar's month grid: no grid without rows, rows without a grid, cells or events named
      // apart from their text.
      const grid = await axeViolations(page, '.calendar-board__calendar', [
        'aria-required-children',
        'aria-required-parent',
        'label-content-name-mismatch',
      ]);
      assert.deepEqual(grid, []);
      await event.first().focus();
      await page.keyboard.press('Enter');
      const question = page.getByRole('alertdialog', { name: 'Cancelar reserva' });
      await question.getByText('¿Quieres cancelar «Reserva: Pilates»?').waitFor();
      await question.getByRole('button', { name: 'Cancelar reserva' }).click();
      const result = page.getByRole('alertdialog', { name: 'Resultado' });
      await result.getByText(/^Reserva cancelada/).waitFor({ timeout: 15_000 });
      await result.getByRole('button', { name: 'Aceptar' }).click();
      await event.first().waitFor({ state: 'detached', timeout: 15_000 });
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  });

  for (const viewport of [DESKTOP, PHONE]) {
    test(`when a visitor opens /clases at ${viewport.width} px, then each class shows its next session and its places, which a booking lowers`, async () => {
      const cardOf = (page) => page.getByRole('article', { name: 'Pilates' });
      const nextOf = async () =>
        (await (await fetch(BASE_URL() + '/api/sessions/next')).json()).find((s) => s.lessonId === pilates.id);
      const before = await nextOf();
      assert.ok(before, "Pilates's next session");
      let { page, errors } = await openPage(browser, viewport, '/clases');
      let booked;
      try {
        const card = cardOf(page);
        await card.getByText(/^Próxima sesión: \S+ \d+, \d\d:\d\d$/).waitFor({ timeout: 15_000 });
        await card.getByText(before.seatsLeft === 1 ? 'Queda 1 lugar' : `Quedan ${before.seatsLeft} lugares`).waitFor();
        assert.deepEqual(await axeWcagViolations(page, 'main'), []);
        if (viewport === PHONE) await noHorizontalScroll(page);
        await card.scrollIntoViewIfNeeded();
        await shot(page, `class-list-next-${viewport.width}`, false);
        // The demo member books that session; the list, opened again, shows one place fewer.
        const answer = await api(memberToken, 'POST', `/sessions/${before.id}/booking`);
        assert.equal(answer.status, 200);
        booked = before.id;
        await page.close();
        ({ page, errors } = await openPage(browser, viewport, '/clases'));
        const left = before.seatsLeft - 1;
        await cardOf(page)
          .getByText(left === 0 ? /^Clase llena/ : left === 1 ? 'Queda 1 lugar' : `Quedan ${left} lugares`)
          .waitFor({ timeout: 15_000 });
        assert.deepEqual(errors, []);
      } finally {
        if (booked) {
          await api(memberToken, 'DELETE', `/sessions/${booked}/booking`);
        }
        await page.close();
      }
    });

    test(`when the member gives up one date of a class of their schedule, then the calendar offers that date's session, and 'Reservar' books it again by keyboard at ${viewport.width} px`, async () => {
      let page;
      let errors;
      let target;
      let booked = false;
      try {
        // A session of the member's schedule they hold (a standing booking), open for booking: they
        // give it up, so that day shows the class to book.
        const me = await (await api(memberToken, 'GET', `/users/${userIdOf(memberToken)}`)).json();
        for (const lesson of me.lessonDetails) {
          const open = await (await api(memberToken, 'GET', `/sessions/of/${lesson.id}`)).json();
          const session = open.find((x) => x.bookable && x.mine?.state === 'confirmed' && !x.cancelled);
          if (session) {
            target = { name: lesson.name, session };
            break;
          }
        }
        assert.ok(target, "a session of the member's schedule they hold, open for booking");
        assert.equal((await api(memberToken, 'DELETE', `/sessions/${target.session.id}/booking`)).status, 200);
        ({ page, errors } = await openPage(browser, viewport, '/calendar', memberToken));
        const { name, session } = target;
        await page.locator('.calendar-event--plan').first().waitFor({ timeout: 15_000 });
        const day = page.locator(`.fc-dayGridMonth-view td[data-date="${session.date}"]`);
        if ((await day.count()) === 0) await page.getByRole('button', { name: 'Mes siguiente' }).click();
        const event = day.getByRole('button', {
          name: new RegExp(`^(\\S+ )?${name}\\. Clase: pulsa Enter para ver la sesión y reservar\\.$`),
        });
        await event.waitFor({ timeout: 15_000 });
        await event.scrollIntoViewIfNeeded();
        await event.focus();
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('dialog', { name: new RegExp(`^${name}, `) });
        await dialog.getByText(/^(Quedan? \d+ lugar|Clase llena)/).waitFor({ timeout: 15_000 });
        await dialog.getByText(session.start.slice(11) + ' a ' + session.end.slice(11)).waitFor();
        assert.deepEqual(await axeWcagViolations(page, '.modal'), []);
        if (viewport === PHONE) await noHorizontalScroll(page);
        await shot(page, `calendar-session-${viewport.width}`);
        const book = dialog.getByRole('button', { name: /^(Reservar|Unirme a la lista de espera)$/ });
        await book.press('Enter');
        booked = true;
        const result = page.getByRole('alertdialog', { name: 'Resultado' });
        await result.getByText(/^(Reserva confirmada|La clase está llena)/).waitFor({ timeout: 15_000 });
        await result.getByRole('button', { name: 'Aceptar' }).press('Enter');
        // That day now shows the booking instead of the class to book.
        await day
          .getByRole('button', {
            name: new RegExp(`^(\\S+ )?(Reserva|En espera): ${name}.*Pulsa Enter para cancelarla\\.$`),
          })
          .waitFor({ timeout: 15_000 });
        assert.equal(await event.count(), 0);
        await shot(page, `calendar-session-booked-${viewport.width}`);
        assert.deepEqual(errors, []);
      } finally {
        // Leave the demo member's standing place as it was for the other tests.
        if (target && !booked) await api(memberToken, 'POST', `/sessions/${target.session.id}/booking`);
        await page?.close();
      }
    });
  }

  test('when the admin opens a class’s sessions, then a session’s list, its capacity and its cancellation work by keyboard and pass axe', async () => {
    const { page, errors } = await openPage(browser, DESKTOP, '/dashboard/clases', adminToken);
    try {
      await page.getByRole('link', { name: 'Sesiones de Yoga' }).click();
      await page.waitForURL(BASE_URL() + `/dashboard/clases/sesiones/${yoga.id}`);
      await page.getByRole('heading', { level: 1, name: 'Sesiones de Yoga' }).waitFor({ timeout: 15_000 });
      assert.equal(await page.title(), 'Sesiones de la clase · Panel · Pulso');
      const items = page.locator('.sessions--admin > li');
      await items.first().waitFor();
      // Four weeks of a class that meets at least once a week.
      assert.ok((await items.count()) >= 4, `expected four weeks of sessions, got ${await items.count()}`);
      assert.deepEqual(await axeWcagViolations(page, 'body'), []);
      await shot(page, 'admin-list-desktop');

      // The list of people of the first session, opened and closed by keyboard.
      const first = items.first();
      const rosterButton = first.getByRole('button', { name: 'Ver lista' });
      await rosterButton.focus();
      await page.keyboard.press('Enter');
      const roster = page.getByRole('dialog', { name: /^Lista: / });
      await roster.getByRole('heading', { name: 'Con lugar' }).waitFor({ timeout: 15_000 });
      assert.deepEqual(await axeWcagViolations(page, '.modal'), []);
      await page.keyboard.press('Escape');
      await roster.waitFor({ state: 'detached' });
      assert.equal(await rosterButton.evaluate((el) => el === document.activeElement), true);

      // A capacity of its own for the second session.
      const second = items.nth(1);
      await second.getByRole('button', { name: 'Cambiar cupo o profesor' }).click();
      const change = page.getByRole('dialog', { name: /^Cambiar la sesión del / });
      const capacity = change.getByLabel('Cupo');
      await capacity.fill('5');
      await change.getByRole('button', { name: 'Guardar' }).click();
      const result = page.getByRole('alertdialog', { name: 'Resultado' });
      await result.getByText('Sesión actualizada', { exact: true }).waitFor({ timeout: 15_000 });
      await result.getByRole('button', { name: 'Aceptar' }).click();
      await second.getByText(/ de 5 lugares ocupados$/).waitFor();

      // The last session cancelled: a reason is required first.
      const last = items.last();
      await last.getByRole('button', { name: 'Cancelar sesión' }).click();
      const cancel = page.getByRole('alertdialog', { name: /^Cancelar la sesión del / });
      await cancel.getByRole('button', { name: 'Cancelar sesión' }).click();
      await cancel.getByText('Indica el motivo de la cancelación').waitFor();
      await cancel.getByLabel('Motivo').fill('Mantenimiento de la sala');
      await shot(page, 'admin-cancel-desktop', false);
      await cancel.getByRole('button', { name: 'Cancelar sesión' }).click();
      await result.getByText(/^Sesión cancelada/).waitFor({ timeout: 15_000 });
      await result.getByRole('button', { name: 'Aceptar' }).click();
      await last.getByText('Sesión cancelada: Mantenimiento de la sala').waitFor();
      assert.equal(await last.getByRole('button', { name: 'Cancelar sesión' }).count(), 0);
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  });

  test('when the admin opens a class’s sessions on a phone, then the screen fits 390 px and passes axe', async () => {
    const { page, errors } = await openPage(browser, PHONE, `/dashboard/clases/sesiones/${yoga.id}`, adminToken);
    try {
      await page.getByRole('heading', { level: 1, name: 'Sesiones de Yoga' }).waitFor({ timeout: 15_000 });
      await page.locator('.sessions--admin > li').first().waitFor();
      await noHorizontalScroll(page);
      assert.deepEqual(await axeWcagViolations(page, 'body'), []);
      await shot(page, 'admin-list-phone');
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  });
});
