// @vitest-environment node
import './node-storage';
import { getResponse, type HttpHandler } from 'msw';
import * as z from 'zod';
import { DEMO_ACCOUNTS, MESSAGES, schemas } from '@pulso/shared';
import { MockApi } from '../api';
import { MockDb } from '../db';
import { router, type Access } from '../route';
import { signToken } from '../session';

const BASE = 'http://localhost/api';

function setup() {
  const api = new MockApi({ db: new MockDb({ storage: null }) });
  const { route, notFound } = router(api, BASE);
  const { data } = api.db;
  const tokenOf = (role: string) => {
    const email = DEMO_ACCOUNTS.find((a) => a.role === role)?.email;
    const user = data.users.find((u) => u.email === email);
    if (!user) throw new Error(`no demo ${role}`);
    return { id: user.id, token: signToken(data, { id: user.id, isAdmin: user.isAdmin }) };
  };
  const call = async (handlers: HttpHandler[], method: string, path: string, init: RequestInit = {}) => {
    const response = await getResponse([...handlers, notFound], new Request(`${BASE}${path}`, { method, ...init }));
    if (!response) throw new Error('not answered');
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  return { api, route, tokenOf, call };
}

describe('mock routes: access', () => {
  const { route, tokenOf, call } = setup();
  const member = tokenOf('member');
  const admin = tokenOf('admin');
  const probe = (access: Access) =>
    route('GET /probe/:id', { access, ok: [200, schemas.message] }, () => ({ message: 'dentro' }));
  const statusFor = async (access: Access, who: { token: string } | null, id: string) =>
    (
      await call([probe(access)], 'GET', `/probe/${id}`, {
        headers: who ? { Authorization: `Bearer ${who.token}` } : {},
      })
    ).status;

  it.each([
    // access, anonymous, a member on their own id, a member on another id, an admin on another id
    ['anyone', 200, 200, 200, 200],
    ['signed-in', 401, 200, 200, 200],
    ['member', 401, 200, 200, 200],
    ['self-or-admin', 401, 200, 403, 200],
    ['admin', 401, 403, 403, 200],
  ] as const)('%s: anonymous %i, own %i, another %i, admin %i', async (access, anonymous, own, another, byAdmin) => {
    expect(await statusFor(access, null, member.id)).toBe(anonymous);
    expect(await statusFor(access, member, member.id)).toBe(own);
    expect(await statusFor(access, member, admin.id)).toBe(another);
    expect(await statusFor(access, admin, member.id)).toBe(byAdmin);
  });

  it('answers a tampered token with 401 even on a public route, as the server does', async () => {
    const res = await call([probe('anyone')], 'GET', `/probe/${member.id}`, {
      headers: { Authorization: `Bearer ${member.token}x` },
    });
    expect(res).toEqual({ status: 401, body: { code: 'UNAUTHENTICATED', message: MESSAGES.api.invalidSession } });
  });
});

describe('mock routes: bodies and answers', () => {
  const { route, tokenOf, call } = setup();
  const admin = tokenOf('admin');
  const send = (handlers: HttpHandler[], json: unknown) =>
    call(handlers, 'POST', '/probe', {
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin.token}` },
      body: JSON.stringify(json),
    });

  it('judges a body with its shared schema: the wrong types alone first, then the rules', async () => {
    const plans = route('POST /probe', { access: 'admin', body: schemas.planForm, ok: [201, schemas.message] }, () => ({
      message: 'creado',
    }));
    const wrongType = await send([plans], { name: 5, benefits: '', duration: 12, price: 'diez' });
    expect(wrongType).toEqual({
      status: 400,
      body: {
        code: 'VALIDATION_FAILED',
        message: MESSAGES.users.wrongType,
        details: [{ field: 'name', message: MESSAGES.users.wrongType }],
      },
    });
    const rules = await send([plans], { name: 'Anual', benefits: '', duration: 12, price: 'diez' });
    expect(rules.body.details).toEqual([
      { field: 'benefits', message: MESSAGES.planForm.benefitsRequired },
      { field: 'price', message: MESSAGES.planForm.priceFormat },
    ]);
    expect((await send([plans], { name: 'Anual', benefits: 'Todo', duration: 12, price: 10 })).status).toBe(201);
  });

  it('passes the route only the fields its form names', async () => {
    let seen: unknown;
    const plans = route(
      'POST /probe',
      { access: 'admin', body: schemas.planForm, ok: [201, schemas.message] },
      (ctx) => {
        seen = ctx.input;
        return { message: 'creado' };
      },
    );
    await send([plans], { name: 'Anual', benefits: 'Todo', duration: 12, price: 10, isAdmin: true, deletedAt: null });
    expect(seen).toEqual({ name: 'Anual', benefits: 'Todo', duration: 12, price: 10 });
  });

  it('answers 500 rather than a shape its answer schema does not describe', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const wrong = route('POST /probe', { access: 'admin', ok: [200, z.object({ count: z.number() })] }, () => ({
      count: 'dos' as unknown as number,
    }));
    expect(await send([wrong], {})).toEqual({
      status: 500,
      body: { code: 'INTERNAL_ERROR', message: MESSAGES.api.internal },
    });
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it('leaves out of the answer what its schema does not name', async () => {
    const extra = route('POST /probe', { access: 'admin', ok: [200, schemas.message] }, () => ({
      message: 'hecho',
      password: 'secreta',
    }));
    expect(await send([extra], {})).toEqual({ status: 200, body: { message: 'hecho' } });
  });
});
