import { setupWorker } from 'msw/browser';
import { env } from '../config/env';
import { MockApi } from './api';
import { MockDb } from './db';
import { createHandlers } from './handlers';

let api: MockApi | null = null;

/** Starts the Service Worker that answers the API in the browser (mock mode only). */
export async function startMockApi(): Promise<void> {
  const base = import.meta.env.BASE_URL;
  api = new MockApi({ db: new MockDb({ imageBase: `${base}demo-images/` }) });
  const apiBase = new URL(env.apiUrl, window.location.origin).href;
  const worker = setupWorker(...createHandlers(api, apiBase));
  await worker.start({
    serviceWorker: { url: `${base}mockServiceWorker.js` },
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
}

/** Forgets every change and session: the demo chain as `npm run seed` makes it. */
export function resetDemoData(): void {
  api?.db.reset();
}
