import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { BASE_URL } from '../browser.mjs';
import { ADMIN, apiLogin, DESKTOP, makePng, openPage, PHONE as MOBILE, screenshots, useBrowser } from '../helpers.mjs';

async function api(pathname, options = {}) {
  const response = await fetch(BASE_URL() + '/api' + pathname, {
    ...options,
    headers: { 'content-type': 'application/json', ...(options.headers ?? {}) },
  });
  return { status: response.status, body: await response.json() };
}

/** Sede names take letters and spaces only: a unique suffix spelled in letters. */
const letters = (n) => [...String(n)].map((d) => 'abcdefghij'[Number(d)]).join('');

const shot = screenshots('dashboard-sites');

/** Nothing is wider than the screen (no sideways scrolling). */
async function assertNoSidewaysScroll(page, width) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(scrollWidth <= width, `page is ${scrollWidth}px wide on a ${width}px screen`);
}

describe('dashboard: sedes and plans', () => {
  const browser = useBrowser();
  let token;
  before(async () => {
    token = await apiLogin(ADMIN.email, ADMIN.password);
  });

  test('when an admin creates a sede with an image, then /sedes shows it with its image; deleting it asks Confirmación', async () => {
    const name = `Sede Prueba ${letters(Date.now() % 1_000_000)}`;
    const { page, errors } = await openPage(browser, DESKTOP, '/dashboard/sedes', token);
    try {
      await page.getByRole('article', { name: 'Sede Centro' }).waitFor({ timeout: 15_000 });
      await shot(page, 'list-desktop');
      await page.getByRole('link', { name: 'Crear Sede' }).click();
      await page.waitForURL(BASE_URL() + '/dashboard/sedes/crear');
      await page.getByRole('heading', { level: 1, name: 'Crear Sede' }).waitFor();

      // Sent empty: the validation modal, then each field's message.
      await page.getByRole('button', { name: 'Crear Sede' }).click();
      const invalid = page.getByRole('alertdialog', { name: 'Error de validación' });
      await invalid.getByText('Debe completar todos los datos requeridos.').waitFor();
      await shot(page, 'create-invalid-desktop', false);
      await invalid.getByRole('button', { name: 'OK' }).click();
      await page.getByText('El nombre es obligatorio.').waitFor();

      await page.getByRole('textbox', { name: 'Nombre *' }).fill(name);
      await page.getByRole('textbox', { name: 'Dirección *' }).fill('Calle de las Pruebas 100');
      await page.getByRole('checkbox', { name: 'Lunes' }).check();
      await page.getByRole('checkbox', { name: 'Miércoles' }).check();
      await page.getByRole('combobox', { name: 'Hora inicio' }).selectOption('8:00');
      const endOptions = await page
        .getByRole('combobox', { name: 'Hora fin' })
        .locator('option')
        .evaluateAll((options) => options.map((o) => o.value).filter(Boolean));
      assert.equal(endOptions[0], '9:00');
      assert.equal(endOptions.length, 16);
      await page.getByRole('combobox', { name: 'Hora fin' }).selectOption('20:00');
      await page.getByLabel('Imagen*').setInputFiles({ name: 'fachada.png', mimeType: 'image/png', buffer: makePng() });
      await page.getByRole('img', { name: 'Vista previa de la imagen elegida' }).waitFor();
      await shot(page, 'create-filled-desktop');

      await page.getByRole('button', { name: 'Crear Sede' }).click();
      const created = page.getByRole('alertdialog', { name: 'Resultado' });
      await created.getByText('Sede creada con éxito').waitFor();
      assert.equal(await page.getByRole('textbox', { name: 'Nombre *' }).inputValue(), '');
      await shot(page, 'created-desktop', false);
      await created.getByRole('button', { name: 'OK' }).click();
      await page.waitForURL(BASE_URL() + '/dashboard/sedes');
      const card = page.getByRole('article', { name });
      await card.waitFor();
      assert.match(await card.innerText(), /Lunes, Miércoles/);
      assert.match(await card.innerText(), /8:00 hs - 20:00 hs/);

      // The public list shows it with the uploaded image.
      await page.goto(BASE_URL() + '/sedes');
      const image = page.getByRole('img', { name: `Fachada de ${name}` }).first();
      await image.waitFor({ timeout: 15_000 });
      await image.scrollIntoViewIfNeeded();
      await page.waitForFunction(
        (alt) => {
          const img = [...document.images].find((i) => i.alt === alt);
          return Boolean(img && img.complete && img.naturalWidth === 48);
        },
        `Fachada de ${name}`,
        { timeout: 10_000 },
      );
      assert.match((await image.getAttribute('src')) ?? '', /\/uploads\//);
      await shot(page, 'public-sedes-desktop');

      // Delete it through the Confirmación modal.
      await page.goto(BASE_URL() + '/dashboard/sedes');
      await page.getByRole('button', { name: `Eliminar ${name}` }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Confirmación' });
      await confirm.getByText('Esta acción no se podrá revertir!').waitFor();
      await confirm.getByText('Pulse OK o Cancelar.').waitFor();
      // It names the sede being deleted, as the user delete confirmation names the user.
      assert.equal(
        (await confirm.getByText('Sede a borrar:').innerText()).trim(),
        `Sede a borrar: ${name} (Calle de las Pruebas 100)`,
      );
      await shot(page, 'delete-confirm-desktop', false);
      await confirm.getByRole('button', { name: 'OK' }).click();
      const deleted = page.getByRole('alertdialog', { name: 'Resultado' });
      await deleted.getByText('Sede borrada con éxito').waitFor();
      await page.getByRole('article', { name }).waitFor({ state: 'detached' });
      await deleted.getByRole('button', { name: 'OK' }).click();
      assert.deepEqual(errors, []);
    } finally {
      // Leave the demo data as it was, even when a step above failed.
      const { body } = await api('/branchoffice');
      const left = body.branchOffice.find((b) => b.name === name);
      if (left) {
        await api(`/branchoffice/delete/${left.id}`, {
          method: 'DELETE',
          headers: { authorization: `Bearer ${token}` },
        });
      }
      await page.close();
    }
    const { body } = await api('/branchoffice');
    assert.equal(
      body.branchOffice.some((b) => b.name === name),
      false,
    );
  });

  test('when an admin changes a plan price, then the landing page shows it on the next visit; then it is put back', async () => {
    const { body: plans } = await api('/memberships');
    const plus = plans.find((p) => p.name === 'Plus');
    assert.ok(plus, 'the seeded Plus plan');
    const restore = () =>
      api(`/memberships/update/${plus.id}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}` },
        body: JSON.stringify({ name: plus.name, benefits: plus.benefits, duration: plus.duration, price: plus.price }),
      });
    try {
      const newPrice = '84.5';
      const { page, errors } = await openPage(browser, DESKTOP, '/', token);
      try {
        // The landing page is seen first, so its plans are already loaded when the price changes.
        const landingPlus = page.locator('.plan-card', { has: page.getByRole('heading', { name: 'Plus' }) });
        await landingPlus.waitFor({ timeout: 15_000 });
        assert.match(await landingPlus.innerText(), /79,99/);

        // Into the dashboard without reloading the SPA.
        await page.getByRole('link', { name: 'Panel' }).click();
        await page.getByRole('link', { name: 'Membresías' }).click();
        await page.waitForURL(BASE_URL() + '/dashboard/membresias');
        await page.getByRole('article', { name: 'Plus' }).waitFor();
        await shot(page, 'plans-desktop');
        await page.getByRole('link', { name: 'Editar Plus' }).click();
        await page.getByRole('heading', { level: 1, name: 'Editar plan' }).waitFor();
        assert.equal(await page.getByRole('textbox', { name: 'Duración (meses)' }).inputValue(), '3');

        // A wrong price is caught on change and 'Faltan datos' refuses to save.
        await page.getByRole('textbox', { name: 'Precio' }).fill('84.555');
        await page.getByText('El precio debe tener el formato adecuado.').waitFor();
        await page.getByRole('button', { name: 'Guardar cambios' }).click();
        const result = page.getByRole('alertdialog', { name: 'Resultado' });
        await result.getByText('Faltan datos').waitFor();
        await result.getByRole('button', { name: 'Aceptar' }).click();

        await page.getByRole('textbox', { name: 'Precio' }).fill(newPrice);
        await page.getByRole('button', { name: 'Guardar cambios' }).click();
        const confirm = page.getByRole('alertdialog', { name: 'Confirmar' });
        await confirm.getByText('¿Estás seguro de que quieres guardar?').waitFor();
        await shot(page, 'plan-confirm-desktop', false);
        await confirm.getByRole('button', { name: 'Confirmar' }).click();
        await result.getByText('Cambios guardados exitosamente').waitFor();
        await result.getByRole('button', { name: 'Aceptar' }).click();
        await page.waitForURL(BASE_URL() + '/dashboard/membresias');
        await page.getByRole('article', { name: 'Plus' }).getByText(/84,50/).waitFor();

        // Back to the site inside the same SPA: the landing page reads the plans again.
        await page.getByRole('link', { name: 'Volver al sitio' }).click();
        await page.waitForURL(BASE_URL() + '/');
        await landingPlus.getByText(/84,50/).waitFor({ timeout: 10_000 });
        await landingPlus.scrollIntoViewIfNeeded();
        await shot(page, 'landing-new-price-desktop', false);
        assert.deepEqual(errors, []);
      } finally {
        await page.close();
      }

      // Put it back through the form on a 390 px screen.
      const { page: mobile } = await openPage(browser, MOBILE, `/dashboard/membresias/editar/${plus.id}`, token);
      try {
        await mobile.getByRole('heading', { level: 1, name: 'Editar plan' }).waitFor({ timeout: 15_000 });
        assert.equal(await mobile.getByRole('textbox', { name: 'Precio' }).inputValue(), newPrice);
        await assertNoSidewaysScroll(mobile, MOBILE.width);
        await shot(mobile, 'plan-form-mobile');
        await mobile.getByRole('textbox', { name: 'Precio' }).fill(String(plus.price));
        await mobile.getByRole('button', { name: 'Guardar cambios' }).click();
        await mobile.getByRole('alertdialog', { name: 'Confirmar' }).getByRole('button', { name: 'Confirmar' }).click();
        const result = mobile.getByRole('alertdialog', { name: 'Resultado' });
        await result.getByText('Cambios guardados exitosamente').waitFor();
        await shot(mobile, 'plan-saved-mobile', false);
        await result.getByRole('button', { name: 'Aceptar' }).click();
        await mobile.getByRole('article', { name: 'Plus' }).getByText(/79,99/).waitFor();
        await assertNoSidewaysScroll(mobile, MOBILE.width);
        await shot(mobile, 'plans-mobile');
      } finally {
        await mobile.close();
      }
    } finally {
      // Leave the demo plan as it was, even when a step above failed.
      const { body: now } = await api('/memberships');
      if (now.find((p) => p.id === plus.id)?.price !== plus.price) await restore();
    }
    const { body: after } = await api('/memberships');
    assert.equal(after.find((p) => p.id === plus.id)?.price, plus.price);
  });

  test('when the sede screens open on a 390 px screen, then they fit and the hour selects still follow the start', async () => {
    const { page } = await openPage(browser, MOBILE, '/dashboard/sedes', token);
    try {
      await page.getByRole('article', { name: 'Sede Centro' }).waitFor({ timeout: 15_000 });
      await assertNoSidewaysScroll(page, MOBILE.width);
      await shot(page, 'list-mobile');

      await page.getByRole('link', { name: 'Editar Sede Centro' }).click();
      await page.getByRole('heading', { level: 1, name: 'Editar Sede' }).waitFor();
      assert.equal(await page.getByRole('textbox', { name: 'Nombre *' }).inputValue(), 'Sede Centro');
      await page.getByRole('img', { name: 'Imagen actual' }).waitFor();
      await assertNoSidewaysScroll(page, MOBILE.width);
      await shot(page, 'edit-mobile');
      await page.getByRole('combobox', { name: 'Hora inicio' }).selectOption('22:00');
      const endOptions = await page
        .getByRole('combobox', { name: 'Hora fin' })
        .locator('option')
        .evaluateAll((options) => options.map((o) => o.value).filter(Boolean));
      assert.deepEqual(endOptions, ['23:00', '24:00']);

      // 24:00 starts nothing: the start offers 1:00 to 23:00.
      const startOptions = await page
        .getByRole('combobox', { name: 'Hora inicio' })
        .locator('option')
        .evaluateAll((options) => options.map((o) => o.value).filter(Boolean));
      assert.equal(startOptions.at(-1), '23:00');

      // Hours that would leave its classes outside are refused, naming them (Spinning starts at 7:00).
      await page.getByRole('combobox', { name: 'Hora inicio' }).selectOption('8:00');
      await page.getByRole('combobox', { name: 'Hora fin' }).selectOption('23:00');
      await page.getByRole('button', { name: 'Guardar cambios' }).click();
      await page.getByRole('alertdialog', { name: 'Confirmación' }).getByRole('button', { name: 'OK' }).click();
      const refused = page.getByRole('alertdialog', { name: 'Error' });
      await refused.getByText(/Estas clases empiezan antes de esa hora: .*Spinning \(7:00 a 8:00\)/).waitFor();
      await refused.getByRole('button', { name: 'OK' }).click();
      await page.getByText(/Estas clases empiezan antes de esa hora/).waitFor();
      await assertNoSidewaysScroll(page, MOBILE.width);
      await shot(page, 'edit-refused-mobile');

      // Cancelling the save says so and changes nothing.
      await page.getByRole('combobox', { name: 'Hora inicio' }).selectOption('6:00');
      await page.getByRole('combobox', { name: 'Hora fin' }).selectOption('23:00');
      await page.getByRole('button', { name: 'Guardar cambios' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Confirmación' });
      await confirm.getByText('Pulse OK o Cancelar.').waitFor();
      await confirm.getByRole('button', { name: 'Cancelar' }).click();
      await page.getByRole('alertdialog', { name: 'Aviso' }).getByText('Acción cancelada').waitFor();
      await shot(page, 'edit-cancelled-mobile', false);
    } finally {
      await page.close();
    }
  });
});
