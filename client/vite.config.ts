/// <reference types="vitest/config" />
import { createReadStream, existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';

// In development Vite serves the SPA and forwards /api and /uploads to the API (npm run dev).
const apiTarget = process.env.PULSO_API_PROXY ?? 'http://localhost:3000';

const SEED_IMAGES_DIR = fileURLToPath(new URL('../server/seed-images', import.meta.url));

/**
 * Mock mode only: the demo images of `npm run seed` (server/seed-images) served at /demo-images/
 * by the dev server and written into the build, so the normal build carries none of them.
 */
function demoImages(): Plugin {
  const images = () => readdirSync(SEED_IMAGES_DIR).filter((f) => /\.(jpe?g|png)$/i.test(f));
  return {
    name: 'pulso-demo-images',
    configureServer(server) {
      server.middlewares.use('/demo-images', (req, res, next) => {
        const name = path.basename(decodeURIComponent((req.url ?? '').split('?')[0] ?? ''));
        const file = path.join(SEED_IMAGES_DIR, name);
        if (!name || !existsSync(file)) return next();
        res.setHeader('Content-Type', name.endsWith('.png') ? 'image/png' : 'image/jpeg');
        createReadStream(file).pipe(res);
      });
    },
    generateBundle() {
      for (const name of images()) {
        this.emitFile({
          type: 'asset',
          fileName: `demo-images/${name}`,
          source: readFileSync(path.join(SEED_IMAGES_DIR, name)),
        });
      }
    },
  };
}

/**
 * Production builds only: src/app/boot.ts as an entry of its own, loaded by index.html with `async`
 * before the app's bundle, so the API calls and the image a public page waits for start at once.
 */
function bootScript(): Plugin {
  const id = fileURLToPath(new URL('./src/app/boot.ts', import.meta.url));
  let base = '/';
  return {
    name: 'pulso-boot-script',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    buildStart() {
      this.emitFile({ type: 'chunk', id, name: 'boot' });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.isEntry && output.facadeModuleId === id,
        );
        if (!chunk) throw new Error('The boot script was not built.');
        if (chunk.type === 'chunk' && chunk.imports.length > 0) {
          throw new Error(`The boot script must import nothing at run time; it imports ${chunk.imports.join(', ')}.`);
        }
        // Ahead of the app's script, so the browser asks for it first; async scripts default to low priority.
        const tag = `<script type="module" async fetchpriority="high" crossorigin src="${base}${chunk.fileName}"></script>`;
        const appScript = html.indexOf('<script type="module"');
        if (appScript < 0) throw new Error('index.html has no module script to put the boot script before.');
        return `${html.slice(0, appScript)}${tag}\n    ${html.slice(appScript)}`;
      },
    },
  };
}

export default defineConfig(({ mode }) => {
  // `VITE_API_MODE=mock` in the environment or a .env file, or `--mode mock` (cross-platform scripts).
  const mock =
    mode === 'mock' || (process.env.VITE_API_MODE ?? loadEnv(mode, process.cwd(), 'VITE_').VITE_API_MODE) === 'mock';
  return {
    // Mock mode answers the API in the browser once the app runs: nothing to start early there.
    plugins: [react(), ...(mock ? [demoImages()] : [bootScript()])],
    define: mock ? { 'import.meta.env.VITE_API_MODE': JSON.stringify('mock') } : {},
    server: {
      port: 5173,
      proxy: {
        '/api': { target: apiTarget, changeOrigin: false },
        '/uploads': { target: apiTarget, changeOrigin: false },
      },
    },
    build: {
      outDir: 'dist',
      sourcemap: true,
      chunkSizeWarningLimit: 600,
    },
    test: {
      environment: 'jsdom',
      globals: true,
      setupFiles: ['./src/test/setup.ts'],
      css: false,
      // A case may wait up to 5 s for one thing to show (asyncUtilTimeout, src/test/setup.ts), and
      // the longest form cases type into a dozen fields (2.5 s on an idle machine): vitest's default
      // 5 s for a whole case left no room on a busy one.
      testTimeout: 20_000,
    },
  };
});
