// Journeys of issue 18's client items: returning after sign-in, the class page for members and
// non-members, page titles and the demo data's Spanish.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { describe, test } from 'node:test';
import { BASE_URL, SCREENSHOT_DIR } from '../browser.mjs';
import { useBrowser } from '../helpers.mjs';

async function api(pathname, options = {}) {
  const res = await fetch(BASE_URL() + '/api' + pathname, {
    ...options,
    headers: { 'Content-Type': 'application/json', ...(options.headers ?? {}) },
  });
  return { status: res.status, body: await res.json() };
}

describe('client journeys', () => {
  const browser = useBrowser();

  test('when a visitor presses Pagar, creates an account and comes back, then they are on the plan they chose', async () => {
    const plans = await api('/memberships');
    const plus = plans.body.find((p) => p.name === 'Plus');
    const page = await browser.context.newPage();
    await page.goto(BASE_URL() + `/pagos/${plus.id}`);
    await page.getByRole('heading', { name: 'Plus' }).waitFor();
    await page.getByRole('button', { name: 'Pagar' }).click();
    await page.waitForURL(`${BASE_URL()}/login?volver=${encodeURIComponent(`/pagos/${plus.id}`)}`);
    await page.getByRole('link', { name: 'Crea una cuenta' }).click();
    await page.waitForURL(`${BASE_URL()}/register?volver=${encodeURIComponent(`/pagos/${plus.id}`)}`);
    await page.getByLabel('Email').fill(`vuelta-${randomBytes(4).toString('hex')}@example.com`);
    await page.getByLabel('Contraseña', { exact: true }).fill('Secreta123');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await page.waitForURL(`${BASE_URL()}/pagos/${plus.id}`);
    await page.getByRole('heading', { name: 'Plus' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Pagar' }).isEnabled(), true);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'ux-return-to-plan.png') });
    await page.evaluate(() => localStorage.clear());
    await page.close();
  });

  test('when each page is loaded in full, then it has its own title and React Router warns of nothing', async () => {
    const login = async (email, password) => {
      const { body } = await api('/users/login', { method: 'POST', body: JSON.stringify({ email, password }) });
      return body.login.token;
    };
    const idOf = (token) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).id;
    const plans = (await api('/memberships')).body;
    const branch = (await api('/branchoffice')).body.branchOffice.find((b) => b.name === 'Sede Centro');
    const lessons = (await api('/lessons')).body;
    const trainers = (
      await api('/users/monitor', {
        headers: { Authorization: `Bearer ${await login('admin@pulso.demo', 'Admin1234')}` },
      })
    ).body.monitor;
    const member = await login('socio@pulso.demo', 'Socio1234');
    const admin = await login('admin@pulso.demo', 'Admin1234');
    const pages = [
      [null, '/', 'Inicio · Pulso'],
      [null, '/login', 'Ingresar · Pulso'],
      [null, '/register', 'Crear cuenta · Pulso'],
      [null, '/olvide', 'Recuperar contraseña · Pulso'],
      [null, '/restablecer', 'Nueva contraseña · Pulso'],
      [null, '/clases', 'Clases · Pulso'],
      [null, '/clases/Yoga', 'Yoga · Pulso'],
      [null, '/sedes', 'Sedes · Pulso'],
      [null, `/sedes/detalles/${branch.id}`, 'Sede Centro · Pulso'],
      [null, '/nosotros', 'Nosotros · Pulso'],
      [null, '/contactanos', 'Contáctanos · Pulso'],
      [null, '/review', 'Califica una clase · Pulso'],
      [null, '/denegado', 'Acceso denegado · Pulso'],
      [null, `/pagos/${plans[0].id}`, 'Pago de membresía · Pulso'],
      [null, '/pagos/cancelado', 'Pago cancelado · Pulso'],
      [null, '/no-existe', 'Página no encontrada · Pulso'],
      [member, '/profile', 'Mi perfil · Pulso'],
      [member, `/profile/editar/${idOf(member)}`, 'Editar perfil · Pulso'],
      [member, '/calendar', 'Calendario · Pulso'],
      [member, '/pagos/exito', 'Pago exitoso · Pulso'],
      [admin, '/dashboard', 'Resumen · Panel · Pulso'],
      [admin, '/dashboard/membresias', 'Membresías · Panel · Pulso'],
      [admin, `/dashboard/membresias/editar/${plans[0].id}`, 'Editar plan · Panel · Pulso'],
      [admin, '/dashboard/plans/crear', 'Crear plan · Panel · Pulso'],
      [admin, '/dashboard/sedes', 'Sedes · Panel · Pulso'],
      [admin, '/dashboard/sedes/crear', 'Crear sede · Panel · Pulso'],
      [admin, `/dashboard/sedes/editar/${branch.id}`, 'Editar sede · Panel · Pulso'],
      [admin, '/dashboard/usuarios', 'Usuarios · Panel · Pulso'],
      [admin, '/dashboard/usuarios/crear', 'Crear usuario · Panel · Pulso'],
      [admin, '/dashboard/deletedusers', 'Usuarios eliminados · Panel · Pulso'],
      [admin, '/dashboard/profesores', 'Profesores · Panel · Pulso'],
      [admin, '/dashboard/profesores/crear', 'Crear profesor · Panel · Pulso'],
      [admin, `/dashboard/profesores/editar/${trainers[0].id}`, 'Editar profesor · Panel · Pulso'],
      [admin, '/dashboard/clases', 'Clases · Panel · Pulso'],
      [admin, '/dashboard/clases/crear', 'Crear clase · Panel · Pulso'],
      [admin, `/dashboard/clases/editar/${lessons[0].id}`, 'Editar clase · Panel · Pulso'],
      [admin, `/dashboard/clases/sesiones/${lessons[0].id}`, 'Sesiones de la clase · Panel · Pulso'],
      [admin, '/dashboard/mensajes', 'Mensajes · Panel · Pulso'],
    ];
    const page = await browser.context.newPage();
    const warnings = [];
    page.on('console', (message) => {
      if (message.text().includes('HydrateFallback')) warnings.push(`${page.url()}: ${message.text()}`);
    });
    await page.goto(BASE_URL() + '/');
    for (const [token, pathname, title] of pages) {
      await page.evaluate(
        (value) => (value ? localStorage.setItem('token', value) : localStorage.removeItem('token')),
        token,
      );
      await page.goto(BASE_URL() + pathname);
      await page
        .waitForFunction((expected) => document.title === expected, title, { timeout: 10_000 })
        .catch(async () => {
          assert.fail(
            `${pathname}: the title is ${JSON.stringify(await page.title())}, expected ${JSON.stringify(title)}`,
          );
        });
    }
    assert.equal(new Set(pages.map(([, , title]) => title)).size, pages.length, 'every page has a title of its own');
    assert.deepEqual(warnings, []);
    await page.evaluate(() => localStorage.clear());
    await page.close();
  });

  for (const [name, viewport] of [
    ['desktop', { width: 1280, height: 900 }],
    ['mobile', { width: 390, height: 844 }],
  ]) {
    test(`when a visitor reads the demo chain on ${name}, then names keep their accents, trainers match the team and benefits are a list`, async () => {
      const page = await browser.context.newPage();
      await page.setViewportSize(viewport);
      const shot = (step) =>
        page.screenshot({ path: path.join(SCREENSHOT_DIR, `ux-demo-${step}-${name}.png`), fullPage: true });

      // Plans on the landing page: each benefit its own list item.
      await page.goto(BASE_URL() + '/');
      const premium = page.locator('.plan-card', { has: page.getByRole('heading', { name: 'Premium', exact: true }) });
      await premium.waitFor();
      assert.deepEqual(await premium.getByRole('listitem').allInnerTexts(), [
        'Todas las sedes',
        'Clases ilimitadas',
        'Entrenador personal',
        'Nutricionista',
      ]);
      await premium.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `ux-demo-plans-${name}.png`) });

      // An accented class name: its link is encoded and its page is found.
      await page.goto(BASE_URL() + '/clases');
      await page.getByRole('link', { name: 'Más info: Aeróbicos' }).click();
      await page.waitForURL(BASE_URL() + '/clases/Aer%C3%B3bicos');
      await page.getByRole('heading', { level: 1, name: 'Aeróbicos' }).waitFor();
      await page.getByText('Valentina Ríos').waitFor();
      assert.equal(await page.title(), 'Aeróbicos · Pulso');
      await shot('class');

      // The trainer is named alike on /nosotros.
      await page.goto(BASE_URL() + '/nosotros');
      await page.locator('.team__member', { hasText: 'Valentina Ríos' }).waitFor();
      await shot('team');
      await page.close();
    });

    test(`when the demo member opens a class of their schedule on ${name}, then it says so instead of Añadir clase`, async () => {
      const { body } = await api('/users/login', {
        method: 'POST',
        body: JSON.stringify({ email: 'socio@pulso.demo', password: 'Socio1234' }),
      });
      const page = await browser.context.newPage();
      await page.setViewportSize(viewport);
      await page.goto(BASE_URL() + '/');
      await page.evaluate((value) => localStorage.setItem('token', value), body.login.token);
      await page.goto(BASE_URL() + '/clases/Spinning');
      await page.getByText('Ya está en tu horario').waitFor();
      assert.equal(await page.getByRole('button', { name: 'Añadir clase' }).count(), 0);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `ux-in-schedule-${name}.png`) });
      await page.evaluate(() => localStorage.clear());
      await page.close();
    });
  }
});
