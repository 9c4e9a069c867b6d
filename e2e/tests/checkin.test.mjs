// Check-in in Chromium (issue 22): a member's profile shows their rotating QR code; the front desk
// checks members in on /dashboard/checkin by typing a code and by scanning a QR code with the camera
// (Chromium's fake camera playing a video of the code); the session's roster shows who came. Every
// screen is checked with axe-core's WCAG A and AA rules at 1280 and 390 px.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import QRCode from 'qrcode';
import { axeWcagViolations, BASE_URL } from '../browser.mjs';
import {
  ADMIN,
  apiLogin,
  DESKTOP,
  makePng,
  noHorizontalScroll,
  openPage,
  PHONE,
  screenshots,
  useBrowser,
  userIdOf,
  apiJson,
} from '../helpers.mjs';

const shot = screenshots('checkin');
const run = Date.now().toString(36);
const letters = run.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]);

const api = apiJson;

/** A multipart create (a sede, a class): its attributes as JSON and a PNG image. */
async function create(token, pathname, field, attributes) {
  const form = new FormData();
  form.append(field, JSON.stringify(attributes));
  form.append('image', new Blob([makePng()], { type: 'image/png' }), 'foto.png');
  const res = await fetch(BASE_URL() + '/api' + pathname, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = await res.json();
  assert.equal(res.status, 201, JSON.stringify(body));
  return body;
}

const pad = (n) => String(n).padStart(2, '0');
const hourLabel = (minutes) => `${Math.floor(minutes / 60)}:${pad(minutes % 60)}`;

/**
 * The first class start (on the half hour, from 1:00 to 23:30, as the lesson form allows) at least
 * 3 minutes from now, on the server's clock (the machine's zone: the e2e server and Chromium share it).
 */
function nextStart(now = new Date()) {
  const minutes = now.getHours() * 60 + now.getMinutes() + 3;
  const start = Math.max(60, Math.ceil(minutes / 30) * 30);
  if (start <= 23 * 60 + 30) return { start, dayOffset: 0 };
  return { start: 60, dayOffset: 1 };
}

/** A YUV4MPEG2 video (what Chromium's fake camera plays) of `text`'s QR code, black on white. */
function qrVideo(text, file) {
  const width = 640;
  const height = 480;
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const scale = Math.floor(Math.min(width, height) / (modules.size + 8));
  const left = Math.floor((width - modules.size * scale) / 2);
  const top = Math.floor((height - modules.size * scale) / 2);
  const y = Buffer.alloc(width * height, 235);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(col, row)) continue;
      for (let dy = 0; dy < scale; dy++)
        y.fill(
          16,
          (top + row * scale + dy) * width + left + col * scale,
          (top + row * scale + dy) * width + left + (col + 1) * scale,
        );
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma]);
  writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]),
  );
}

const folder = mkdtempSync(path.join(os.tmpdir(), 'pulso-camera-'));
const video = path.join(folder, 'qr.y4m');

/** The world of the suite: a sede open all day, a class starting soon there, two members booked in it. */
const world = {};

