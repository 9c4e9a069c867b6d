// @vitest-environment node
import { getResponse } from 'msw';
import { PDFDocument } from 'pdf-lib';
import { DEMO_ACCOUNTS, MESSAGES, schemas } from '@pulso/shared';
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

  it('writes the audit trail as the server does: staff changes with the values before and after, not a member’s own', async () => {
    const api = new MockApi({ db: new MockDb({ storage: null }) });
    const admin = await call(api, 'POST', '/users/login', { email: 'admin@pulso.demo', password: 'Admin1234' });
    const token = (admin.body.login as { token: string }).token;
    const plans = (await call(api, 'GET', '/memberships')).body as unknown as {
      id: string;
      name: string;
      price: number;
      benefits: string;
      duration: number;
    }[];
    const plan = plans[0] ?? { id: '', name: '', price: 0, benefits: '', duration: 1, renewing: false };
    const form = { ...plan, id: undefined, price: plan.price + 1000 };
    expect((await call(api, 'PUT', `/memberships/update/${plan.id}`, form, token)).status).toBe(200);
    // The same values again: nothing changed, nothing written.
    expect((await call(api, 'PUT', `/memberships/update/${plan.id}`, form, token)).status).toBe(200);
    const history = (await call(api, 'GET', `/audit/plan/${plan.id}`, undefined, token)).body as unknown as {
      action: string;
      actor: { name: string; role: string };
      changes: unknown[];
    }[];
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      action: 'update',
      actor: { role: 'admin' },
      changes: [{ field: 'price', label: 'Precio', before: plan.price, after: plan.price + 1000 }],
    });
    const login = await call(api, 'POST', '/users/login', { email: member.email, password: member.password });
    const mine = (login.body.login as { token: string }).token;
    const id = JSON.parse(atob((mine.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'))).id as string;
    expect(
      (await call(api, 'PUT', `/users/update/${id}`, { fullName: 'Otra Socia', phone: '5511111111' }, mine)).status,
    ).toBe(200);
    expect((await call(api, 'GET', '/audit', undefined, token)).body).toHaveLength(1);
    expect((await call(api, 'GET', '/audit', undefined, mine)).status).toBe(403);
    expect((await call(api, 'GET', '/audit?entity=planes', undefined, token)).status).toBe(400);
  });

  it('answers an unknown route as the server does', async () => {
    const api = new MockApi({ db: new MockDb({ storage: null }) });
    expect(await call(api, 'GET', '/nada')).toEqual({
      status: 404,
      body: { code: 'ROUTE_NOT_FOUND', message: MESSAGES.api.routeNotFound },
    });
  });

  it('applies the purchase rule, keeps the reminders preference and exports the member’s data as the server does', async () => {
    const api = new MockApi({ db: new MockDb({ storage: null }) });
    const login = await call(api, 'POST', '/users/login', { email: 'tomas@pulso.demo', password: 'Socio1234' });
    const token = (login.body.login as { token: string }).token;
    const id = JSON.parse(atob((token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'))).id as string;
    const before = (await call(api, 'GET', `/users/${id}`, undefined, token)).body.membresia as { end: string };

    const started = await call(api, 'POST', '/payments/create_checkout', { name: 'Premium' }, token);
    const sessionId = String(started.body.redirect_url).split('/').pop() ?? '';
    const paid = await call(api, 'POST', `/payments/demo/${sessionId}/confirm`, undefined, token);
    expect(paid.status).toBe(200);
    const membresia = schemas.membership.parse(paid.body.membresia);
    expect(membresia.name).toBe('Plus');
    expect(membresia.periods.map((p) => p.name)).toEqual(['Plus', 'Premium']);
    expect(membresia.periods[1]?.start).toBe(before.end);
    expect(paid.body.payment).toMatchObject({ membershipStart: before.end });

    expect((await call(api, 'GET', '/users/preferences', undefined, token)).body).toEqual({
      membershipReminders: true,
    });
    const off = await call(api, 'PUT', '/users/preferences', { membershipReminders: false }, token);
    expect(off.body).toEqual({ message: MESSAGES.users.preferencesSaved, preferences: { membershipReminders: false } });

    const exported = await call(api, 'GET', '/users/export', undefined, token);
    const data = schemas.dataExport.parse(exported.body);
    expect(data.account).toMatchObject({ email: 'tomas@pulso.demo', preferences: { membershipReminders: false } });
    expect(data.payments.some((p) => p.planName === 'Premium')).toBe(true);
    expect(data.membershipHistory.at(-1)).toMatchObject({ kind: 'change', plan: 'Premium', start: before.end });
    expect(data.bookings.length).toBeGreaterThan(0);
    expect((await call(api, 'GET', '/users/export')).status).toBe(401);
  });

  it('numbers receipts in one sequence and answers each as a PDF, as the server does', async () => {
    const api = new MockApi({ db: new MockDb({ storage: null }) });
    const login = await call(api, 'POST', '/users/login', { email: 'tomas@pulso.demo', password: 'Socio1234' });
    const token = (login.body.login as { token: string }).token;
    const started = await call(api, 'POST', '/payments/create_checkout', { name: 'Premium' }, token);
    const sessionId = String(started.body.redirect_url).split('/').pop() ?? '';
    const paid = await call(api, 'POST', `/payments/demo/${sessionId}/confirm`, undefined, token);
    const payment = paid.body.payment as { id: string; receiptNumber: number };
    expect(payment.receiptNumber).toBe(1);

    const request = (path: string, bearer?: string) =>
      getResponse(
        createHandlers(api, BASE),
        new Request(`${BASE}${path}`, { headers: bearer ? { Authorization: `Bearer ${bearer}` } : {} }),
      );
    const res = await request(`/payments/${payment.id}/receipt`, token);
    expect(res?.status).toBe(200);
    expect(res?.headers.get('content-type')).toBe('application/pdf');
    expect(res?.headers.get('content-disposition')).toBe('attachment; filename="recibo-000001.pdf"');
    const pdf = await PDFDocument.load(new Uint8Array(await (res as Response).arrayBuffer()));
    expect(pdf.getTitle()).toBe('Recibo 000001');

    // The seeded payment, paid before: numbered when first asked for, the next number.
    const mine = (await call(api, 'GET', '/payments/mine', undefined, token)).body as unknown as {
      id: string;
      receiptNumber: number | null;
    }[];
    const seeded = mine.find((p) => p.id !== payment.id);
    expect(seeded?.receiptNumber).toBeNull();
    const first = await request(`/payments/${seeded?.id}/receipt`, token);
    expect(first?.headers.get('content-disposition')).toContain('recibo-000002.pdf');
    const second = await request(`/payments/${seeded?.id}/receipt`, token);
    expect(second?.headers.get('content-disposition')).toContain('recibo-000002.pdf');

    const other = await call(api, 'POST', '/users/login', { email: member.email, password: member.password });
    const otherToken = (other.body.login as { token: string }).token;
    expect((await request(`/payments/${payment.id}/receipt`, otherToken))?.status).toBe(403);
    expect((await request(`/payments/${payment.id}/receipt`))?.status).toBe(401);
  });

  it('pauses a membership as the server does: its end moves by the paused days, inside the rules', async () => {
    const api = new MockApi({ db: new MockDb({ storage: null }) });
    const login = await call(api, 'POST', '/users/login', { email: member.email, password: member.password });
    const token = (login.body.login as { token: string }).token;
    const id = JSON.parse(atob((token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'))).id as string;
    const before = (await call(api, 'GET', `/users/${id}`, undefined, token)).body.membresia as { end: string };
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

    const early = await call(api, 'POST', `/users/pause/${id}`, { from: day(1), days: 14 }, token);
    expect(early).toEqual({ status: 409, body: { code: 'PAUSE_REFUSED', message: MESSAGES.pauses.notice(2) } });
    const paused = await call(api, 'POST', `/users/pause/${id}`, { from: day(3), days: 14 }, token);
    expect(paused.status).toBe(200);
    expect(schemas.pauseSaved.safeParse(paused.body).success).toBe(true);
    const after = paused.body.membresia as { end: string; pauses: unknown[] };
    expect(Date.parse(after.end) - Date.parse(before.end)).toBe(14 * 86_400_000);
    expect(after.pauses).toEqual([
      {
        from: `${day(3)}T00:00:00.000Z`,
        until: new Date(Date.parse(`${day(3)}T00:00:00.000Z`) + 14 * 86_400_000).toISOString(),
      },
    ]);
    const again = await call(api, 'POST', `/users/pause/${id}`, { from: day(5), days: 7 }, token);
    expect(again.body).toEqual({ code: 'PAUSE_REFUSED', message: MESSAGES.pauses.overlap });
  });

  it('erases an account as the server does: its address registers again, its reviews say Socio anónimo, its receipts name no one', async () => {
    const api = new MockApi({ db: new MockDb({ storage: null }) });
    const login = await call(api, 'POST', '/users/login', { email: 'ana@pulso.demo', password: 'Socio1234' });
    const token = (login.body.login as { token: string }).token;
    const id = JSON.parse(atob((token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'))).id as string;

    const wrong = await call(api, 'POST', '/users/erase', { password: 'Mala1234' }, token);
    expect(wrong).toMatchObject({
      status: 400,
      body: { details: [{ field: 'password', message: 'La contraseña no es correcta' }] },
    });
    const erased = await call(api, 'POST', '/users/erase', { password: 'Socio1234' }, token);
    expect(erased).toEqual({ status: 200, body: { message: MESSAGES.users.erasure.erased } });
    expect((await call(api, 'GET', `/users/${id}`, undefined, token)).status).toBe(401);

    const admin = await call(api, 'POST', '/users/login', { email: 'admin@pulso.demo', password: 'Admin1234' });
    const adminToken = (admin.body.login as { token: string }).token;
    const suspended = (await call(api, 'GET', '/users/deleted', undefined, adminToken)).body as unknown as {
      id: string;
      fullName: string;
      erasedAt: string | null;
    }[];
    expect(suspended.find((u) => u.id === id)).toMatchObject({
      fullName: 'Socio anónimo',
      erasedAt: expect.any(String),
    });
    expect((await call(api, 'PUT', `/users/restore/${id}`, undefined, adminToken)).body.message).toBe(
      MESSAGES.users.erasure.notRestorable,
    );
    const again = await call(api, 'POST', '/users/create', {
      email: 'ana@pulso.demo',
      password: 'Socio1234',
      fullName: 'Ana Vuelve',
    });
    expect(again.status).toBe(201);
  });

  it('starts a renewing plan’s subscription as the server does, stops and restarts it, and refuses a second one', async () => {
    const api = new MockApi({ db: new MockDb({ storage: null }) });
    const login = await call(api, 'POST', '/users/login', { email: 'usuario@pulso.demo', password: 'Usuario1234' });
    const token = (login.body.login as { token: string }).token;
    expect((await call(api, 'GET', '/subscriptions/mine', undefined, token)).body).toEqual({ subscription: null });
    const started = await call(api, 'POST', '/payments/create_checkout', { name: 'Standar' }, token);
    const sessionId = String(started.body.redirect_url).split('/').pop() ?? '';
    const paid = await call(api, 'POST', `/payments/demo/${sessionId}/confirm`, { failRenewals: true }, token);
    expect(paid.status).toBe(200);
    const mine = schemas.mySubscription.parse((await call(api, 'GET', '/subscriptions/mine', undefined, token)).body);
    expect(mine.subscription).toMatchObject({ planName: 'Standar', status: 'active', cardFailing: true });
    expect(mine.subscription?.renewsAt).toBe((paid.body.payment as { membershipEnd: string }).membershipEnd);

    const cancelled = await call(api, 'POST', '/subscriptions/mine/cancel', undefined, token);
    expect(cancelled.body.message).toMatch(/^Listo: tu plan no se renovará\. Sigue activo hasta el /);
    expect(cancelled.body.subscription).toMatchObject({ cancelAtPeriodEnd: true, renewsAt: null });
    const resumed = await call(api, 'POST', '/subscriptions/mine/resume', undefined, token);
    expect(resumed.body.subscription).toMatchObject({ cancelAtPeriodEnd: false });
    const card = await call(api, 'PUT', '/subscriptions/mine/card', { failing: false }, token);
    expect(card.body).toMatchObject({
      message: 'Tarjeta de demostración actualizada',
      subscription: { cardFailing: false },
    });
    expect((await call(api, 'POST', '/subscriptions/mine/portal', undefined, token)).status).toBe(409);

    const again = await call(api, 'POST', '/payments/create_checkout', { name: 'Standar' }, token);
    expect(again).toMatchObject({ status: 409, body: { message: MESSAGES.subscriptions.alreadyRenewing } });
  });
});
