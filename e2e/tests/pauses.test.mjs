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
  userIdOf,
} from '../helpers.mjs';

const AXE = { tags: ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'] };
const DAY = 86_400_000;

/** The browser's (and this machine's) date `offset` days from today, `YYYY-MM-DD`. */
function localDay(offset) {
  const d = new Date(Date.now() + offset * DAY);
  const pad = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** A new member who bought `planName` through the demo checkout: their token. */
async function buyer(prefix, planName, fullName = 'Paula Pausa') {
  const email = `${prefix}.${Date.now()}.${Math.round(Math.random() * 1e6)}@example.com`;
  const created = await apiJson(null, 'POST', '/users/create', { email, password: 'Pausa1234', fullName });
  assert.equal(created.status, 201);
  const token = await apiLogin(email, 'Pausa1234');
  const plan = (await apiJson(null, 'GET', '/memberships')).body.find((p) => p.name === planName);
  const started = await apiJson(token, 'POST', '/payments/create_checkout', { planId: plan.id });
  const paid = await apiJson(token, 'POST', `/payments/demo/${started.body.redirect_url.split('/').pop()}/confirm`);
  assert.equal(paid.status, 200);
  return token;
}

describe('pausing a membership', () => {
  const browser = useBrowser();

  test('when a member starts to cancel their renewing plan on a phone, then pausing is offered first; a 14-day pause moves the end by 14 days and their booking inside it goes to the member waiting', async () => {
    const shot = screenshots('pauses');
    const adminToken = await apiLogin(ADMIN.email, ADMIN.password);
    const token = await buyer('pausa', 'Standar');
    const waiting = await buyer('espera', 'Plus');
    const before = (await apiJson(token, 'GET', `/users/${userIdOf(token)}`)).body.membresia;

    // A session two to six days ahead (inside the pause) with one place left, then full: the member
    // holds the last place and the other member waits.
    const lessons = (await apiJson(null, 'GET', '/lessons')).body;
    let session = null;
    for (const lesson of lessons) {
      const sessions = (await apiJson(token, 'GET', `/sessions/of/${lesson.id}`)).body;
      session = Array.isArray(sessions)
        ? sessions.find((s) => s.date >= localDay(2) && s.date <= localDay(6) && s.bookable && !s.cancelled)
        : null;
      if (session) break;
    }
    assert.ok(session, 'a class meets between two and six days from now');
    const changed = await apiJson(adminToken, 'PUT', `/sessions/${session.id}`, { capacity: session.taken + 1 });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    assert.equal((await apiJson(token, 'POST', `/sessions/${session.id}/booking`)).body.result, 'confirmed');
    assert.equal((await apiJson(waiting, 'POST', `/sessions/${session.id}/booking`)).body.result, 'waitlisted');

    const { page, errors } = await openPage(browser, { name: 'mobile', ...PHONE }, '/profile', token);
    const cancel = page.getByRole('button', { name: 'Cancelar renovación' });
    await cancel.waitFor();
    await cancel.focus();
    await page.keyboard.press('Enter');
    const offer = page.getByRole('dialog', { name: 'Antes de cancelar' });
    await offer.getByText('¿Solo necesitas un descanso?', { exact: false }).waitFor();
    assert.deepEqual(await axeViolations(page, '.modal__panel', AXE), []);
    await shot(page, 'offer-mobile', false);
    // 'Pausar en su lugar' has the focus: Enter takes it.
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Pausar membresía' });
    await dialog.getByText('Puedes pausarla de 7 a 90 días', { exact: false }).waitFor();
    assert.equal(await dialog.getByLabel('Desde').inputValue(), localDay(2));
    assert.equal(await dialog.getByLabel('Días').inputValue(), '14');
    await dialog.getByRole('status').getByText('Vencerá el', { exact: false }).waitFor();
    assert.deepEqual(await axeViolations(page, '.modal__panel', AXE), []);
    await noHorizontalScroll(page);
    await shot(page, 'dialog-mobile', false);
    // Too short first: said at once; then 14 days, sent by keyboard.
    const days = dialog.getByLabel('Días');
    await days.fill('3');
    await dialog.getByRole('alert').getByText('La pausa debe durar entre 7 y 90 días').waitFor();
    await days.fill('14');
    await days.press('Enter');
    const done = page.getByRole('dialog', { name: 'Membresía pausada' });
    await done.getByText('Listo: la membresía queda pausada del', { exact: false }).waitFor();
    await shot(page, 'done-mobile', false);
    await page.keyboard.press('Enter');
    await done.waitFor({ state: 'detached' });
    await page.getByTestId('pause-status').getByText('Pausa programada del', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Cancelar renovación' }).waitFor();
    await noHorizontalScroll(page);
    await shot(page, 'profile-mobile');
    assert.deepEqual(errors, []);
    await page.close();

    // The end moved by 14 days, the renewal's charge with it, and the place went to the member waiting.
    const after = (await apiJson(token, 'GET', `/users/${userIdOf(token)}`)).body.membresia;
    assert.equal(Date.parse(after.end) - Date.parse(before.end), 14 * DAY);
    assert.equal(after.pauses.length, 1);
    const sub = (await apiJson(token, 'GET', '/subscriptions/mine')).body.subscription;
    assert.equal(sub.paidThrough, after.end);
    assert.equal((await apiJson(waiting, 'GET', `/sessions/${session.id}`)).body.mine?.state, 'confirmed');
    assert.equal((await apiJson(token, 'GET', `/sessions/${session.id}`)).body.mine, null);
    // Booking inside the pause is refused.
    const refused = await apiJson(token, 'POST', `/sessions/${session.id}/booking`);
    assert.equal(refused.status, 403);
    assert.equal(
      refused.body.message,
      'Tu membresía está pausada en esa fecha: no puedes reservar clases durante la pausa',
    );
  });

  test('when an admin pauses a member from today in the user dialog on a desktop, then the member is Pausada until the last day, in the table and on their profile', async () => {
    const shot = screenshots('pauses');
    const adminToken = await apiLogin(ADMIN.email, ADMIN.password);
    const name = `Pedro Pausado ${'ABCDEFGHIJ'[Date.now() % 10]}`;
    const token = await buyer('admin.pausa', 'Plus', name);
    const id = userIdOf(token);
    const before = (await apiJson(token, 'GET', `/users/${id}`)).body.membresia;

    const { page, errors } = await openPage(
      browser,
      { name: 'desktop', ...DESKTOP },
      '/dashboard/usuarios',
      adminToken,
    );
    const table = page.getByRole('table').first();
    await table.waitFor();
    const row = table.locator('tr', { has: page.getByText(name, { exact: true }) }).first();
    await row.getByRole('button', { name: `Editar a ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Editar usuario' });
    await edit.getByRole('heading', { name: 'Pausar membresía' }).waitFor();
    await edit.getByRole('button', { name: 'Pausar membresía' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pausar membresía' });
    await dialog.getByText('Como administrador puedes pausarla desde hoy', { exact: false }).waitFor();
    await dialog.getByLabel('Desde').fill(localDay(0));
    await dialog.getByLabel('Días').fill('7');
    assert.deepEqual(await axeViolations(page, '.modal__panel', AXE), []);
    await shot(page, 'admin-dialog-desktop', false);
    await dialog.getByRole('button', { name: 'Pausar membresía' }).click();
    const done = page.getByRole('dialog', { name: 'Membresía pausada' });
    await done.getByText('Listo: la membresía queda pausada del', { exact: false }).waitFor();
    await done.getByRole('button', { name: 'Aceptar' }).click();
    // Back in the user dialog: the pause is said there, and the table shows the state.
    await page
      .getByRole('dialog', { name: 'Editar usuario' })
      .getByTestId('pause-status')
      .getByText('Pausada hasta el', { exact: false })
      .waitFor();
    await shot(page, 'admin-edit-desktop', false);
    await page.keyboard.press('Escape');
    await row.getByText('Pausada', { exact: true }).waitFor();
    assert.deepEqual(await axeViolations(page, 'main', AXE), []);
    await shot(page, 'admin-table-desktop');
    assert.deepEqual(errors, []);
    await page.close();

    const after = (await apiJson(token, 'GET', `/users/${id}`)).body.membresia;
    assert.equal(after.state, 'Pausada');
    assert.equal(after.status, 'Inactivo');
    assert.equal(Date.parse(after.end) - Date.parse(before.end), 7 * DAY);

    // The member's own profile says until when.
    const member = await openPage(browser, { name: 'mobile', ...PHONE }, '/profile', token);
    await member.page.getByTestId('pause-status').getByText('Pausada hasta el', { exact: false }).waitFor();
    await member.page.getByText('Pausada', { exact: true }).first().waitFor();
    assert.deepEqual(await axeViolations(member.page, 'main', AXE), []);
    await noHorizontalScroll(member.page);
    await shot(member.page, 'member-paused-mobile');
    assert.deepEqual(member.errors, []);
    await member.page.close();
  });
});
