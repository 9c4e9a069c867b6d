import { http } from 'msw';
import type { MockApi } from './api';

/**
 * One catch-all handler under the API's base address (e.g. `http://localhost:5173/api`): every call
 * there is answered by the mock API; anything else (the app's own files, images) passes through.
 */
export function createHandlers(api: MockApi, apiBase: string) {
  const base = apiBase.replace(/\/$/, '');
  return [http.all(`${base}/*`, ({ request }) => api.handle(request))];
}
