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

export default defineConfig(({ mode }) => {
  // `VITE_API_MODE=mock` in the environment or a .env file, or `--mode mock` (cross-platform scripts).
  const mock =
    mode === 'mock' || (process.env.VITE_API_MODE ?? loadEnv(mode, process.cwd(), 'VITE_').VITE_API_MODE) === 'mock';
  return {
    plugins: [react(), ...(mock ? [demoImages()] : [])],
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
    },
  };
});
