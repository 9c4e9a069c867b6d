// Wider waits in Chromium (issue 22): a member waits for a band on a class page, sees it under 'Mis
// esperas' on their profile and stops it; a full session's cancellation gives the freed place to the
// oldest wait; the admin reads the waiting demand. axe (WCAG A and AA) at 1280 and 390 px.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { axeWcagViolations, BASE_URL } from '../browser.mjs';
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
  apiJson,
} from '../helpers.mjs';

const shot = screenshots('wishes');
const run = Date.now().toString(36);

const api = apiJson;

/** A new member with a plan paid at the front desk. */
async function newMember(admin, name) {
  const email = `${name.split(' ')[0].toLowerCase()}.${run}@example.com`;
  const made = await api(null, 'POST', '/users/create', { fullName: name, email, password: 'Socia1234' });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const plans = (await api(null, 'GET', '/memberships')).body;
  const paid = await api(admin, 'POST', '/payments/manual', {
    userId: userIdOf(made.body.user.token),
    planId: plans[0].id,
  });
  assert.equal(paid.status, 201, JSON.stringify(paid.body));
  return apiLogin(email, 'Socia1234');
}

describe('wider waits', () => {
  const browser = useBrowser();
  let admin;
  let ana;
  let boxeo;
  before(async () => {
    admin = await apiLogin(ADMIN.email, ADMIN.password);
    ana = await newMember(admin, 'Ana Franja');
    boxeo = (await api(null, 'GET', '/lessons')).body.find((l) => l.name === 'Boxeo');
    assert.ok(boxeo, 'the demo has a Boxeo class');
  });

  for (const viewport of [DESKTOP, PHONE]) {
    test(`when a member waits for a band on a class page at ${viewport.width} px, then it is on their profile, and they can stop it`, async () => {
      const { page, errors } = await openPage(browser, viewport, '/clases/Boxeo', ana);
      try {
        const section = page.getByRole('region', { name: '¿Ninguna sesión te viene bien?' });
        await section.waitFor({ timeout: 15_000 });
        // A band no Boxeo session starts in (Sunday early): nothing to book now, so it waits.
        const days = section.getByRole('group', { name: 'Días' });
        for (const day of ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes']) await days.getByLabel(day).uncheck();
        await days.getByLabel('Domingo').check();
        await section.getByLabel('Desde').selectOption('6:00');
        await section.getByLabel('Hasta').selectOption('7:00');
        assert.deepEqual(await axeWcagViolations(page, 'main'), []);
        if (viewport === PHONE) await noHorizontalScroll(page);
        await section.scrollIntoViewIfNeeded();
        await shot(page, `form-${viewport.width}`, false);
        await section.getByRole('button', { name: 'Esperar un lugar' }).click();
        const result = page.getByRole('alertdialog', { name: 'Resultado' });
        await result.getByText(/^Listo: el primer lugar que se libere/).waitFor({ timeout: 15_000 });
        await result.getByRole('button', { name: 'Aceptar' }).click();

        await page.goto(BASE_URL() + '/profile');
        const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Mis esperas' }) });
        const item = card.getByRole('listitem').filter({ hasText: 'Domingo · de 6:00 a 7:00' });
        await item.getByText('Esperando un lugar').waitFor({ timeout: 15_000 });
        assert.deepEqual(await axeWcagViolations(page, 'main'), []);
        await card.scrollIntoViewIfNeeded();
        await shot(page, `profile-${viewport.width}`, false);
        await item.getByRole('button', { name: 'Dejar de esperar: Boxeo' }).click();
        const question = page.getByRole('alertdialog', { name: 'Dejar de esperar' });
        await question.getByRole('button', { name: 'Dejar de esperar' }).click();
        await result.getByText('Dejaste de esperar esa franja').waitFor({ timeout: 15_000 });
        await result.getByRole('button', { name: 'Aceptar' }).click();
        await item.waitFor({ state: 'detached', timeout: 15_000 });
        assert.deepEqual(errors, []);
      } finally {
        await page.close();
      }
    });
  }

  test('when a full session frees a place, then the oldest matching wait gets it; the admin sees the demand', async () => {
    // The next Boxeo session open for booking, made full: one place.
    const sessions = (await api(admin, 'GET', `/sessions/of/${boxeo.id}`)).body;
    const session = sessions.find((s) => s.bookable && !s.cancelled);
    assert.ok(session, 'a Boxeo session open for booking');
    const holder = await newMember(admin, 'Hugo Lleno');
    const [hour, minute] = session.start.slice(11).split(':').map(Number);
    const band = {
      days: [
        ['Domingo', 'Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'][
          new Date(session.date + 'T12:00:00').getDay()
        ],
      ],
      from: `${hour}:${String(minute).padStart(2, '0')}`,
      to: `${hour + 1}:00`,
    };
    const capacity = (
      await api(admin, 'PUT', `/sessions/${session.id}`, { capacity: String(session.taken + 1), trainerId: '' })
    ).status;
    assert.equal(capacity, 200);
    assert.equal((await api(holder, 'POST', `/sessions/${session.id}/booking`)).body.result, 'confirmed');
    const waiter = await newMember(admin, 'Eva Espera');
    const waiting = await api(waiter, 'POST', '/wishes', { lessonId: boxeo.id, type: '', ...band });
    assert.equal(waiting.status, 201, JSON.stringify(waiting.body));
    assert.equal(waiting.body.wish.session, null);

    const { page, errors } = await openPage(browser, DESKTOP, '/dashboard/demanda', admin);
    try {
      const table = page.getByRole('table');
      await table.getByRole('row').filter({ hasText: 'Boxeo' }).first().waitFor({ timeout: 15_000 });
      assert.deepEqual(await axeWcagViolations(page, 'main'), []);
      await shot(page, 'demand-desktop');
      await page.setViewportSize(PHONE);
      await noHorizontalScroll(page);
      await shot(page, 'demand-phone');
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }

    assert.equal((await api(holder, 'DELETE', `/sessions/${session.id}/booking`)).status, 200);
    let got = null;
    for (let i = 0; i < 50 && !got; i++) {
      got = (await api(waiter, 'GET', '/wishes/mine')).body[0]?.session ?? null;
      if (!got) await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(got, session.id);
    assert.deepEqual((await api(waiter, 'GET', `/sessions/${session.id}`)).body.mine, {
      state: 'confirmed',
      position: null,
    });
    // The session as it was for the other tests.
    await api(waiter, 'DELETE', `/sessions/${session.id}/booking`);
    await api(admin, 'PUT', `/sessions/${session.id}`, { capacity: String(session.capacity), trainerId: '' });
  });
});
