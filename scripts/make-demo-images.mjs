// Renders the demo images with Chromium: sedes and classes into server/seed-images/*.jpg, and the
// landing page's gallery into client/public/gallery/*.jpg and the plans' images (by badge: bronze,
// silver, gold) into client/public/plans/*.jpg.
// Run once by hand when the demo list changes: node scripts/make-demo-images.mjs
// The output is committed, so nothing is generated or fetched at run time.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { launch } from '../e2e/browser.mjs';
import { ROOT } from './lib.mjs';

const OUT = path.join(ROOT, 'server', 'seed-images');
const GALLERY_OUT = path.join(ROOT, 'client', 'public', 'gallery');
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
    'Aeróbicos',
    'Kickboxing',
    // File names stay ASCII, as shared/src/demo's lessonImageFile() names them ('clase-aerobicos.jpg').
  ].map((label) => ({
    file: `clase-${label
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase()}.jpg`,
    label,
    kind: 'clase',
  })),
];

const PLANS_OUT = path.join(ROOT, 'client', 'public', 'plans');
const plans = [
  { file: 'bronze.jpg', colors: ['#d9895b', '#5c2e12'] },
  { file: 'silver.jpg', colors: ['#c9d1da', '#3d4652'] },
  { file: 'gold.jpg', colors: ['#f5c542', '#6b4a00'] },
];

/** A text-free medal in the plan's metal: the page shows the plan's name as text beside it. */
function planHtml({ colors: [a, b] }) {
  return `<!doctype html><html><body style="margin:0">
  <svg xmlns="http://www.w3.org/2000/svg" width="800" height="400" viewBox="0 0 800 400">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
    <rect width="800" height="400" fill="url(#g)"/>
    <path d="M330 0 l40 140 h60 l40 -140" fill="rgba(255,255,255,.25)"/>
    <circle cx="400" cy="230" r="120" fill="rgba(255,255,255,.28)"/>
    <circle cx="400" cy="230" r="90" fill="none" stroke="rgba(255,255,255,.6)" stroke-width="10"/>
    <path d="M400 175 l16 34 l37 5 l-27 26 l7 37 l-33 -18 l-33 18 l7 -37 l-27 -26 l37 -5 z" fill="rgba(255,255,255,.75)"/>
  </svg></body></html>`;
}

const gallery = [0, 1, 2].map((i) => ({ file: `galeria-${i + 1}.jpg`, kind: 'gallery', out: GALLERY_OUT }));

/** A wide, text-free scene: the gallery's captions are real text on the page. */
function galleryHtml(i) {
  const [a, b] = PALETTES[(i * 2) % PALETTES.length];
  const shapes = [
    // a track with runners' lanes
    Array.from(
      { length: 6 },
      (_, k) =>
        `<path d="M-50 ${420 + k * 28} Q600 ${250 + k * 28} 1250 ${420 + k * 28}" stroke="rgba(255,255,255,${0.1 + k * 0.04})" stroke-width="10" fill="none"/>`,
    ).join(''),
    // a row of dumbbells
    Array.from(
      { length: 5 },
      (_, k) =>
        `<g transform="translate(${140 + k * 220} ${300 - (k % 2) * 60})"><rect x="-70" y="-10" width="140" height="20" rx="6" fill="rgba(255,255,255,.35)"/><rect x="-95" y="-45" width="30" height="90" rx="8" fill="rgba(255,255,255,.5)"/><rect x="65" y="-45" width="30" height="90" rx="8" fill="rgba(255,255,255,.5)"/></g>`,
    ).join(''),
    // a pulse line over rings
    '<circle cx="900" cy="180" r="150" fill="rgba(255,255,255,.12)"/><circle cx="260" cy="360" r="110" fill="rgba(255,255,255,.1)"/><path d="M0 300 h330 l50 -140 l80 260 l60 -170 l40 50 h640" fill="none" stroke="rgba(255,255,255,.6)" stroke-width="16" stroke-linecap="round" stroke-linejoin="round"/>',
  ][i];
  return `<!doctype html><html><body style="margin:0">
  <svg xmlns="http://www.w3.org/2000/svg" width="1200" height="500" viewBox="0 0 1200 500">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
    <rect width="1200" height="500" fill="url(#g)"/>${shapes}
  </svg></body></html>`;
}

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
mkdirSync(GALLERY_OUT, { recursive: true });
mkdirSync(PLANS_OUT, { recursive: true });
const browser = await launch();
const page = await browser.context.newPage();
await page.setViewportSize({ width: 800, height: 500 });
for (const [i, image] of images.entries()) {
  await page.setContent(html(image, i));
  await page.screenshot({ path: path.join(OUT, image.file), type: 'jpeg', quality: 72 });
}
await page.setViewportSize({ width: 1200, height: 500 });
for (const [i, image] of gallery.entries()) {
  await page.setContent(galleryHtml(i));
  await page.screenshot({ path: path.join(image.out, image.file), type: 'jpeg', quality: 70 });
}
await page.setViewportSize({ width: 800, height: 400 });
for (const plan of plans) {
  await page.setContent(planHtml(plan));
  await page.screenshot({ path: path.join(PLANS_OUT, plan.file), type: 'jpeg', quality: 72 });
}
await browser.close();
console.log(
  `Wrote ${images.length} images to ${path.relative(ROOT, OUT)} and ${gallery.length} to ${path.relative(ROOT, GALLERY_OUT)}`,
);
