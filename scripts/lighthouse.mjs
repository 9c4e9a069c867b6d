// npm run lighthouse [-- --min=90 /path ...]: builds, starts the production server with demo data,
// and audits pages with Lighthouse's mobile profile in Debian's Chromium (never a downloaded one).
// Reports go to test-results/lighthouse/; the exit code is 1 when a score is under --min.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_PATH, chromiumAvailable, chromiumMissingMessage } from '../e2e/browser.mjs';
import { ensureBuilt, ROOT } from './lib.mjs';
import { startThrowawayServer } from './throwaway-server.mjs';

const args = process.argv.slice(2);
const min = Number(args.find((a) => a.startsWith('--min='))?.slice(6) ?? 0);
const pages = args.filter((a) => a.startsWith('/'));
const OUT = path.join(ROOT, 'test-results', 'lighthouse');

if (!chromiumAvailable()) {
  console.error(chromiumMissingMessage());
  process.exit(1);
}

await ensureBuilt();
const server = await startThrowawayServer({ stdio: 'ignore' });
let chrome;
let failed = false;
try {
  if (pages.length === 0) {
    const lessons = await (await fetch(`${server.baseUrl}/api/lessons`)).json();
    const first = Array.isArray(lessons) ? lessons[0]?.name : undefined;
    pages.push('/', '/clases', '/sedes', ...(first ? [`/clases/${encodeURIComponent(first)}`] : []));
  }
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  mkdirSync(OUT, { recursive: true });
  const rows = [];
  for (const page of pages) {
    const result = await lighthouse(`${server.baseUrl}${page}`, {
      port: chrome.port,
      output: ['html', 'json'],
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
    const { categories, audits } = result.lhr;
    const score = (key) => Math.round((categories[key]?.score ?? 0) * 100);
    const row = {
      page,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
      cls: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
      tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
    };
    rows.push(row);
    const file = page === '/' ? 'home' : page.slice(1).replace(/[^\w-]+/g, '_');
    const [html, json] = result.report;
    writeFileSync(path.join(OUT, `${file}.html`), html);
    writeFileSync(path.join(OUT, `${file}.json`), json);
    const low = [];
    for (const [key, diagnostics] of Object.entries(result.lhr.categories)) {
      if ((diagnostics.score ?? 0) * 100 < min) low.push(key);
    }
    if (low.length) {
      failed = true;
      for (const key of low) {
        const weak = result.lhr.categories[key].auditRefs
          .map((ref) => result.lhr.audits[ref.id])
          .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative')
          .map((a) => `    - ${a.id}: ${a.title}`)
          .slice(0, 8);
        console.log(`${page} ${key} under ${min}:\n${weak.join('\n')}`);
      }
    }
  }
  console.table(rows);
  writeFileSync(path.join(OUT, 'summary.json'), JSON.stringify({ date: new Date().toISOString(), rows }, null, 2));
  console.log(`Reports in ${path.relative(ROOT, OUT)}/`);
} finally {
  await chrome?.kill();
  await server.stop();
}
process.exit(failed ? 1 : 0);
