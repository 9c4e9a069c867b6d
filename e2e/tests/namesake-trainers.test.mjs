// Issue 19: the SPA sends ids. Two trainers with the same full name are created in the dashboard,
// each is given a class in the browser at the same hours (the trainer select tells them apart by
// e-mail), and each class's public page and answer name its own trainer.
import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { BASE_URL } from '../browser.mjs';
import {
  ADMIN,
  apiLogin,
  confirmAndExpect,
  DESKTOP,
  newPage,
  screenshots,
  storeToken,
  useBrowser,
} from '../helpers.mjs';

const shot = screenshots('namesake-trainers');

/** Letters only: class names take letters and hyphens. */
const letters = (n) => Array.from({ length: n }, () => String.fromCharCode(97 + randomInt(26))).join('');

describe('two trainers with one name (issue 19)', () => {
  const browser = useBrowser();
  let token;
  let page;
  let errors;
  const run = letters(6);
  const trainers = ['uno', 'dos'].map((which) => ({
    email: `ana-${which}-${run}@example.com`,
    lesson: `Ana${which[0].toUpperCase()}${which.slice(1)}${run}`,
  }));
  const api = async (url, init = {}) => {
    const response = await fetch(BASE_URL() + '/api' + url, {
      ...init,
      headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
    });
    return { status: response.status, body: await response.json() };
  };

  before(async () => {
    token = await apiLogin(ADMIN.email, ADMIN.password);
    ({ page, errors } = await newPage(browser, DESKTOP));
    await storeToken(page, token);
  });
  after(async () => {
    // Leave the demo chain as it was: the classes retired, then the trainers suspended.
    const all = (await api('/lessons/all')).body;
    for (const { lesson } of trainers) {
      const found = all.find((l) => l.name === lesson);
      if (found) await api(`/lessons/delete/${found.id}`, { method: 'DELETE' });
    }
    for (const { id } of trainers) if (id) await api(`/users/delete/${id}`, { method: 'DELETE' });
  });

  test('when the admin creates two trainers named Ana Ruiz, then each can be given a class and each page names its own', async () => {
    for (const trainer of trainers) {
      await page.goto(BASE_URL() + '/dashboard/profesores/crear');
      await page.getByRole('heading', { name: 'Crear Profesor' }).waitFor({ timeout: 15_000 });
      await page.getByLabel('Nombre').fill('Ana Ruiz');
      await page.getByLabel('E-mail').fill(trainer.email);
      await page.getByLabel('Contraseña').fill('Profe1234');
      await page.getByLabel('Teléfono').fill('5512345678');
      await page.getByLabel('Es profesor?').selectOption('Si');
      await page.getByLabel('Es administrador?').selectOption('No');
      await page.getByRole('button', { name: 'Guardar' }).click();
      await confirmAndExpect(page, '¿Estás seguro de que quieres crear tu profesor?', 'Usuario creado con éxito');
    }
    const listed = (await api('/users/monitor')).body.monitor;
    for (const trainer of trainers) trainer.id = listed.find((m) => m.email === trainer.email)?.id;
    assert.ok(
      trainers.every((t) => t.id),
      'both trainers are listed',
    );

    for (const trainer of trainers) {
      await page.goto(BASE_URL() + '/dashboard/clases/crear');
      await page.getByRole('heading', { name: 'CREA UNA CLASE' }).waitFor({ timeout: 15_000 });
      const select = page.getByLabel('Profesor', { exact: true });
      // Both are offered, told apart by e-mail.
      await select.locator('option', { hasText: trainers[1].email }).waitFor({ state: 'attached' });
      await page.getByLabel('Nombre', { exact: true }).fill(trainer.lesson);
      await page.getByLabel('Descripción corta', { exact: true }).fill('Clase de una de las Anas');
      await page.getByLabel('Descripción', { exact: true }).fill('Una clase que existe solo durante la prueba.');
      await page.getByLabel('Intensidad (1 a 5)').fill('2');
      await page.getByLabel('Disponibilidad').selectOption('Activa');
      await select.selectOption({ label: `Ana Ruiz (${trainer.email})` });
      await page.getByLabel('Sede', { exact: true }).selectOption('Sede Centro');
      // The same hours for both: each Ana is free then, whatever her namesake teaches.
      await page.getByLabel('Hora de inicio').selectOption('12:00');
      await page.getByLabel('Hora de fin').selectOption('13:00');
      await page.getByRole('group', { name: 'Días de la semana' }).getByLabel('Martes').check();
      await page.getByRole('group', { name: 'Tipos de ejercicio' }).getByLabel('Cardio').check();
      await page.getByRole('group', { name: 'Metas' }).getByRole('checkbox').first().check();
      await page
        .getByLabel('Imagen')
        .setInputFiles({ name: 'ana.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(JPEG) });
      const submit = page.getByRole('button', { name: 'Crear clase' });
      assert.equal(await page.getByText('El profesor ya da la clase').count(), 0);
      await submit.click();
      await confirmAndExpect(page, '¿Estás seguro de que quieres crear la clase?', 'Clase creada exitosamente!');
    }
    await shot(page, 'created');

    for (const trainer of trainers) {
      await page.goto(BASE_URL() + `/clases/${encodeURIComponent(trainer.lesson)}`);
      await page.getByRole('heading', { name: trainer.lesson }).waitFor({ timeout: 15_000 });
      await page.getByText('Ana Ruiz', { exact: true }).first().waitFor();
      const detail = (await api(`/lessons/${encodeURIComponent(trainer.lesson)}`)).body;
      assert.equal(detail.monitorId, trainer.id, `${trainer.lesson} is taught by ${trainer.email}`);
      // Its edit screen has its own trainer chosen.
      await page.goto(BASE_URL() + `/dashboard/clases/editar/${detail.id}`);
      await page.getByRole('heading', { name: 'EDITA UNA CLASE' }).waitFor({ timeout: 15_000 });
      assert.equal(await page.getByLabel('Profesor', { exact: true }).inputValue(), trainer.id);
    }
    await shot(page, 'edit');
    assert.deepEqual(errors, []);
  });
});

/** A tiny valid JPEG (the server checks the file's first bytes). */
const JPEG = [
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
  0x00, 0xff, 0xd9,
];
