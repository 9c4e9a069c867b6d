// @vitest-environment node
import { getResponse } from 'msw';
import { DEMO_ACCOUNTS, MESSAGES } from '@pulso/shared';
import { MockApi } from '../api';
import { MockDb, MOCK_DB_STORAGE_KEY } from '../db';
import { createHandlers } from '../handlers';
import { memoryStorage } from './node-storage';

const BASE = 'http://localhost/api';

const call = async (api: MockApi, method: string, path: string, body?: unknown, token?: string) => {
  const request = new Request(`${BASE}${path}`, {
    method,
    headers: {
      ...(body ? { 'Content-Type': 'application/json' } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const response = await getResponse(createHandlers(api, BASE), request);
  if (!response) throw new Error(`No handler answered ${method} ${path}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

const member = DEMO_ACCOUNTS.find((a) => a.role === 'member') ?? { email: '', password: '' };

describe('mock API', () => {
  it('keeps its data in storage across instances and resets to the demo chain', async () => {
    const storage = memoryStorage();
    const api = new MockApi({ db: new MockDb({ storage }) });
    const login = await call(api, 'POST', '/users/login', { email: member.email, password: member.password });
    const token = (login.body.login as { token: string }).token;
    expect(storage.items.has(MOCK_DB_STORAGE_KEY)).toBe(true);

    const again = new MockApi({ db: new MockDb({ storage }) });
    const id = JSON.parse(atob((token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'))).id as string;
    expect((await call(again, 'GET', `/users/${id}`, undefined, token)).status).toBe(200);

    again.db.reset();
    expect((await call(again, 'GET', `/users/${id}`, undefined, token)).status).toBe(401);
  });

  it('refuses a token whose payload was changed', async () => {
    const api = new MockApi({ db: new MockDb({ storage: null }) });
    const login = await call(api, 'POST', '/users/login', { email: member.email, password: member.password });
    const [h, , s] = (login.body.login as { token: string }).token.split('.');
    const forged = `${h}.${btoa(JSON.stringify({ id: 'x', isAdmin: true })).replace(/=+$/, '')}.${s}`;
    const res = await call(api, 'GET', '/stats', undefined, forged);
    expect(res).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED', message: MESSAGES.api.invalidSession } });
  });

  it('soft-deletes and restores a plan', async () => {
    const api = new MockApi({ db: new MockDb({ storage: null }) });
    const admin = await call(api, 'POST', '/users/login', { email: 'admin@pulso.demo', password: 'Admin1234' });
    const token = (admin.body.login as { token: string }).token;
    const plans = (await call(api, 'GET', '/memberships')).body as unknown as { id: string }[];
    const id = plans[0]?.id ?? '';
    expect((await call(api, 'DELETE', `/memberships/delete/${id}`, undefined, token)).status).toBe(200);
    expect(((await call(api, 'GET', '/memberships')).body as unknown as unknown[]).length).toBe(plans.length - 1);
    expect((await call(api, 'PUT', `/memberships/restore/${id}`, undefined, token)).body.message).toBe(
      MESSAGES.planForm.restored,
    );
  });

  it('answers an unknown route as the server does', async () => {
    const api = new MockApi({ db: new MockDb({ storage: null }) });
    expect(await call(api, 'GET', '/nada')).toEqual({
      status: 404,
      body: { code: 'ROUTE_NOT_FOUND', message: MESSAGES.api.routeNotFound },
    });
  });
});
