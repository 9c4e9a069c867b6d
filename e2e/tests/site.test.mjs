import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, test } from 'node:test';
import { BASE_URL } from '../browser.mjs';
import { newPage, screenshots, useBrowser, VIEWPORTS } from '../helpers.mjs';

const save = screenshots('site');
const SEEDED_BRANCHES = ['Sede Centro', 'Sede Norte', 'Sede Poniente', 'Sede Sur'];

/** Follows a link of the navigation bar, opening the mobile menu first when it is folded. */
async function navigate(page, name) {
  const toggle = page.getByRole('button', { name: 'Abrir menú' });
  if (await toggle.isVisible()) await toggle.click();
  await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name, exact: true }).click();
}

describe('sedes, about and contact pages', () => {
  const browser = useBrowser();

  for (const viewport of VIEWPORTS) {
    test(`when a visitor browses the sedes, the team and writes to the gym on ${viewport.name}, then each page answers`, async () => {
      const { page, errors } = await newPage(browser, viewport);
      const shot = (step) => save(page, `${step}-${viewport.name}`);

      // /sedes: every seeded sede with its image, name and 'Detalles aquí'.
      await page.goto(BASE_URL() + '/');
      await navigate(page, 'Sedes');
      await page.waitForURL(/\/sedes$/);
      await page.locator('.branch-card').first().waitFor({ timeout: 15_000 });
      const names = await page.locator('.branch-card__name').allTextContents();
      for (const name of SEEDED_BRANCHES) assert.ok(names.includes(name), `${name} is listed`);
      await page.waitForFunction(() => {
        const first = document.querySelector('.branch-card img');
        return first instanceof HTMLImageElement && first.complete && first.naturalWidth > 0;
      });
      await shot('sedes');

      // Its details: address, days joined by commas, the schedule as start to end.
      const centro = page.getByRole('article', { name: 'Sede Centro' });
      await centro.getByRole('link', { name: /Detalles aquí/ }).click();
      await page.waitForURL(/\/sedes\/detalles\/[0-9a-f]{24}$/);
      await page.getByRole('heading', { level: 1, name: 'Sede Centro' }).waitFor();
      const facts = await page.locator('.branch-detail__facts').innerText();
      assert.match(facts, /Avenida Juárez 123/);
      assert.match(facts, /Lunes, Martes, Miércoles, Jueves, Viernes, Sábado/);
      assert.match(facts, /\d{1,2}:\d{2} a \d{1,2}:\d{2}/);
      await page.waitForFunction(() => {
        const image = document.querySelector('.branch-detail__image');
        return image instanceof HTMLImageElement && image.complete && image.naturalWidth > 0;
      });
      await shot('sede-detalle');
      await page.getByRole('link', { name: 'Atras' }).click();
      await page.waitForURL(/\/sedes$/);
      await page.getByRole('article', { name: 'Sede Centro' }).waitFor();

      // /nosotros: seven people, every photo actually loaded.
      await navigate(page, 'Nosotros');
      await page.waitForURL(/\/nosotros$/);
      await page.getByRole('heading', { level: 1, name: 'Nosotros' }).waitFor();
      const members = page.locator('.team__member');
      assert.equal(await members.count(), 7);
      for (const photo of await page.locator('.team__photo').all()) {
        await photo.scrollIntoViewIfNeeded();
        await photo.evaluate((img) =>
          img.complete && img.naturalWidth > 0
            ? null
            : new Promise((resolve, reject) => {
                img.addEventListener('load', resolve, { once: true });
                img.addEventListener('error', () => reject(new Error(`${img.src} did not load`)), { once: true });
              }),
        );
        assert.ok((await photo.evaluate((img) => img.naturalWidth)) > 0);
      }
      const link = members.first().getByRole('link', { name: /^Perfil profesional de / });
      assert.equal(await link.getAttribute('target'), '_blank');
      assert.equal(await link.getAttribute('rel'), 'noopener noreferrer');
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot('nosotros');

      // /contactanos: the shared rules first, then one message sent.
      await navigate(page, 'Contáctanos');
      await page.waitForURL(/\/contactanos$/);
      await page.getByRole('button', { name: 'ENVIAR' }).click();
      await page.getByText('El nombre completo es requerido').waitFor();
      await page.getByText('El asunto es requerido').waitFor();
      await page.getByText('El email es requerido').waitFor();
      await shot('contacto-errores');
      await page.getByLabel('Nombre completo*').fill('Visitante E2E');
      await page.getByLabel('Asunto*').fill(`Consulta ${randomBytes(3).toString('hex')}`);
      await page.getByLabel('Email*').fill('visitante-e2e@example.com');
      await page.getByLabel('Empresa').fill('Pruebas S.A.');
      await page.getByLabel('Mensaje').fill('¿Tienen clases de yoga los sábados?');
      await page.getByRole('button', { name: 'ENVIAR' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Resultado' });
      await dialog.getByText('Mensaje enviado correctamente').waitFor();
      await shot('contacto-enviado');
      await dialog.getByRole('button', { name: 'Aceptar' }).click();
      // The form clears itself 2 s after a success (the spec's reload delay).
      await page.waitForFunction(() => document.querySelector('input[name="user_name"]')?.value === '', null, {
        timeout: 10_000,
      });

      assert.deepEqual(errors, []);
      await page.close();
    });
  }

  test('when a visitor opens /denegado, then it says access is denied with ways out', async () => {
    const page = await browser.context.newPage();
    await page.goto(BASE_URL() + '/denegado');
    await page.getByRole('heading', { level: 1, name: 'Acceso denegado' }).waitFor();
    const main = page.getByRole('main');
    assert.equal(await main.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href'), '/');
    assert.equal(await main.getByRole('link', { name: 'Ingresar', exact: true }).getAttribute('href'), '/login');
    await page.close();
  });
});
