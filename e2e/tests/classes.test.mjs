import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BASE_URL } from '../browser.mjs';
import { apiLogin, DESKTOP, newPage, openPage, screenshots, useBrowser, userIdOf, VIEWPORTS } from '../helpers.mjs';

async function lessonByName(name) {
  const response = await fetch(BASE_URL() + '/api/lessons/' + encodeURIComponent(name));
  assert.equal(response.status, 200);
  return response.json();
}

async function postReview(token, review) {
  const response = await fetch(BASE_URL() + '/api/reviews/create', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(review),
  });
  assert.equal(response.status, 201, await response.text());
}

/** A full-page screenshot, or only the viewport when a modal is open (fixed layers repeat in full pages). */
const shot = screenshots('classes');

const cardNames = (page) => page.locator('.lesson-card__name').allTextContents();

/**
 * The card names once they read `expected`, or after 5 s whatever they are: the list re-renders
 * as a transition, so a new order shows a moment after the click that asked for it.
 */
async function settledCardNames(page, expected) {
  await page
    .waitForFunction(
      (names) =>
        JSON.stringify([...document.querySelectorAll('.lesson-card__name')].map((el) => el.textContent)) ===
        JSON.stringify(names),
      expected,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  return cardNames(page);
}

describe('classes: list, filters, detail and reviews', () => {
  const browser = useBrowser();

  for (const viewport of VIEWPORTS) {
    test(`when a visitor filters /clases on ${viewport.name}, then the cards follow and a class opens`, async () => {
      const { page, errors } = await newPage(browser, viewport);
      await page.goto(BASE_URL() + '/clases');

      await page.locator('.lesson-card').first().waitFor({ timeout: 15_000 });
      const all = await cardNames(page);
      assert.ok(all.length >= 10, `expected the seeded classes, got ${all.join(', ')}`);
      assert.deepEqual(
        all,
        [...all].sort((a, b) => a.localeCompare(b, 'es', { sensitivity: 'base' })),
      );
      await shot(page, `list-${viewport.name}`);

      const toggle = page.getByRole('button', { name: /Mostrar filtros/ });
      if (viewport.name === 'mobile') {
        assert.equal(await page.getByRole('button', { name: 'filtrar' }).isVisible(), false);
        await toggle.click();
      } else {
        assert.equal(await toggle.isVisible(), false);
      }

      // The 'Alfabeto' toggle flips the order.
      await page.getByRole('button', { name: 'Alfabeto: A-Z' }).click();
      assert.deepEqual(await settledCardNames(page, [...all].reverse()), [...all].reverse());
      await page.getByRole('button', { name: 'Alfabeto: Z-A' }).click();

      // Cardio and intensity 3: only Zumba among the seeded classes.
      await page.getByRole('checkbox', { name: 'Cardio' }).check();
      await page.getByRole('checkbox', { name: 'Nivel 3' }).check();
      await page.getByRole('button', { name: 'filtrar' }).click();
      await page.getByRole('article', { name: 'Boxeo' }).waitFor({ state: 'detached' });
      assert.deepEqual(await cardNames(page), ['Zumba']);
      await shot(page, `filtered-${viewport.name}`);
      if (viewport.name === 'mobile') {
        // On phones 'filtrar' folds the panel so the results are in view; open it again.
        assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
        await toggle.click();
      }

      // An impossible combination: the spec's message, then 'Intenta de nuevo' resets and reloads.
      await page.getByRole('button', { name: 'Borrar todos los filtros' }).click();
      await page.getByRole('checkbox', { name: 'Relajación' }).check();
      await page.getByRole('checkbox', { name: 'Nivel 5' }).check();
      await page.getByRole('button', { name: 'filtrar' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'No se encontraron clases' });
      await alert.waitFor();
      assert.equal(
        (await alert.locator('p').innerText()).trim(),
        'No se encontraron clases de tipo de ejercicio Relajación y de intensidad 5',
      );
      assert.equal(await page.locator('.lesson-card').count(), 0);
      await shot(page, `no-results-${viewport.name}`);
      await alert.getByRole('button', { name: 'Intenta de nuevo' }).click();
      await page
        .locator('.lesson-card')
        .nth(all.length - 1)
        .waitFor();
      if (viewport.name === 'mobile') await toggle.click();
      assert.equal(await page.getByRole('checkbox', { name: 'Relajación' }).isChecked(), false);

      // 'Más info' opens the class page.
      await page.getByRole('link', { name: 'Más info: Zumba' }).click();
      await page.waitForURL(BASE_URL() + '/clases/Zumba');
      await page.getByRole('heading', { level: 1, name: 'Zumba' }).waitFor();
      await page.getByText('Sede', { exact: true }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Enviar' }).count(), 0);
      await shot(page, `detail-visitor-${viewport.name}`);
      assert.deepEqual(errors, []);
      await page.close();
    });
  }

  test('when /detail is opened without a name, then it goes to /clases; with one, it shows the class', async () => {
    const page = await browser.context.newPage();
    await page.goto(BASE_URL() + '/detail');
    await page.waitForURL(BASE_URL() + '/clases');
    await page.goto(BASE_URL() + '/detail/Yoga');
    await page.getByRole('heading', { level: 1, name: 'Yoga' }).waitFor();
    await page.goto(BASE_URL() + '/clases/No%20existe');
    await page.getByRole('heading', { name: 'No se encontró la clase' }).waitFor();
    await page.close();
  });

  for (const viewport of VIEWPORTS) {
    test(`when a member rates a class on ${viewport.name}, then Review Creada shows and the review appears`, async () => {
      const token = await apiLogin('socio@pulso.demo', 'Socio1234');
      const userId = userIdOf(token);
      const lesson = await lessonByName('Yoga');
      const original = lesson.reviews.find((r) => r.userId === userId);
      const text = `Reseña de prueba ${viewport.name} ${Date.now()}`;
      const { page, errors } = await openPage(browser, viewport, '/clases/Yoga', token);
      try {
        const form = page.getByRole('form', { name: 'Califica esta clase' });
        await form.waitFor({ timeout: 15_000 });
        // The page is whole (the member's wider-wait form, loaded on its own, is above the review
        // form): the hidden radio is clicked where it is, not where it was.
        await page.getByRole('heading', { name: '¿Ninguna sesión te viene bien?' }).waitFor();
        await page.locator('ul.sessions > li').first().waitFor();
        await form.getByRole('radio', { name: '5 estrellas' }).check({ force: true });
        await form.getByRole('textbox', { name: 'Descripción' }).fill(text);
        await shot(page, `review-form-${viewport.name}`);
        await form.getByRole('button', { name: 'Enviar' }).click();
        const dialog = page.getByRole('alertdialog', { name: 'Resultado' });
        await dialog.getByText('Review Creada').waitFor();
        await shot(page, `review-created-${viewport.name}`, false);
        await dialog.getByRole('button', { name: 'Aceptar' }).click();
        // The class reloads 2 s later with the new review.
        await page.locator('.review__text', { hasText: text }).waitFor({ timeout: 10_000 });

        // The member already holds Yoga: the page says so instead of offering 'Añadir clase'.
        await page.getByText('Ya está en tu horario').waitFor();
        assert.equal(await page.getByRole('button', { name: 'Añadir clase' }).count(), 0);
        await shot(page, `add-class-${viewport.name}`, false);
        assert.deepEqual(errors, []);
      } finally {
        // Leave the demo member's review as it was.
        if (original) {
          await postReview(token, {
            stars: original.stars,
            description: original.description,
            userId,
            lessonId: lesson.id,
          });
        }
        await page.close();
      }
    });
  }

  test('when a signed-in user without a membership opens a class, then the review form says why before anything is typed', async () => {
    const token = await apiLogin('usuario@pulso.demo', 'Usuario1234');
    const { page } = await openPage(browser, DESKTOP, '/clases/Zumba', token);
    const form = page.getByRole('form', { name: 'Califica esta clase' });
    await form.getByText('Solo los socios con una membresía activa pueden calificar clases.').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Añadir clase' }).count(), 0);
    assert.equal(await form.getByRole('radio', { name: '3 estrellas' }).isDisabled(), true);
    assert.equal(await form.getByRole('textbox', { name: 'Descripción' }).isDisabled(), true);
    assert.equal(await form.getByRole('button', { name: 'Enviar' }).isDisabled(), true);
    await shot(page, 'review-members-only', false);
    await page.close();
  });

  test('when a signed-in member opens /review, then they can pick a class and find its page', async () => {
    const token = await apiLogin('socio@pulso.demo', 'Socio1234');
    const { page } = await openPage(browser, DESKTOP, '/review', token);
    await page.getByRole('heading', { name: 'Califica una clase' }).waitFor();
    await page.getByRole('combobox', { name: 'Clase' }).selectOption({ label: 'Spinning' });
    assert.equal(await page.getByRole('link', { name: 'Ver la clase' }).getAttribute('href'), '/clases/Spinning');
    await page.getByRole('form', { name: 'Spinning' }).waitFor();
    await shot(page, 'review-page');
    await page.close();
  });
});
