// Launches Debian's Chromium through playwright-core (never a downloaded browser).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export function chromiumMissingMessage() {
  return [
    `Chromium was not found at ${CHROMIUM_PATH}; the end-to-end tests need it.`,
    'Install it with:  sudo apt-get update && sudo apt-get install -y chromium',
    'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
  ].join('\n');
}

export function chromiumAvailable() {
  return existsSync(CHROMIUM_PATH);
}

/**
 * A headless browser with a fresh profile; close() removes the profile too. `args` adds Chromium
 * switches (a fake camera for the check-in test).
 */
export async function launch(args = []) {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'pulso-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      ...args,
    ],
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export const BASE_URL = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the end-to-end tests with `npm run test:e2e`.');
  return url;
};

export const SCREENSHOT_DIR = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'test-results');

const AXE_SOURCE = path.join(
  path.dirname(new URL(import.meta.url).pathname),
  '..',
  'node_modules',
  'axe-core',
  'axe.min.js',
);

/**
 * Runs axe-core in the page on `selector` with only the given rules (or, given `{ tags }`, every rule
 * of those tags) and returns their violations as plain data. The script is evaluated through the
 * DevTools protocol: the site's Content Security Policy (script-src 'self') would refuse it as a
 * script tag.
 */
export async function axeViolations(page, selector, rules) {
  const { readFile } = await import('node:fs/promises');
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await readFile(AXE_SOURCE, 'utf8'));
  const runOnly = Array.isArray(rules) ? { type: 'rule', values: rules } : { type: 'tag', values: rules.tags };
  return page.evaluate(
    async ([context, only]) => {
      const result = await window.axe.run(context, { runOnly: only });
      return result.violations.map((v) => ({
        id: v.id,
        nodes: v.nodes.map((n) => `${n.html.slice(0, 100)}: ${n.failureSummary.split('\n').slice(1).join(' ')}`),
      }));
    },
    [selector, runOnly],
  );
}

/** The WCAG 2.x A and AA rules of axe-core (2.2 included), for a whole-page check. */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axeViolations with every rule of the WCAG A and AA tags. */
export const axeWcagViolations = (page, selector) => axeViolations(page, selector, { tags: WCAG_AA_TAGS });
