// Renders the demo images (sedes and classes) with Chromium into server/seed-images/*.jpg.
// Run once by hand when the demo list changes: node scripts/make-demo-images.mjs
// The output is committed, so nothing is generated or fetched at run time.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { launch } from '../e2e/browser.mjs';
import { ROOT } from './lib.mjs';

const OUT = path.join(ROOT, 'server', 'seed-images');
const PALETTES = [
  ['#ff5a1f', '#7a1f00'],
  ['#1f8fff', '#00306b'],
  ['#16a34a', '#053d1c'],
  ['#a855f7', '#3b0764'],
  ['#f59e0b', '#713f12'],
  ['#e11d48', '#4c0519'],
];

const images = [
  ...['Sede Centro', 'Sede Norte', 'Sede Sur', 'Sede Poniente'].map((label, i) => ({
    file: `sede-${i + 1}.jpg`,
    label,
    kind: 'sede',
  })),
  ...[
    'Spinning',
    'Yoga',
    'Pilates',
    'Crossfit',
    'Zumba',
    'Boxeo',
    'Funcional',
    'Calistenia',
    'Estiramiento',
    'HIIT',
    'Aerobicos',
    'Kickboxing',
  ].map((label) => ({ file: `clase-${label.toLowerCase()}.jpg`, label, kind: 'clase' })),
];

function html({ label, kind }, i) {
  const [a, b] = PALETTES[i % PALETTES.length];
  const bars = Array.from({ length: 9 }, (_, k) => {
    const h = 60 + ((k * 37 + i * 53) % 220);
    return `<rect x="${60 + k * 80}" y="${470 - h}" width="46" height="${h}" rx="10" fill="rgba(255,255,255,${0.08 + (k % 3) * 0.05})"/>`;
  }).join('');
  const shape =
    kind === 'sede'
      ? '<path d="M150 430 L150 250 L400 130 L650 250 L650 430 Z" fill="rgba(255,255,255,.18)"/><rect x="350" y="320" width="100" height="110" rx="8" fill="rgba(255,255,255,.3)"/>'
      : '<circle cx="620" cy="170" r="110" fill="rgba(255,255,255,.16)"/><path d="M90 300 h90 l40 -90 l60 180 l40 -90 h150" fill="none" stroke="rgba(255,255,255,.55)" stroke-width="18" stroke-linecap="round" stroke-linejoin="round"/>';
  return `<!doctype html><html><body style="margin:0">
  <svg xmlns="http://www.w3.org/2000/svg" width="800" height="500" viewBox="0 0 800 500">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
    <rect width="800" height="500" fill="url(#g)"/>${bars}${shape}
    <text x="40" y="470" font-family="DejaVu Sans, sans-serif" font-size="54" font-weight="700" fill="#fff">${label}</text>
  </svg></body></html>`;
}

mkdirSync(OUT, { recursive: true });
const browser = await launch();
const page = await browser.context.newPage();
await page.setViewportSize({ width: 800, height: 500 });
for (const [i, image] of images.entries()) {
  await page.setContent(html(image, i));
  await page.screenshot({ path: path.join(OUT, image.file), type: 'jpeg', quality: 72 });
}
await browser.close();
console.log(`Wrote ${images.length} images to ${path.relative(ROOT, OUT)}`);
