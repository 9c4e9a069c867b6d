// npm run lighthouse [-- --min=90 /path ...]: builds, starts the production server with demo data,
// and audits pages with Lighthouse's mobile profile in Debian's Chromium (never a downloaded one),
// LIGHTHOUSE_RUNS times each (3), keeping the median run.
// Reports go to test-results/lighthouse/; the exit code is 1 when a score is under --min.
// The benchmark (bench/run.mjs) imports auditPages() for its client figures.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
import { CHROMIUM_PATH, chromiumAvailable, chromiumMissingMessage } from '../e2e/browser.mjs';
import { ensureBuilt, ROOT } from './lib.mjs';
import { startThrowawayServer } from './throwaway-server.mjs';

export const LIGHTHOUSE_OUT = path.join(ROOT, 'test-results', 'lighthouse');

/** How many times a page is audited when Lighthouse itself fails (see auditPages). */
const LIGHTHOUSE_ATTEMPTS = 3;

/**
 * Runs per page; the figures are those of the median run. One run's performance score moves by
 * several points with whatever else the machine does (Lighthouse's CPU benchmark halved within one
 * benchmark run here); Lighthouse's docs (variability.md) give the median of 5 runs as twice as
 * stable as one, and the median run is picked with Lighthouse's own computeMedianRun.
 */
export const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS) || 3);

/** The pages audited by default: /, /clases, /sedes and the first class's page. */
export async function defaultPages(baseUrl) {
  const lessons = await (await fetch(`${baseUrl}/api/lessons`)).json();
  const first = Array.isArray(lessons) ? lessons[0]?.name : undefined;
  return ['/', '/clases', '/sedes', ...(first ? [`/clases/${encodeURIComponent(first)}`] : [])];
}

/** One Lighthouse run of a page, retried when the tool itself fails to record a usable trace. */
async function auditOnce(chrome, url) {
  // Lighthouse sometimes fails to record a usable trace (NO_NAVSTART, NO_FCP, ...) and asks to be
  // run again: a failure of the tool, not a measurement. It is retried; one that persists is
  // reported as the page's `error` with every score 0.
  let result;
  for (let attempt = 1; attempt <= LIGHTHOUSE_ATTEMPTS; attempt++) {
    result = await lighthouse(url, {
      port: chrome.port,
      output: ['html', 'json'],
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (!result.lhr.runtimeError) break;
    console.error(`Lighthouse ${url}, attempt ${attempt}: ${result.lhr.runtimeError.code}`);
  }
  return result;
}

/** The median of a page's runs (Lighthouse's computeMedianRun: nearest the median FCP and TTI). */
function medianResult(results) {
  const valid = filterToValidRuns(results.filter((r) => !r.lhr.runtimeError).map((r) => r.lhr));
  if (valid.length === 0) return results[results.length - 1];
  const median = computeMedianRun(valid);
  return results.find((r) => r.lhr === median);
}

/**
 * Audits each page of a running server `runs` times and keeps the median run; writes its HTML and
 * JSON reports to outDir. Each row has the scores, LCP, CLS, TBT, `runs` (every run's performance
 * score), `weak` (audits under `min` per category) and the `resources` (url, resourceType,
 * transferSize) the page loaded.
 */
export async function auditPages({ baseUrl, pages, outDir = LIGHTHOUSE_OUT, min = 0, runs = LIGHTHOUSE_RUNS }) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    mkdirSync(outDir, { recursive: true });
    const rows = [];
    for (const page of pages) {
      const results = [];
      for (let run = 0; run < runs; run++) results.push(await auditOnce(chrome, `${baseUrl}${page}`));
      const result = medianResult(results);
      const { categories, audits, runtimeError } = result.lhr;
      const score = (key) => Math.round((categories[key]?.score ?? 0) * 100);
      const weak = [];
      for (const [key, category] of Object.entries(categories)) {
        if ((category.score ?? 0) * 100 >= min) continue;
        const audited = category.auditRefs
          .map((ref) => audits[ref.id])
          .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative')
          .map((a) => `${a.id}: ${a.title}`)
          .slice(0, 8);
        weak.push({ category: key, audits: audited });
      }
      rows.push({
        page,
        ...(runtimeError ? { error: runtimeError.code } : {}),
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
        cls: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
        tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
        runs: results.map((r) => Math.round((r.lhr.categories.performance?.score ?? 0) * 100)),
        weak,
        resources: (audits['network-requests']?.details?.items ?? []).map((item) => ({
          url: item.url,
          resourceType: item.resourceType,
          transferSize: item.transferSize,
        })),
      });
      const file = page === '/' ? 'home' : page.slice(1).replace(/[^\w-]+/g, '_');
      const [html, json] = result.report;
      writeFileSync(path.join(outDir, `${file}.html`), html);
      writeFileSync(path.join(outDir, `${file}.json`), json);
    }
    return rows;
  } finally {
    await chrome.kill();
  }
}

async function main() {
  const args = process.argv.slice(2);
  const min = Number(args.find((a) => a.startsWith('--min='))?.slice(6) ?? 0);
  const pages = args.filter((a) => a.startsWith('/'));
  if (!chromiumAvailable()) {
    console.error(chromiumMissingMessage());
    return 1;
  }
  await ensureBuilt();
  const server = await startThrowawayServer({ stdio: 'ignore' });
  try {
    if (pages.length === 0) pages.push(...(await defaultPages(server.baseUrl)));
    const rows = await auditPages({ baseUrl: server.baseUrl, pages, min });
    let failed = false;
    for (const row of rows) {
      for (const { category, audits } of row.weak) {
        failed = true;
        console.log(`${row.page} ${category} under ${min}:\n${audits.map((a) => `    - ${a}`).join('\n')}`);
      }
    }
    const table = rows.map((row) => {
      const scores = { ...row };
      delete scores.weak;
      delete scores.resources;
      return scores;
    });
    console.table(table);
    writeFileSync(
      path.join(LIGHTHOUSE_OUT, 'summary.json'),
      JSON.stringify({ date: new Date().toISOString(), rows: table }, null, 2),
    );
    console.log(`Reports in ${path.relative(ROOT, LIGHTHOUSE_OUT)}/`);
    return failed ? 1 : 0;
  } finally {
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exit(await main());
}
