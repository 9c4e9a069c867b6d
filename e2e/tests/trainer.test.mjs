// The trainer's side of class sessions in Chromium (issue 22): the demo trainer signs in, sees
// 'Mis Clases' with the sessions they teach in the next days, and opens the list of a session a
// member booked; their private calendar feed lists that session. Every screen is checked with
// axe-core's WCAG A and AA rules at 1280 and 390 px.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { axeWcagViolations, BASE_URL } from '../browser.mjs';
import { apiLogin, DESKTOP, noHorizontalScroll, openPage, PHONE, screenshots, useBrowser } from '../helpers.mjs';

const MEMBER = { email: 'socio@pulso.demo', password: 'Socio1234', fullName: 'Sofía Martínez' };
const TRAINER = { email: 'carlos@pulso.demo', password: 'Profe1234' };

/** A call to the API as `token`'s holder. */
const api = (token, method, pathname) =>
  fetch(BASE_URL() + '/api' + pathname, { method, headers: { authorization: `Bearer ${token}` } });
const shot = screenshots('trainer');

/** '2030-01-07' as the site writes it: 'Lunes 7 de enero'. */
const WEEKDAYS = ['Domingo', 'Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'];
const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];
function dayLabel(date) {
  const d = new Date(`${date}T00:00:00Z`);
  return `${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} de ${MONTHS[d.getUTCMonth()]}`;
}

describe("the trainer's sessions", () => {
  const browser = useBrowser();
  let memberToken;
  let trainerToken;
  let booked;

  before(async () => {
    memberToken = await apiLogin(MEMBER.email, MEMBER.password);
    trainerToken = await apiLogin(TRAINER.email, TRAINER.password);
    // The demo member books a session the demo trainer teaches in the coming days.
    const teaching = await (await api(trainerToken, 'GET', '/sessions/teaching')).json();
    assert.ok(teaching.length > 0, 'the demo trainer teaches in the coming week');
    for (const session of teaching.filter((s) => s.bookable && !s.cancelled && s.seatsLeft > 0)) {
      const answer = await api(memberToken, 'POST', `/sessions/${session.id}/booking`);
      if (answer.status === 200 && (await answer.json()).result === 'confirmed') {
        booked = session;
        break;
      }
    }
    assert.ok(booked, 'a session of the trainer the member could book');
  });

  after(async () => {
    // Leave the demo member's bookings as they were for the other suites.
    if (booked) await api(memberToken, 'DELETE', `/sessions/${booked.id}/booking`);
  });

  for (const viewport of [DESKTOP, PHONE]) {
    test(`when the trainer opens their profile at ${viewport.width} px, then 'Mis Clases' lists their sessions, and a session's list names the member booked`, async () => {
      const { page, errors } = await openPage(browser, viewport, '/profile', trainerToken);
      try {
        await page.getByRole('heading', { level: 2, name: 'Mis Clases' }).waitFor({ timeout: 15_000 });
        const label = `${dayLabel(booked.date)}, ${booked.start.slice(11)} a ${booked.end.slice(11)}`;
        const item = page.getByRole('listitem', { name: label }).filter({ hasText: booked.lessonName }).first();
        await item.waitFor({ timeout: 15_000 });
        await item.getByText(/^(Quedan? \d+ lugar|Clase llena)/).waitFor();
        await page.getByLabel('Enlace privado de tu calendario').waitFor();
        assert.deepEqual(await axeWcagViolations(page, 'main'), []);
        if (viewport === PHONE) await noHorizontalScroll(page);
        await shot(page, `profile-${viewport.width}`);
        // What a phone shows at a time: a session of 'Mis Clases', and the calendar feed's card.
        await item.scrollIntoViewIfNeeded();
        await shot(page, `profile-sessions-${viewport.width}`, false);
        await page.getByRole('heading', { name: 'Calendario en tu móvil' }).scrollIntoViewIfNeeded();
        await shot(page, `profile-feed-${viewport.width}`, false);

        await item.getByRole('link', { name: 'Ver lista' }).click();
        await page.waitForURL(`${BASE_URL()}/profile/sesiones/${encodeURIComponent(booked.id)}`);
        const title = `${booked.lessonName}, ${dayLabel(booked.date)}`;
        await page.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 15_000 });
        await page.getByRole('heading', { level: 2, name: 'Con lugar' }).waitFor();
        await page.getByRole('listitem').filter({ hasText: MEMBER.fullName }).first().waitFor();
        assert.equal(await page.title(), 'Lista de la sesión · Pulso');
        assert.deepEqual(await axeWcagViolations(page, 'main'), []);
        if (viewport === PHONE) await noHorizontalScroll(page);
        await shot(page, `roster-${viewport.width}`);

        // Back to the profile by keyboard.
        await page.getByRole('link', { name: 'Volver a mi perfil' }).focus();
        await page.keyboard.press('Enter');
        await page.waitForURL(`${BASE_URL()}/profile`);
        assert.deepEqual(errors, []);
      } finally {
        await page.close();
      }
    });
  }

  test("when a member opens a session's list address, then the server refuses it and the page says why", async () => {
    const { page, errors } = await openPage(
      browser,
      DESKTOP,
      `/profile/sesiones/${encodeURIComponent(booked.id)}`,
      memberToken,
    );
    try {
      await page
        .getByRole('alert')
        .getByText(/No se pudo cargar la lista de la sesión\./)
        .waitFor({ timeout: 15_000 });
      assert.equal(await page.getByRole('heading', { name: 'Con lugar' }).count(), 0);
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  });

  test("when a calendar app fetches the trainer's and the member's feeds, then both list the session", async () => {
    for (const token of [trainerToken, memberToken]) {
      const { url } = await (await api(token, 'GET', '/calendar/feed')).json();
      const feed = await fetch(url);
      assert.equal(feed.status, 200);
      assert.equal(feed.headers.get('content-type'), 'text/calendar; charset=utf-8');
      const text = await feed.text();
      assert.ok(text.includes(`\r\nUID:${booked.id}@pulso\r\n`), `the feed lists ${booked.id}`);
    }
  });
});
