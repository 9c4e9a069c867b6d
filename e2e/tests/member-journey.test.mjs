// The whole member journey of issue 5, at desktop and phone widths: a new person registers, buys a
// plan through the demo checkout, adds a class, finds it on the profile and the calendar, rates it
// and logs out. Screenshots of each step go to test-results/screenshots.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, test } from 'node:test';
import { BASE_URL } from '../browser.mjs';
import { newPage, payWithDemoCheckout, screenshots, useBrowser, VIEWPORTS } from '../helpers.mjs';

const save = screenshots('journey');

/** The class with the most weekdays, so this month's calendar surely shows it after today. */
async function busiestLesson() {
  const response = await fetch(BASE_URL() + '/api/lessons');
  assert.equal(response.status, 200);
  const lessons = await response.json();
  return lessons
    .filter((l) => l.isAvailable !== false)
    .sort((a, b) => b.scheduleDays.length - a.scheduleDays.length)[0];
}

/** Follows a link of the navigation bar, opening the phone menu first when the links are folded. */
async function navigate(page, name) {
  const toggle = page.getByRole('button', { name: 'Abrir menú' });
  if (await toggle.isVisible()) await toggle.click();
  await page.getByRole('navigation').getByRole('link', { name, exact: true }).first().click();
}

describe('member journey', () => {
  const browser = useBrowser();

  for (const viewport of VIEWPORTS) {
    test(`a new member registers, pays, adds a class, sees it, rates it and logs out on ${viewport.name}`, async () => {
      const lesson = await busiestLesson();
      const { page, errors } = await newPage(browser, viewport);
      const email = `socio-${randomBytes(4).toString('hex')}@example.com`;
      const shot = (step, fullPage = true) => save(page, `${step}-${viewport.name}`, fullPage);

      try {
        // Register: the new account lands signed in on the home page, with the plans on offer.
        await page.goto(BASE_URL() + '/register');
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Contraseña', { exact: true }).fill('Secreta123');
        await page.getByRole('button', { name: 'Crear cuenta' }).click();
        await page.waitForURL(BASE_URL() + '/');

        // Buy Plus from its card: the payment page, then the demo checkout, then the success page.
        const plus = page.locator('.plan-card', { has: page.getByRole('heading', { name: 'Plus', exact: true }) });
        await plus.getByRole('link', { name: 'Compra ahora' }).click();
        await page.waitForURL(/\/pagos\/[0-9a-f]{24}$/);
        await page.getByRole('heading', { name: 'Plus' }).waitFor();
        await shot('payment');
        await payWithDemoCheckout(page);
        assert.match(await page.locator('main').innerText(), /Tu membresía Plus está activa del/);
        await shot('paid');

        // As a member the plans section is gone from the home page.
        await page.goto(BASE_URL() + '/');
        await page.locator('.gallery').waitFor();
        assert.equal(await page.getByRole('link', { name: 'Compra ahora' }).count(), 0);

        // Add the class from its page: the Resultado modal says it worked.
        await navigate(page, 'Clases');
        await page.waitForURL(/\/clases$/);
        await page.getByRole('link', { name: `Más info: ${lesson.name}` }).click();
        await page.getByRole('heading', { level: 1, name: lesson.name }).waitFor({ timeout: 15_000 });
        await page.getByRole('button', { name: 'Añadir clase' }).click();
        const dialog = page.getByRole('alertdialog', { name: 'Resultado' });
        await dialog.waitFor();
        assert.doesNotMatch(await dialog.innerText(), /ya tiene|No se pudo/);
        await shot('class-added', false);
        await dialog.getByRole('button', { name: 'Aceptar' }).click();
        // Now in the schedule: the page says so instead of offering it again.
        await page.getByText('Ya está en tu horario').waitFor();

        // The profile shows the plan dates and the class under Mi horario.
        await page.goto(BASE_URL() + '/profile');
        await page.getByRole('heading', { level: 1, name: email.split('@')[0] }).waitFor();
        await page.locator('.profile__schedule', { hasText: lesson.name }).waitFor();
        assert.equal(await page.getByText('No tienes una membresía activa.').count(), 0);
        await shot('profile');

        // The calendar shows the plan and the class on its weekdays: each date a booking of its
        // place (a standing booking), or the class to book where the session is past its booking
        // window's reach.
        await page.getByRole('link', { name: 'Calendario' }).click();
        await page.waitForURL(/\/calendar$/);
        await page.locator('.calendar-board__loading').waitFor({ state: 'detached', timeout: 20_000 });
        await page.locator('.calendar-event--plan').first().waitFor();
        const lessonEvents = page.locator(':is(.calendar-event--class, .calendar-event--booked)', {
          hasText: lesson.name,
        });
        await lessonEvents.first().waitFor();
        assert.ok((await lessonEvents.count()) >= 1);
        await shot('calendar');

        // Rate the class: 'Review Creada', and the review shows after the reload.
        await page.goto(BASE_URL() + `/clases/${encodeURIComponent(lesson.name)}`);
        const form = page.getByRole('form', { name: 'Califica esta clase' });
        await form.waitFor({ timeout: 15_000 });
        // The class's sessions load above the form and move it down: rate once they are in.
        await page
          .getByRole('region', { name: 'Próximas sesiones' })
          .getByRole('status')
          .waitFor({ state: 'detached', timeout: 15_000 });
        const text = `Muy buena clase (${viewport.name})`;
        await form.getByRole('radio', { name: '4 estrellas' }).check({ force: true });
        await form.getByRole('textbox', { name: 'Descripción' }).fill(text);
        await form.getByRole('button', { name: 'Enviar' }).click();
        await dialog.getByText('Review Creada').waitFor();
        await dialog.getByRole('button', { name: 'Aceptar' }).click();
        await page.locator('.review__text', { hasText: text }).waitFor({ timeout: 10_000 });
        await shot('reviewed');

        // Log out: the token is gone and the sign-in page shows.
        const toggle = page.getByRole('button', { name: 'Abrir menú' });
        if (await toggle.isVisible()) await toggle.click();
        await page.getByRole('button', { name: 'Cerrar sesión' }).click();
        await page.waitForURL(/\/login$/);
        assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);
        await page.goto(BASE_URL() + '/profile');
        await page.waitForURL(/\/login\?volver=%2Fprofile$/);
        assert.deepEqual(errors, []);
      } finally {
        await page.close();
      }
    });
  }
});
