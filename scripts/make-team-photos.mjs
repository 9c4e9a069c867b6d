// Renders the about page's seven team portraits with Chromium into
// client/public/team/*.jpg: illustrated, fictional people for the demo, 320×320 JPEG each.
// Run once by hand when the demo team changes: node scripts/make-team-photos.mjs
// The output is committed, so nothing is generated or fetched at run time. A gym replaces these files
// (and client/src/features/about/team.ts) with its own team.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { launch } from '../e2e/browser.mjs';
import { ROOT } from './lib.mjs';

const OUT = path.join(ROOT, 'client', 'public', 'team');
const SIZE = 320;

/** One portrait each: background, skin, hair colour and style, shirt, and a few extras. */
const people = [
  {
    file: 'equipo-1.jpg',
    bg: ['#ff5a1f', '#7a1f00'],
    skin: '#f1c7a5',
    hair: '#2b1b12',
    style: 'long',
    shirt: '#1f2937',
  },
  {
    file: 'equipo-2.jpg',
    bg: ['#1f8fff', '#00306b'],
    skin: '#8d5a3b',
    hair: '#111111',
    style: 'buzz',
    shirt: '#f59e0b',
    beard: true,
  },
  {
    file: 'equipo-3.jpg',
    bg: ['#16a34a', '#053d1c'],
    skin: '#e0ac84',
    hair: '#7c3f12',
    style: 'bun',
    shirt: '#e11d48',
    glasses: true,
  },
  {
    file: 'equipo-4.jpg',
    bg: ['#a855f7', '#3b0764'],
    skin: '#c68a5e',
    hair: '#1c1c1c',
    style: 'curly',
    shirt: '#0ea5e9',
  },
  {
    file: 'equipo-5.jpg',
    bg: ['#f59e0b', '#713f12'],
    skin: '#f6d3b8',
    hair: '#c9a227',
    style: 'side',
    shirt: '#16a34a',
    glasses: true,
  },
  {
    file: 'equipo-6.jpg',
    bg: ['#e11d48', '#4c0519'],
    skin: '#5c3a24',
    hair: '#0b0b0b',
    style: 'ponytail',
    shirt: '#f1f5f9',
  },
  {
    file: 'equipo-7.jpg',
    bg: ['#0ea5e9', '#0c4a6e'],
    skin: '#d9a27c',
    hair: '#9ca3af',
    style: 'bald',
    shirt: '#7c3aed',
    beard: true,
  },
];

/** Hair drawn behind the head (long shapes) and over it (fringes), per style. */
function hair({ hair: c, style }) {
  const back = {
    long: `<path d="M92 150 Q88 70 160 62 Q232 70 228 150 L236 262 Q160 282 84 262 Z" fill="${c}"/>`,
    ponytail: `<path d="M214 112 Q268 140 250 214 Q240 250 222 262 Q236 200 206 150 Z" fill="${c}"/>`,
    bun: `<circle cx="160" cy="58" r="30" fill="${c}"/>`,
    curly: Array.from({ length: 11 }, (_, k) => {
      const a = Math.PI + (k / 10) * Math.PI;
      return `<circle cx="${160 + Math.cos(a) * 70}" cy="${132 + Math.sin(a) * 66}" r="26" fill="${c}"/>`;
    }).join(''),
  };
  const front = {
    long: `<path d="M100 128 Q112 74 160 72 Q214 74 222 132 Q180 100 112 134 Z" fill="${c}"/>`,
    buzz: `<path d="M102 122 Q110 70 160 68 Q212 70 218 122 Q160 96 102 122 Z" fill="${c}" opacity=".92"/>`,
    bun: `<path d="M100 128 Q110 76 160 74 Q212 76 220 128 Q170 96 100 128 Z" fill="${c}"/>`,
    curly: '',
    side: `<path d="M98 136 Q100 70 164 66 Q226 70 222 128 Q200 92 128 112 Q112 118 98 136 Z" fill="${c}"/>`,
    ponytail: `<path d="M100 126 Q110 72 160 70 Q212 72 220 126 Q176 92 100 126 Z" fill="${c}"/>`,
    bald: `<path d="M100 140 Q98 120 104 112 L108 146 Z M220 140 Q222 120 216 112 L212 146 Z" fill="${c}"/>`,
  };
  return { back: back[style] ?? '', front: front[style] ?? '' };
}

function svg(person) {
  const [a, b] = person.bg;
  const { back, front } = hair(person);
  const beard = person.beard
    ? `<path d="M112 168 Q116 236 160 240 Q204 236 208 168 Q196 206 160 208 Q124 206 112 168 Z" fill="${person.hair}" opacity=".85"/>`
    : '';
  const glasses = person.glasses
    ? `<g fill="none" stroke="#111" stroke-width="5"><circle cx="136" cy="150" r="17"/><circle cx="184" cy="150" r="17"/><path d="M153 150 h14"/></g>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 320 320">
    <defs>
      <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>
      <radialGradient id="light" cx=".3" cy=".25" r=".8"><stop offset="0" stop-color="#fff" stop-opacity=".25"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
    </defs>
    <rect width="320" height="320" fill="url(#bg)"/>
    <rect width="320" height="320" fill="url(#light)"/>
    ${back}
    <path d="M40 320 Q48 246 124 232 L196 232 Q272 246 280 320 Z" fill="${person.shirt}"/>
    <path d="M136 214 h48 v30 Q160 262 136 244 Z" fill="${person.skin}"/>
    <path d="M132 234 Q160 268 188 234" fill="none" stroke="rgba(0,0,0,.18)" stroke-width="6"/>
    <ellipse cx="104" cy="156" rx="12" ry="18" fill="${person.skin}"/>
    <ellipse cx="216" cy="156" rx="12" ry="18" fill="${person.skin}"/>
    <ellipse cx="160" cy="148" rx="58" ry="72" fill="${person.skin}"/>
    ${beard}
    ${front}
    <circle cx="136" cy="150" r="6" fill="#1b1b1b"/>
    <circle cx="184" cy="150" r="6" fill="#1b1b1b"/>
    <path d="M124 130 q12 -8 24 0 M172 130 q12 -8 24 0" fill="none" stroke="${person.hair}" stroke-width="5" stroke-linecap="round"/>
    <path d="M160 156 q-6 18 2 22" fill="none" stroke="rgba(0,0,0,.25)" stroke-width="4" stroke-linecap="round"/>
    <path d="M138 192 Q160 210 182 192" fill="none" stroke="#7a2e1e" stroke-width="6" stroke-linecap="round"/>
    ${glasses}
  </svg>`;
}

mkdirSync(OUT, { recursive: true });
const browser = await launch();
const page = await browser.context.newPage();
await page.setViewportSize({ width: SIZE, height: SIZE });
for (const person of people) {
  await page.setContent(`<!doctype html><html><body style="margin:0">${svg(person)}</body></html>`);
  await page.screenshot({ path: path.join(OUT, person.file), type: 'jpeg', quality: 78 });
}
await browser.close();
console.log(`Wrote ${people.length} portraits to ${path.relative(ROOT, OUT)}`);
