// The dashboard's class and trainer screens in Chromium, as the demo admin: a class
// is created with an image, found on the public /clases list, edited and deleted; a trainer is created,
// found in the trainers list, edited and deleted. A phone-width pass checks the same screens fit 390 px.
import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { before, describe, test } from 'node:test';
import { BASE_URL } from '../browser.mjs';
import {
  ADMIN,
  apiLogin,
  confirmAndExpect,
  DESKTOP,
  noHorizontalScroll,
  openPage,
  PHONE,
  screenshots,
  useBrowser,
} from '../helpers.mjs';

/** Letters only: class names take letters and hyphens, trainer names no digits. */
const letters = (n) => Array.from({ length: n }, () => String.fromCharCode(97 + randomInt(26))).join('');

const shot = screenshots('dashboard-classes');

/** A small PNG drawn by the browser itself, for the image input. */
async function makePng(browser) {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 320, height: 200 });
  await page.setContent(
    '<body style="margin:0"><div style="width:320px;height:200px;background:linear-gradient(135deg,#ff5a1f,#1f8fff)"></div></body>',
  );
  const buffer = await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width: 320, height: 200 } });
  await page.close();
  return buffer;
}

describe('dashboard: classes and trainers', () => {
  const browser = useBrowser();
  let token;
  before(async () => {
    token = await apiLogin(ADMIN.email, ADMIN.password);
  });

  test('when the admin creates a class with an image, then it shows on /clases; it can be edited and deleted', async () => {
    const name = `Prueba${letters(6)}`;
    const image = await makePng(browser);
    const { page, errors } = await openPage(browser, DESKTOP, '/dashboard/clases', token);
    try {
      // The list and its type filter.
      await page.getByRole('article', { name: 'Yoga' }).waitFor({ timeout: 15_000 });
      const all = await page.getByRole('article').count();
      assert.ok(all >= 10, `expected the seeded classes, got ${all}`);
      await page.getByRole('combobox', { name: 'Filtrar por tipo' }).selectOption('Relajación');
      const relax = page.getByRole('article');
      await page.getByRole('article', { name: 'Boxeo' }).waitFor({ state: 'detached' });
      for (const card of await relax.all()) {
        assert.match(await card.getByRole('list', { name: 'Tipos de ejercicio' }).innerText(), /Relajación/);
      }
      await shot(page, 'list-filtered-desktop');
      await page.getByRole('combobox', { name: 'Filtrar por tipo' }).selectOption('');
      await page.getByRole('article', { name: 'Boxeo' }).waitFor();

      // Create.
      await page.getByRole('link', { name: 'Crear clase' }).click();
      await page.getByRole('heading', { name: 'CREA UNA CLASE' }).waitFor();
      const submit = page.getByRole('button', { name: 'Crear clase' });
      assert.equal(await submit.isDisabled(), true);
      await page.getByLabel('Nombre', { exact: true }).fill(name);
      await page.getByLabel('Descripción corta', { exact: true }).fill('Clase creada por la prueba');
      await page.getByLabel('Descripción', { exact: true }).fill('Una clase que existe solo durante la prueba.');
      await page.getByLabel('Intensidad (1 a 5)').fill('3');
      await page.getByLabel('Disponibilidad').selectOption('Activa');
      await page.getByLabel('Profesor', { exact: true }).selectOption('Carlos Ruiz');
      await page.getByLabel('Sede', { exact: true }).selectOption('Sede Centro');
      await page.getByLabel('Hora de inicio').selectOption('9:30');
      const finishOptions = await page.getByLabel('Hora de fin').locator('option').allTextContents();
      assert.deepEqual(finishOptions.slice(0, 2), ['Seleccione', '10:00']);
      assert.equal(finishOptions.includes('9:00'), false);
      await page.getByLabel('Hora de fin').selectOption('10:30');
      await page.getByRole('group', { name: 'Días de la semana' }).getByLabel('Lunes').check();
      await page.getByRole('group', { name: 'Días de la semana' }).getByLabel('Jueves').check();
      await page.getByRole('group', { name: 'Tipos de ejercicio' }).getByLabel('Cardio').check();
      await page.getByRole('group', { name: 'Metas' }).getByRole('checkbox').first().check();
      await page.getByLabel('Imagen').setInputFiles({ name: 'prueba.png', mimeType: 'image/png', buffer: image });
      await page.getByRole('img', { name: 'Vista previa de la imagen elegida' }).waitFor();
      assert.equal(await submit.isEnabled(), true);
      await shot(page, 'create-desktop');
      await submit.click();
      let result = await confirmAndExpect(
        page,
        '¿Estás seguro de que quieres crear la clase?',
        'Clase creada exitosamente!',
      );
      await shot(page, 'created-desktop', false);
      await result.getByRole('link', { name: 'Volver a Clases' }).click();
      await page.waitForURL(BASE_URL() + '/dashboard/clases');
      const card = page.getByRole('article', { name });
      await card.getByText('Activa', { exact: true }).waitFor();
      assert.equal(await card.getByRole('img').getAttribute('alt'), `Clase de ${name}`);

      // The public list shows it, with its uploaded image.
      const visitor = await browser.context.newPage();
      await visitor.setViewportSize(DESKTOP);
      await visitor.goto(BASE_URL() + '/clases');
      const publicCard = visitor.getByRole('article', { name });
      await publicCard.waitFor({ timeout: 15_000 });
      const src = await publicCard.getByRole('img', { name: `Clase de ${name}` }).getAttribute('src');
      const served = await fetch(new URL(src, BASE_URL()));
      assert.equal(served.status, 200);
      assert.equal(served.headers.get('content-type'), 'image/png');
      await publicCard.scrollIntoViewIfNeeded();
      await shot(visitor, 'public-list-desktop', false);

      // Edit: a wrong value disables 'Guardar cambios'; a fixed one saves.
      await card.getByRole('link', { name: `Editar ${name}` }).click();
      await page.getByRole('heading', { name: 'EDITA UNA CLASE' }).waitFor();
      await page.getByText('Profesor: Carlos Ruiz').waitFor();
      const save = page.getByRole('button', { name: 'Guardar cambios' });
      const effort = page.getByLabel('Intensidad (1 a 5)');
      await effort.fill('7');
      await page.getByText('La intensidad debe ser un número del 1 al 5').waitFor();
      assert.equal(await save.isDisabled(), true);
      await effort.fill('4');
      await page.getByLabel('Descripción corta', { exact: true }).fill('Descripción editada por la prueba');
      await page.getByLabel('Disponibilidad').selectOption('Inactiva');
      await shot(page, 'edit-desktop');
      await save.click();
      result = await confirmAndExpect(
        page,
        '¿Estás seguro de que quieres modificar la clase?',
        'Clase modificada con éxito',
      );
      await result.getByRole('link', { name: 'Volver a Clases' }).click();
      await page.waitForURL(BASE_URL() + '/dashboard/clases');
      await card.getByText('Inactiva', { exact: true }).waitFor();
      await card.getByText('Descripción editada por la prueba').waitFor();

      // An unavailable class leaves the public list.
      await visitor.reload();
      await visitor.getByRole('article', { name: 'Yoga' }).waitFor();
      assert.equal(await visitor.getByRole('article', { name }).count(), 0);
      await visitor.close();

      // Delete.
      await card.getByRole('link', { name: `Editar ${name}` }).click();
      await page.getByRole('button', { name: 'Eliminar clase' }).click();
      result = await confirmAndExpect(
        page,
        '¿Estás seguro de que quieres eliminar la clase?',
        'Clase eliminada correctamente',
      );
      await shot(page, 'deleted-desktop', false);
      await result.getByRole('link', { name: 'Volver a Clases' }).click();
      await page.getByRole('article', { name: 'Yoga' }).waitFor();
      assert.equal(await page.getByRole('article', { name }).count(), 0);
      const response = await fetch(BASE_URL() + '/api/lessons/' + encodeURIComponent(name));
      assert.equal(response.status, 404);
      assert.deepEqual(errors, []);
    } finally {
      // Leave the demo data as it was if the test stopped half-way.
      const lessons = await (await fetch(BASE_URL() + '/api/lessons/all')).json();
      const left = lessons.find((l) => l.name === name);
      if (left) {
        await fetch(BASE_URL() + '/api/lessons/delete/' + left.id, {
          method: 'DELETE',
          headers: { authorization: `Bearer ${token}` },
        });
      }
      await page.close();
    }
  });

  test("when a class clashes with its sede's days and hours or its trainer, then the form says so; spaced and accented names open from /clases", async () => {
    const name = 'Yoga Prenatal';
    const image = await makePng(browser);
    const api = async (url, init = {}) => {
      const response = await fetch(BASE_URL() + '/api' + url, {
        ...init,
        headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
      });
      return { status: response.status, body: await response.json() };
    };
    // The demo's aerobics class, with its accent (it may be seeded without it).
    const all = (await api('/lessons/all')).body;
    const listed = all.find((l) => l.name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase() === 'aerobicos');
    assert.ok(listed, 'the demo aerobics class');
    const aerobics = (await api(`/lessons/detail/${listed.id}`)).body;
    const attributesOf = (lesson, changes) => ({
      ...Object.fromEntries(
        [
          'name',
          'shortDescription',
          'description',
          'effort',
          'types',
          'goals',
          'scheduleDays',
          'scheduleHourStart',
          'scheduleHourFinish',
          'isAvailable',
          'monitor',
        ].map((key) => [key, lesson[key]]),
      ),
      branchoffice: [lesson.branchoffice],
      ...changes,
    });
    const rename = async (to) => {
      const form = new FormData();
      form.append('lessonAttributes', JSON.stringify(attributesOf(aerobics, { name: to })));
      return api(`/lessons/update/${aerobics.id}`, { method: 'PUT', body: form });
    };

    const { page, errors } = await openPage(browser, DESKTOP, '/dashboard/clases/crear', token);
    try {
      await page.getByRole('heading', { name: 'CREA UNA CLASE' }).waitFor({ timeout: 15_000 });
      const submit = page.getByRole('button', { name: 'Crear clase' });
      const days = page.getByRole('group', { name: 'Días de la semana' });
      await page.getByLabel('Nombre', { exact: true }).fill(name);
      await page.getByLabel('Descripción corta', { exact: true }).fill('Yoga suave para embarazadas');
      await page.getByLabel('Descripción', { exact: true }).fill('Posturas y respiración pensadas para el embarazo.');
      await page.getByLabel('Intensidad (1 a 5)').fill('1');
      await page.getByLabel('Disponibilidad').selectOption('Activa');
      await page.getByLabel('Profesor', { exact: true }).selectOption('Carlos Ruiz');
      await page.getByLabel('Sede', { exact: true }).selectOption('Sede Norte');
      await page.getByRole('group', { name: 'Tipos de ejercicio' }).getByLabel('Flexibilidad').check();
      await page.getByRole('group', { name: 'Metas' }).getByRole('checkbox').first().check();
      await page.getByLabel('Imagen').setInputFiles({ name: 'prenatal.png', mimeType: 'image/png', buffer: image });

      // Sunday 3:00 at a sede open Monday to Friday, 7 to 22: both messages, before sending.
      const start = await page.getByLabel('Hora de inicio').locator('option').allTextContents();
      assert.equal(start.at(-1), '23:30', 'no 24:00 start');
      await page.getByLabel('Hora de inicio').selectOption('3:00');
      await page.getByLabel('Hora de fin').selectOption('4:00');
      await days.getByLabel('Domingo').check();
      await page
        .getByText('Sede Norte no abre el Domingo: atiende Lunes, Martes, Miércoles, Jueves y Viernes')
        .waitFor();
      await page.getByText('Sede Norte atiende de 7:00 a 22:00: la clase debe empezar dentro de ese horario').waitFor();
      assert.equal(await submit.isDisabled(), true);
      await shot(page, 'schedule-sede-desktop');

      // Monday 7:30: Carlos Ruiz teaches Spinning then, at another sede.
      await days.getByLabel('Domingo').uncheck();
      await days.getByLabel('Lunes').check();
      await page.getByLabel('Hora de inicio').selectOption('7:30');
      await page.getByLabel('Hora de fin').selectOption('8:30');
      await page.getByText('El profesor ya da la clase Spinning el Lunes de 7:00 a 8:00').waitFor();
      assert.equal(await submit.isDisabled(), true);
      await shot(page, 'schedule-trainer-desktop');

      // Tuesday 10:00: free. Created; its page opens from the public list by its spaced name.
      await days.getByLabel('Lunes').uncheck();
      await days.getByLabel('Martes').check();
      await page.getByLabel('Hora de inicio').selectOption('10:00');
      await page.getByLabel('Hora de fin').selectOption('11:00');
      assert.equal(await page.getByText('El profesor ya da la clase').count(), 0);
      await submit.click();
      await confirmAndExpect(page, '¿Estás seguro de que quieres crear la clase?', 'Clase creada exitosamente!');

      const renamed = await rename('Aeróbicos');
      assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
      for (const [lesson, address] of [
        [name, '/clases/Yoga%20Prenatal'],
        ['Aeróbicos', '/clases/Aer%C3%B3bicos'],
      ]) {
        await page.goto(BASE_URL() + '/clases');
        await page.getByRole('link', { name: `Más info: ${lesson}` }).click();
        await page.waitForURL(BASE_URL() + address);
        await page.getByRole('heading', { level: 1, name: lesson }).waitFor({ timeout: 15_000 });
        // Typed or reloaded, the address gives the same page (the boot script's early call too).
        await page.reload();
        await page.getByRole('heading', { level: 1, name: lesson }).waitFor({ timeout: 15_000 });
      }
      await shot(page, 'accented-class-desktop', false);
      assert.deepEqual(errors, []);
    } finally {
      await rename(aerobics.name);
      const left = (await api('/lessons/all')).body.find((l) => l.name === name);
      if (left) await api(`/lessons/delete/${left.id}`, { method: 'DELETE' });
      await page.close();
    }
  });

  test('when the admin creates a trainer, then it shows in the trainers list; it can be edited and deleted', async () => {
    const fullName = `Profesor ${letters(1).toUpperCase()}${letters(7)}`;
    const email = `profe-${letters(8)}@example.com`;
    const { page, errors } = await openPage(browser, DESKTOP, '/dashboard/profesores', token);
    try {
      const carlos = page.getByRole('row', { name: /Carlos Ruiz/ });
      await carlos.waitFor({ timeout: 15_000 });
      assert.match(await carlos.innerText(), /Spinning/);
      await shot(page, 'trainers-desktop');

      await page.getByRole('link', { name: 'Crear Profesor' }).click();
      await page.getByRole('heading', { name: 'Crear Profesor' }).waitFor();
      const save = page.getByRole('button', { name: 'Guardar' });
      await page.getByLabel('Nombre').fill('Profe 2');
      await page.getByText('No se pueden utilizar números').waitFor();
      await page.getByLabel('Nombre').fill(fullName);
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Contraseña').fill('Profe1234');
      await page.getByLabel('Teléfono').fill('5512345678');
      assert.equal(await save.isDisabled(), true);
      await page.getByLabel('Es profesor?').selectOption('Si');
      await page.getByLabel('Es administrador?').selectOption('No');
      assert.equal(await save.isEnabled(), true);
      await shot(page, 'trainer-create-desktop');
      await save.click();
      let result = await confirmAndExpect(
        page,
        '¿Estás seguro de que quieres crear tu profesor?',
        'Usuario creado con éxito',
      );
      await shot(page, 'trainer-created-desktop', false);
      await result.getByRole('link', { name: 'Volver a Profesores' }).click();
      await page.waitForURL(BASE_URL() + '/dashboard/profesores');
      const row = page.getByRole('row', { name: new RegExp(fullName) });
      await row.waitFor();
      await row.getByText('Sin clases').waitFor();

      // The new trainer can teach: the lesson form offers them.
      await page.goto(BASE_URL() + '/dashboard/clases/crear');
      await page
        .getByLabel('Profesor', { exact: true })
        .locator('option', { hasText: fullName })
        .waitFor({ state: 'attached' });

      // Edit: the id is read-only; a new phone is saved.
      await page.goto(BASE_URL() + '/dashboard/profesores');
      await page.getByRole('link', { name: `Editar ${fullName}` }).click();
      await page.getByRole('heading', { name: 'Editar Profesor' }).waitFor();
      assert.equal(await page.getByLabel('Id').isEditable(), false);
      assert.equal(await page.getByLabel('Es profesor?').inputValue(), 'Si');
      await page.getByLabel('Teléfono').fill('5587654321');
      await shot(page, 'trainer-edit-desktop');
      await page.getByRole('button', { name: 'Guardar' }).click();
      result = await confirmAndExpect(
        page,
        '¿Estás seguro de que quieres modificar el profesor?',
        'Usuario actualizado correctamente',
      );
      await result.getByRole('button', { name: 'Aceptar' }).click();

      // Delete: the account is suspended and leaves the list.
      await page.getByRole('button', { name: 'Eliminar' }).click();
      result = await confirmAndExpect(page, '¿Estás seguro de que quieres eliminar el profesor?', 'Borrado exitoso');
      await result.getByRole('link', { name: 'Volver a Profesores' }).click();
      await carlos.waitFor();
      assert.equal(await page.getByRole('row', { name: new RegExp(fullName) }).count(), 0);
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  });

  test('when the screens open on a 390 px phone, then they fit its width and the messages show', async () => {
    const { page, errors } = await openPage(browser, PHONE, '/dashboard/clases', token);
    try {
      await page.getByRole('article', { name: 'Yoga' }).waitFor({ timeout: 15_000 });
      await noHorizontalScroll(page);
      await shot(page, 'list-mobile', false);

      await page.getByRole('link', { name: 'Crear clase' }).click();
      await page.getByRole('heading', { name: 'CREA UNA CLASE' }).waitFor();
      await page.getByLabel('Nombre', { exact: true }).fill('Yo');
      await page.getByText('El nombre debe ser mayor a 3 caracteres').waitFor();
      await page.getByLabel('Hora de inicio').selectOption('23:30');
      assert.deepEqual(await page.getByLabel('Hora de fin').locator('option').allTextContents(), [
        'Seleccione',
        '24:00',
      ]);
      await page.getByLabel('Hora de fin').selectOption('24:00');
      await page.getByLabel('Disponibilidad').selectOption('Activa');
      await page.getByLabel('Sede', { exact: true }).selectOption('Sede Norte');
      await page.getByRole('group', { name: 'Días de la semana' }).getByLabel('Sábado').check();
      await page
        .getByText('Sede Norte no abre el Sábado: atiende Lunes, Martes, Miércoles, Jueves y Viernes')
        .waitFor();
      await page
        .getByText('Sede Norte atiende de 7:00 a 22:00: la clase debe terminar dentro de ese horario')
        .waitFor();
      await noHorizontalScroll(page);
      await shot(page, 'create-mobile');

      await page.goto(BASE_URL() + '/dashboard/clases');
      await page.getByRole('link', { name: 'Editar Yoga' }).click();
      await page.getByRole('heading', { name: 'EDITA UNA CLASE' }).waitFor();
      await page.getByRole('button', { name: 'Eliminar clase' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Confirmación' });
      await confirm.getByText('¿Estás seguro de que quieres eliminar la clase?').waitFor();
      await shot(page, 'delete-confirm-mobile', false);
      await confirm.getByRole('button', { name: 'Volver' }).click();
      await noHorizontalScroll(page);

      await page.goto(BASE_URL() + '/dashboard/profesores');
      await page.getByRole('row', { name: /Carlos Ruiz/ }).waitFor();
      await noHorizontalScroll(page);
      await shot(page, 'trainers-mobile');
      await page.getByRole('link', { name: 'Crear Profesor' }).click();
      await page.getByLabel('Teléfono').fill('123');
      await page.getByText('No es un número de celular válido').waitFor();
      await noHorizontalScroll(page);
      await shot(page, 'trainer-create-mobile');
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  });
});