async function makeWorld() {
  const admin = await apiLogin(ADMIN.email, ADMIN.password);
  const trainer = `Profe Checkin ${letters}`;
  const made = await api(admin, 'POST', '/users/create', {
    fullName: trainer,
    email: `profe.${run}@example.com`,
    phone: '5512345678',
    password: 'Profe1234',
    isMonitor: true,
    isAdmin: false,
  });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const branchName = `Sede Checkin ${letters}`;
  const branch = await create(admin, '/branchoffice/create', 'officeAttributes', {
    name: branchName,
    location: 'Calle del Registro 7',
    scheduleDays: ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'],
    scheduleHourStart: '1:00',
    scheduleHourFinish: '24:00',
  });
  const { start, dayOffset } = nextStart();
  const types = (await api(null, 'GET', '/types')).body;
  const goals = (await api(null, 'GET', '/goals')).body;
  const lessonName = `Registro${letters}`;
  const lesson = await create(admin, '/lessons/create', 'lessonAttributes', {
    name: lessonName,
    shortDescription: 'Clase de la prueba de check-in',
    description: 'Una clase que empieza pronto, para registrar la entrada',
    effort: '2',
    types: [types[0].name],
    goals: [goals[0].name],
    scheduleDays: ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'],
    scheduleHourStart: hourLabel(start),
    scheduleHourFinish: hourLabel(start + 30),
    isAvailable: 'true',
    monitor: trainer,
    branchoffice: branchName,
  });
  const lessonId = lesson.lesson?.id ?? lesson.lessons?.id ?? lesson.id;
  assert.ok(lessonId, JSON.stringify(lesson));
  const day = new Date(Date.now() + dayOffset * 86_400_000);
  const sessionId = `${lessonId}:${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
  const plans = (await api(null, 'GET', '/memberships')).body;
  const members = [];
  for (const name of ['Lucía Registro', 'Mateo Escaneo']) {
    const email = `${name.split(' ')[0].toLowerCase()}.${run}@example.com`;
    const signedUp = await api(null, 'POST', '/users/create', { fullName: name, email, password: 'Socia1234' });
    assert.equal(signedUp.status, 201, JSON.stringify(signedUp.body));
    const token = signedUp.body.user?.token ?? signedUp.body.token;
    const granted = await api(admin, 'POST', '/payments/manual', { userId: userIdOf(token), planId: plans[0].id });
    assert.equal(granted.status, 201, JSON.stringify(granted.body));
    const fresh = await apiLogin(email, 'Socia1234');
    const booked = await api(fresh, 'POST', `/sessions/${sessionId}/booking`);
    assert.equal(booked.status, 200, JSON.stringify(booked.body));
    members.push({ name, token: fresh });
  }
  Object.assign(world, {
    admin,
    branchName,
    branchId: branch.branchoffice.id,
    lessonId,
    lessonName,
    sessionId,
    members,
  });
  // The second member's code, as the camera will see it.
  const card = await api(members[1].token, 'GET', '/checkin/card');
  qrVideo(card.body.code, video);
}

describe('check-in', () => {
  before(makeWorld);
  // The demo chain as it was for the suites after this one (the dashboard counts its sedes).
  after(async () => {
    rmSync(folder, { recursive: true, force: true });
    if (!world.admin) return;
    await api(world.admin, 'DELETE', `/lessons/delete/${world.lessonId}`);
    const gone = await api(world.admin, 'DELETE', `/branchoffice/delete/${world.branchId}`);
    assert.equal(gone.status, 200, JSON.stringify(gone.body));
  });
  const browser = useBrowser(() => [
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
  ]);

  test('when a member opens their profile, then their QR code and its text are there, and change with time', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, errors } = await openPage(browser, viewport, '/profile', world.members[0].token);
      try {
        const card = page
          .getByRole('article')
          .filter({ has: page.getByRole('heading', { name: 'Tu código de acceso' }) });
        const qr = card.getByRole('img', { name: /^Código QR de acceso: [0-9A-Z]{4}-[0-9A-Z]{4}-\d{6}$/ });
        await qr.waitFor({ timeout: 15_000 });
        const shown = await card.locator('code').innerText();
        assert.match(shown, /^[0-9A-Z]{4}-[0-9A-Z]{4}-\d{6}$/);
        assert.equal(await qr.getAttribute('aria-label'), `Código QR de acceso: ${shown}`);
        assert.deepEqual(await axeWcagViolations(page, 'main'), []);
        if (viewport === PHONE) await noHorizontalScroll(page);
        await card.scrollIntoViewIfNeeded();
        await shot(page, `profile-code-${viewport === PHONE ? 'phone' : 'desktop'}`, false);
        assert.deepEqual(errors, []);
      } finally {
        await page.close();
      }
    }
  });

  test("when the front desk types a booked member's code, then the entry is registered, and a second time says so", async () => {
    const { page, errors } = await openPage(browser, DESKTOP, '/dashboard/checkin', world.admin);
    try {
      await page.getByRole('heading', { name: 'Check-in', level: 1 }).waitFor({ timeout: 15_000 });
      // Without a sede the desk is told to choose one; nothing is sent.
      await page.getByRole('button', { name: 'Registrar entrada' }).click();
      await page.getByText('Elige la sede', { exact: true }).last().waitFor();
      await page.getByLabel('Sede').selectOption({ label: world.branchName });
      const code = (await api(world.members[0].token, 'GET', '/checkin/card')).body.display;
      await page.getByLabel('Código de la persona').fill(code.toLowerCase());
      await page.getByLabel('Código de la persona').press('Enter');
      const status = page.getByRole('status').filter({ hasText: 'Entrada registrada' });
      await status
        .getByText(`Check-in hecho: ${world.members[0].name}, ${world.lessonName}`, { exact: false })
        .waitFor({ timeout: 15_000 });
      assert.equal(await page.getByLabel('Código de la persona').inputValue(), '');
      assert.deepEqual(await axeWcagViolations(page, 'main'), []);
      await shot(page, 'desk-typed-desktop');

      // A code that is not one is refused, with the reason.
      await page.getByLabel('Código de la persona').fill('ABCD-EFGH-123456');
      await page.getByRole('button', { name: 'Registrar entrada' }).click();
      await page
        .getByRole('status')
        .getByText(/El código no es válido o ya caducó/)
        .waitFor({ timeout: 15_000 });

      await page.setViewportSize(PHONE);
      await page.getByLabel('Código de la persona').fill(code);
      await page.getByRole('button', { name: 'Registrar entrada' }).click();
      await page
        .getByRole('status')
        .getByText(`${world.members[0].name} ya había hecho el check-in en ${world.lessonName}`)
        .waitFor({ timeout: 15_000 });
      await noHorizontalScroll(page);
      assert.deepEqual(await axeWcagViolations(page, 'main'), []);
      await shot(page, 'desk-typed-phone');
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  });

  test("when the front desk scans a member's QR code with the camera, then they are checked in", async () => {
    const { page, errors } = await openPage(browser, DESKTOP, '/dashboard/checkin', world.admin);
    try {
      await page.getByLabel('Sede').selectOption({ label: world.branchName });
      // The member's code now (a code is accepted for two minutes): Chromium reads the file when the
      // camera starts.
      qrVideo((await api(world.members[1].token, 'GET', '/checkin/card')).body.code, video);
      await page.getByRole('button', { name: 'Escanear con la cámara' }).click();
      const done = page
        .getByRole('status')
        .getByText(`Check-in hecho: ${world.members[1].name}, ${world.lessonName}`, { exact: false });
      await done.waitFor({ timeout: 30_000 }).catch(async (error) => {
        // Say what the desk showed instead (a refusal, a camera error), not only that it timed out.
        const shown = await page.locator('.checkin-desk').innerText();
        const camera = await page.locator('.checkin-desk video').evaluate((v) => ({
          readyState: v.readyState,
          paused: v.paused,
          width: v.videoWidth,
          stream: !!v.srcObject,
        }));
        throw new Error(
          `${error.message}\nThe desk showed: ${shown}\nThe camera: ${JSON.stringify(camera)}\nThe page said: ${errors.join(' | ')}`,
        );
      });
      await page.getByRole('button', { name: 'Detener la cámara' }).waitFor();
      await shot(page, 'desk-scanned-desktop');
      await page.getByRole('button', { name: 'Detener la cámara' }).click();
      await page.getByRole('button', { name: 'Escanear con la cámara' }).waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
    const roster = await api(world.admin, 'GET', `/sessions/${world.sessionId}/roster`);
    assert.equal(roster.status, 200);
    assert.ok(
      roster.body.confirmed.every((p) => p.checkedIn !== null),
      JSON.stringify(roster.body.confirmed),
    );
  });

  test("when the admin opens the session's list, then both members show when they came", async () => {
    const { page, errors } = await openPage(
      browser,
      DESKTOP,
      `/dashboard/clases/sesiones/${world.lessonId}`,
      world.admin,
    );
    try {
      const first = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('button', { name: 'Ver lista' }) })
        .first();
      await first.waitFor({ timeout: 15_000 });
      await first.getByRole('button', { name: 'Ver lista' }).click();
      const dialog = page.getByRole('dialog');
      for (const member of world.members) {
        await dialog
          .getByRole('listitem')
          .filter({ hasText: member.name })
          .getByText(/^Entró a las \d{2}:\d{2}$/)
          .waitFor();
      }
      assert.deepEqual(await axeWcagViolations(page, '[role="dialog"]'), []);
      await shot(page, 'roster-desktop', false);
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  });
});
