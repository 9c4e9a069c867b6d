import { Types } from 'mongoose';
import request from 'supertest';
import { createTestApp } from '../../test/app';
import { useTestDatabase } from '../../test/db';
import { bearer, createTestUser, type TestUser } from '../../test/fixtures';
import { mountedApiRoutes } from '../../test/openapi';
import { LessonModel } from '../../modules/lessons/lessons.model';
import { PlanModel } from '../../modules/plans/plans.model';
import { findReview } from '../../modules/reviews/reviews.service';
import { UserModel } from '../../modules/users/users.model';
import { expectRefused, unchanged } from './support';

/**
 * OWASP API1:2023 Broken Object Level Authorization, API3 Broken Object Property Level
 * Authorization and API5 Broken Function Level Authorization. Guards: requireAuth / requireAdmin /
 * requireSelfOrAdmin (src/middleware/auth.ts), the caller checks in the users, reviews and payments
 * controllers, and the per-role field lists of users.controller.ts (self: name, phone, password).
 *
 * Every admin route called as a visitor and as a member is src/test/__tests__/authorization.api.test.ts;
 * this file keeps the route inventory complete, covers the admin routes that file does not list, and
 * the member-against-member and mass-assignment cases.
 */
describe('security: access', () => {
  useTestDatabase();
  const { app, expressApp, config } = createTestApp();
  const active = () => ({
    planId: new Types.ObjectId(),
    name: 'Plus',
    start: new Date(Date.now() - 86_400_000),
    end: new Date(Date.now() + 30 * 86_400_000),
  });
  let alice: TestUser;
  let bob: TestUser;
  let trainer: TestUser;
  let lesson: { id: string };

  beforeAll(async () => {
    [alice, bob, trainer] = await Promise.all([
      createTestUser(config, { fullName: 'Alicia Socia', membership: active() }),
      createTestUser(config, { fullName: 'Bruno Socio', membership: active() }),
      createTestUser(config, { fullName: 'Tomás Profe', isMonitor: true, membership: active() }),
    ]);
    const doc = await LessonModel.create({
      name: 'Spinning',
      shortDescription: 'Ciclismo',
      description: 'Ciclismo indoor',
      effort: 3,
      scheduleDays: ['Lunes'],
      scheduleHourStart: '7:00',
      scheduleHourFinish: '8:00',
      monitor: new Types.ObjectId(),
      office: new Types.ObjectId(),
    });
    lesson = { id: doc._id.toString() };
    // Bruno holds the class and has reviewed it.
    await request(app).put(`/api/users/addlesson/${lesson.id}`).set(bearer(bob)).send({}).expect(200);
    await request(app)
      .post('/api/reviews/create')
      .set(bearer(bob))
      .send({ stars: 5, description: 'Excelente', lessonId: lesson.id })
      .expect(201);
  });

  /**
   * Who may call each mounted route. A route missing here fails the inventory test. 'staff' is a
   * trainer, the front desk, a sede manager or an admin (the service then checks which sessions a
   * trainer may see or act on); each role against each route is roles.api.test.ts.
   */
  const ACCESS: Record<
    string,
    | 'public'
    | 'signed-in'
    | 'self-or-admin'
    | 'self-or-manager'
    | 'self-or-desk'
    | 'staff'
    | 'desk'
    | 'manager'
    | 'admin'
  > = {
    'POST /payments/webhook': 'public',
    'GET /health': 'public',
    'GET /ready': 'public',
    'GET /metrics': 'admin',
    'GET /config': 'public',
    'GET /openapi.json': 'public',
    'POST /users/login': 'public',
    'POST /users/create': 'public',
    'POST /users/google': 'public',
    'POST /users/forgot': 'public',
    'POST /users/reset': 'public',
    'GET /users': 'desk',
    'GET /users/deleted': 'manager',
    'GET /users/csv': 'desk',
    'POST /users/bulk': 'manager',
    'GET /users/monitor': 'manager',
    'PUT /users/update/{id}': 'self-or-manager',
    'PUT /users/restore/{id}': 'manager',
    'PUT /users/addlesson/{lessonId}': 'signed-in',
    'DELETE /users/addlesson/{lessonId}': 'signed-in',
    'DELETE /users/delete/{id}': 'self-or-manager',
    'GET /users/export': 'signed-in',
    'POST /users/erase': 'signed-in',
    'POST /users/pause/{id}': 'self-or-manager',
    'GET /users/preferences': 'signed-in',
    'PUT /users/preferences': 'signed-in',
    'GET /users/{id}': 'self-or-desk',
    'GET /memberships': 'public',
    'GET /memberships/all': 'admin',
    'POST /memberships/create': 'admin',
    'PUT /memberships/update/{id}': 'admin',
    'DELETE /memberships/delete/{id}': 'admin',
    'PUT /memberships/restore/{id}': 'admin',
    'GET /memberships/{id}': 'public',
    'GET /branchoffice': 'public',
    'POST /branchoffice/create': 'admin',
    'PUT /branchoffice/update/{id}': 'admin',
    'DELETE /branchoffice/delete/{id}': 'admin',
    'GET /branchoffice/{id}': 'public',
    'GET /lessons': 'public',
    'GET /lessons/all': 'public',
    'GET /lessons/retired': 'manager',
    'GET /lessons/detail/{id}': 'public',
    'POST /lessons/create': 'manager',
    'PUT /lessons/update/{id}': 'manager',
    'DELETE /lessons/delete/{id}': 'manager',
    'PUT /lessons/restore/{id}': 'manager',
    'GET /lessons/{name}': 'public',
    'GET /sessions/branch/{branchId}': 'public',
    'GET /sessions/next': 'public',
    'GET /sessions/demand': 'manager',
    'GET /wishes/mine': 'signed-in',
    'POST /wishes': 'signed-in',
    'DELETE /wishes/{wishId}': 'signed-in',
    'GET /sessions/of/{lessonId}': 'public',
    'GET /sessions/{sessionId}': 'public',
    'PUT /sessions/{sessionId}': 'manager',
    'GET /sessions/teaching': 'staff',
    'GET /sessions/{sessionId}/roster': 'staff',
    'POST /sessions/{sessionId}/cancel': 'manager',
    'POST /sessions/{sessionId}/checkin': 'staff',
    'POST /sessions/{sessionId}/booking': 'signed-in',
    'DELETE /sessions/{sessionId}/booking': 'signed-in',
    'GET /checkin/card': 'signed-in',
    'POST /checkin': 'staff',
    'GET /checkin/members/{memberId}': 'manager',
    'GET /types': 'public',
    'GET /goals': 'public',
    'POST /reviews/create': 'signed-in',
    'GET /events': 'signed-in',
    'POST /events': 'admin',
    'DELETE /events/{id}': 'admin',
    'GET /calendar/feed': 'signed-in',
    'POST /calendar/feed': 'signed-in',
    'GET /calendar/feed/{file}': 'public',
    'POST /payments/create_checkout': 'signed-in',
    'GET /payments/session/{sessionId}': 'signed-in',
    'POST /payments/demo/{sessionId}/confirm': 'signed-in',
    'POST /payments/demo/{sessionId}/cancel': 'signed-in',
    'GET /payments/mine': 'signed-in',
    'GET /payments/{id}/receipt': 'signed-in',
    'GET /payments': 'manager',
    'GET /payments/csv': 'manager',
    'POST /payments/{id}/refund': 'manager',
    'POST /payments/manual': 'desk',
    'GET /subscriptions/mine': 'signed-in',
    'POST /subscriptions/mine/cancel': 'signed-in',
    'POST /subscriptions/mine/resume': 'signed-in',
    'PUT /subscriptions/mine/card': 'signed-in',
    'POST /subscriptions/mine/portal': 'signed-in',
    'GET /subscriptions': 'manager',
    'POST /contact': 'public',
    'GET /contact': 'admin',
    'GET /stats': 'manager',
    'GET /stats/overview': 'manager',
    'GET /audit': 'admin',
    'GET /announcements': 'manager',
    'POST /announcements/preview': 'manager',
    'POST /announcements': 'manager',
    'GET /audit/{entity}/{id}': 'admin',
  };

  test('when the API is mounted, then every route has a declared audience (a new route cannot slip in unguarded)', () => {
    expect(mountedApiRoutes(expressApp).sort()).toEqual(Object.keys(ACCESS).sort());
  });

  const call = (route: string, token?: string) => {
    const [method, path] = route.split(' ') as [string, string];
    const url = `/api${path.replace(/\{\w+\}/g, new Types.ObjectId().toString())}`;
    const test = request(app)[method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](url);
    if (token) test.set('Authorization', `Bearer ${token}`);
    return method === 'GET' || method === 'DELETE' ? test : test.send({ name: 'x', fullName: 'x', stars: 5 });
  };

  test.each(Object.entries(ACCESS).filter(([, who]) => who !== 'public'))(
    'when a visitor calls %s (%s), then 401 and nothing changes',
    async (route) => {
      expectRefused(await unchanged(() => call(route)), 401);
    },
  );

  test.each(Object.entries(ACCESS).filter(([, who]) => who === 'staff' || who === 'desk' || who === 'manager'))(
    'when a member who is not staff calls %s (%s), then 403 and nothing changes',
    async (route) => {
      expectRefused(await unchanged(() => call(route, alice.token)), 403);
    },
  );

  test.each(['GET /stats', 'GET /stats/overview', 'GET /contact', 'GET /checkin/members/{memberId}'])(
    'when a member calls the admin route %s (not in the authorization suite), then 403',
    async (route) => {
      const res = await unchanged(() => call(route, alice.token));
      expectRefused(res, 403);
      expect(res.body).toEqual({ code: 'FORBIDDEN', message: 'No tienes permiso para realizar esta acción' });
    },
  );

  test.each(Object.entries(ACCESS).filter(([, who]) => who === 'admin'))(
    'when a trainer calls the admin route %s (%s), then 403 and nothing changes',
    async (route) => {
      expectRefused(await unchanged(() => call(route, trainer.token)), 403);
    },
  );

  describe('one member against another', () => {
    test.each([
      ['reads the profile', () => request(app).get(`/api/users/${bob.id}`).set(bearer(alice))],
      [
        'changes the name and phone',
        () =>
          request(app)
            .put(`/api/users/update/${bob.id}`)
            .set(bearer(alice))
            .send({ fullName: 'Hackeado', phone: '5500000000' }),
      ],
      [
        'changes the password',
        () => request(app).put(`/api/users/update/${bob.id}`).set(bearer(alice)).send({ password: 'Robada123' }),
      ],
      ['suspends the account', () => request(app).delete(`/api/users/delete/${bob.id}`).set(bearer(alice))],
      [
        'adds a class to their schedule',
        () => request(app).put(`/api/users/addlesson/${lesson.id}`).set(bearer(alice)).send({ idUser: bob.id }),
      ],
      [
        'writes a review in their name',
        () =>
          request(app)
            .post('/api/reviews/create')
            .set(bearer(alice))
            .send({ stars: 1, description: 'Malísima', userId: bob.id, lessonId: lesson.id }),
      ],
      [
        'starts a checkout for them',
        () => request(app).post('/api/payments/create_checkout').set(bearer(alice)).send({ id: bob.id, name: 'Plus' }),
      ],
    ])('when a member %s of another member, then 403 and nothing changes', async (_what, attack) => {
      expectRefused(await unchanged(attack), 403);
    });

    test('when a member reads another member through a path id, then the answer carries none of their data', async () => {
      const res = await request(app).get(`/api/users/${bob.id}`).set(bearer(alice));
      expect(res.status).toBe(403);
      expect(res.text).not.toContain(bob.email);
      expect(res.text).not.toContain('Bruno');
    });

    test("when a member opens their calendar, then another member's plan and classes are not in it, whatever the query says", async () => {
      const from = new Date(Date.now() - 7 * 86_400_000).toISOString();
      const to = new Date(Date.now() + 7 * 86_400_000).toISOString();
      const res = await request(app)
        .get(`/api/events?start=${from}&end=${to}&userId=${bob.id}&id=${bob.id}`)
        .set(bearer(alice));
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).not.toContain('Spinning');
    });

    test("when a member rates a class Bruno reviewed, then only their own review is written and Bruno's stays", async () => {
      const review = (user: TestUser) => findReview(new Types.ObjectId(user.id), new Types.ObjectId(lesson.id));
      const before = await review(bob);
      expect(before).toMatchObject({ stars: expect.any(Number) });
      const res = await request(app)
        .post('/api/reviews/create')
        .set(bearer(alice))
        .send({ stars: 2, description: 'Regular', lessonId: lesson.id });
      expect(res.status).toBe(201);
      expect(await review(bob)).toEqual(before);
      expect(await review(alice)).toMatchObject({ stars: 2, description: 'Regular' });
    });

    test("when a member lists their payments, then another member's checkout is not among them", async () => {
      await PlanModel.create({ name: 'Plus', duration: 1, benefits: 'Todo', price: 30 });
      const started = await request(app).post('/api/payments/create_checkout').set(bearer(bob)).send({ name: 'Plus' });
      expect(started.status).toBe(201);
      const sessionId = String(started.body.redirect_url).split('/').pop();
      expectRefused(await request(app).get(`/api/payments/session/${sessionId}`).set(bearer(alice)), 403);
      expectRefused(
        await unchanged(() => request(app).post(`/api/payments/demo/${sessionId}/cancel`).set(bearer(alice))),
        403,
      );
      const mine = await request(app)
        .get('/api/payments/mine?userId=' + bob.id)
        .set(bearer(alice));
      expect(mine.body).toEqual([]);
    });

    test("when a member asks for another member's receipt, then it is refused and no number is given", async () => {
      await PlanModel.create({ name: 'Básico', duration: 1, benefits: 'Sala', price: 20 });
      const started = await request(app)
        .post('/api/payments/create_checkout')
        .set(bearer(bob))
        .send({ name: 'Básico' });
      const sessionId = String(started.body.redirect_url).split('/').pop();
      const paid = await request(app).post(`/api/payments/demo/${sessionId}/confirm`).set(bearer(bob)).expect(200);
      const id = String(paid.body.payment.id);
      expectRefused(await request(app).get(`/api/payments/${id}/receipt`).set(bearer(alice)), 403);
      expectRefused(await request(app).get(`/api/payments/${id}/receipt`).set(bearer(trainer)), 403);
      expectRefused(await request(app).get(`/api/payments/${id}/receipt`), 401);
      const own = await request(app).get(`/api/payments/${id}/receipt`).set(bearer(bob));
      expect(own.status).toBe(200);
      expect(own.headers['content-type']).toBe('application/pdf');
    });
  });

  describe('self-update and registration cannot set protected fields', () => {
    const protectedFields: [string, Record<string, unknown>][] = [
      ['isAdmin true', { isAdmin: true }],
      ['isAdmin as the form word', { isAdmin: 'Si' }],
      ['isAdmin as text', { isAdmin: 'true' }],
      ['isMonitor', { isMonitor: true }],
      [
        'a membership',
        {
          membership: { planId: new Types.ObjectId(), name: 'Premium', start: new Date(), end: new Date('2099-01-01') },
        },
      ],
      ['a membership end by dotted path', { 'membership.end': '2099-01-01' }],
      ['deletedAt', { deletedAt: null }],
      ['sessionsValidAfter', { sessionsValidAfter: '2099-01-01' }],
      ['a password hash', { passwordHash: '$2b$04$abcdefghijklmnopqrstuu0123456789012345678901234567890' }],
      ['the e-mail', { email: 'nuevo@example.com' }],
      ['another _id', { _id: new Types.ObjectId().toString() }],
      ['the class list', { lessons: [new Types.ObjectId().toString()] }],
      ['an update operator', { $set: { isAdmin: true } }],
      [
        'a prototype key',
        JSON.parse('{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"isAdmin": true}}}'),
      ],
    ];

    test.each(protectedFields)(
      'when a member updates their own profile sending %s, then only name and phone change',
      async (_name, extra) => {
        const me = await createTestUser(config);
        const before = await UserModel.findById(me.id).select('+passwordHash').lean();
        const res = await request(app)
          .put(`/api/users/update/${me.id}`)
          .set(bearer(me))
          .set('Content-Type', 'application/json')
          .send(JSON.stringify({ fullName: 'Nombre Nuevo', phone: '5599998888', ...extra }));
        expect(res.status).toBe(200);
        const after = await UserModel.findById(me.id).select('+passwordHash').lean();
        const without = (doc: unknown) =>
          Object.fromEntries(
            Object.entries(doc as Record<string, unknown>).filter(
              ([key]) => !['fullName', 'phone', 'updatedAt'].includes(key),
            ),
          );
        expect(after).toMatchObject({ fullName: 'Nombre Nuevo', phone: '5599998888' });
        expect(without(after)).toEqual(without(before));
        expect(res.body.user.detalle).toMatchObject({ isAdmin: false, isMonitor: false });
        expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
      },
    );

    test.each(protectedFields)(
      'when someone registers sending %s, then they get a plain member account',
      async (_name, extra) => {
        const email = `reg-${new Types.ObjectId().toString()}@example.com`;
        const res = await request(app)
          .post('/api/users/create')
          .set('Content-Type', 'application/json')
          .send(JSON.stringify({ ...extra, email, password: 'Secreta123' }));
        expect(res.status).toBe(201);
        const doc = await UserModel.findOne({ email }).select('+passwordHash').lean();
        expect(doc).toMatchObject({
          isAdmin: false,
          isMonitor: false,
          membership: null,
          deletedAt: null,
          lessons: [],
          sessionsValidAfter: null,
        });
        expect(doc?.passwordHash).not.toBe(extra.passwordHash);
        expect(doc?._id.toString()).toBe(res.body.user.id);
      },
    );
  });
});
