// @vitest-environment node
import './node-storage';
import { setupServer } from 'msw/node';
import { JPEG_BYTES, runScenario, type Send, type Vars } from '../../../../shared/src/contract/run';
import { SCENARIOS } from '../../../../shared/src/contract/scenarios';
import { MockApi } from '../api';
import { MockDb } from '../db';
import { createHandlers } from '../handlers';

/**
 * The API contract (shared/src/contract) against the mock mode: the MSW handlers in node, called
 * with fetch. server/src/__tests__/contract.api.test.ts runs the same scenarios against the server.
 */
const BASE = 'http://localhost/api';
const api = new MockApi({ db: new MockDb({ storage: null }) });
const server = setupServer(...createHandlers(api, BASE));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const send: Send = async (request) => {
  const headers: Record<string, string> = {};
  if (request.token) headers.Authorization = `Bearer ${request.token}`;
  let body: FormData | string | undefined;
  if (request.multipart) {
    const { field, attributes, image } = request.multipart;
    const form = new FormData();
    form.set(field, JSON.stringify(attributes));
    if (image) {
      const bytes =
        image.content === 'jpeg' ? new Uint8Array(JPEG_BYTES) : new TextEncoder().encode('no soy una imagen');
      form.set('image', new Blob([bytes], { type: 'image/jpeg' }), image.name);
    }
    body = form;
  } else if (request.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(request.json);
  }
  const response = await fetch(BASE + request.path, { method: request.method, headers, body });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
};

describe('API contract: the mock mode (MSW handlers)', () => {
  const vars: Vars = { runId: Math.random().toString(36).slice(2, 8) };
  for (const scenario of SCENARIOS) {
    it(scenario.name, async () => {
      expect(await runScenario(scenario, send, vars)).toEqual([]);
    });
  }
});
