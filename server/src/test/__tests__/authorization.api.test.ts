import { Types } from 'mongoose';
import mongoose from 'mongoose';
import request from 'supertest';
import { createTestApp } from '../app';
import { useTestDatabase } from '../db';
import { bearer, createTestUser, type TestUser } from '../fixtures';
import { PNG } from '../images';

/**
 * Every admin route, called as a visitor and as a member: 401 and 403, and the database is exactly
 * as it was (the server enforces every role itself, whatever the browser shows).
 */
describe('authorization of admin routes', () => {
  useTestDatabase();
  const { app, config } = createTestApp();
  let member: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    member = await createTestUser(config, {
      membership: { planId: new Types.ObjectId(), name: 'Plus', start: new Date(0), end: new Date('2099-01-01') },
    });
    other = await createTestUser(config, { deletedAt: new Date() });
  });

  const id = () => new Types.ObjectId().toString();
  const json = {
    name: 'Plan',
    benefits: 'Todo',
    duration: '1',
    price: '10',
    title: 'X',
    start: '2026-01-01',
    end: '2026-01-02',
  };
  type Call = [string, (token?: string) => request.Test];
  const withToken = (test: request.Test, token?: string) =>
    token ? test.set('Authorization', `Bearer ${token}`) : test;
  const multipart = (test: request.Test, field: string) =>
    test.field(field, JSON.stringify({ name: 'Nueva' })).attach('image', PNG, 'a.png');

  const calls: Call[] = [
    ['GET /api/users', (t) => withToken(request(app).get('/api/users'), t)],
    ['GET /api/users/deleted', (t) => withToken(request(app).get('/api/users/deleted'), t)],
    ['GET /api/users/csv', (t) => withToken(request(app).get('/api/users/csv'), t)],
    [
      'POST /api/users/bulk',
      (t) =>
        withToken(request(app).post('/api/users/bulk'), t).send({
          action: 'suspend',
          ids: [other.id],
          requestId: 'authz-bulk-01',
        }),
    ],
    ['GET /api/audit', (t) => withToken(request(app).get('/api/audit'), t)],
    ['GET /api/announcements', (t) => withToken(request(app).get('/api/announcements'), t)],
    [
      'POST /api/announcements/preview',
      (t) =>
        withToken(request(app).post('/api/announcements/preview'), t).send({
          subject: 'a',
          body: 'b',
          audience: 'all',
        }),
    ],
    [
      'POST /api/announcements',
      (t) => withToken(request(app).post('/api/announcements'), t).send({ subject: 'a', body: 'b', audience: 'all' }),
    ],
    ['GET /api/audit/:entity/:id', (t) => withToken(request(app).get(`/api/audit/user/${other.id}`), t)],
    ['GET /api/users/monitor', (t) => withToken(request(app).get('/api/users/monitor'), t)],
    ['PUT /api/users/restore/:id', (t) => withToken(request(app).put(`/api/users/restore/${other.id}`), t)],
    ['GET /api/memberships/all', (t) => withToken(request(app).get('/api/memberships/all'), t)],
    ['POST /api/memberships/create', (t) => withToken(request(app).post('/api/memberships/create'), t).send(json)],
    [
      'PUT /api/memberships/update/:id',
      (t) => withToken(request(app).put(`/api/memberships/update/${id()}`), t).send(json),
    ],
    ['DELETE /api/memberships/delete/:id', (t) => withToken(request(app).delete(`/api/memberships/delete/${id()}`), t)],
    ['PUT /api/memberships/restore/:id', (t) => withToken(request(app).put(`/api/memberships/restore/${id()}`), t)],
    [
      'POST /api/branchoffice/create',
      (t) => multipart(withToken(request(app).post('/api/branchoffice/create'), t), 'officeAttributes'),
    ],
    [
      'PUT /api/branchoffice/update/:id',
      (t) => multipart(withToken(request(app).put(`/api/branchoffice/update/${id()}`), t), 'officeAttributes'),
    ],
    [
      'DELETE /api/branchoffice/delete/:id',
      (t) => withToken(request(app).delete(`/api/branchoffice/delete/${id()}`), t),
    ],
    ['GET /api/lessons/retired', (t) => withToken(request(app).get('/api/lessons/retired'), t)],
    [
      'POST /api/lessons/create',
      (t) => multipart(withToken(request(app).post('/api/lessons/create'), t), 'lessonAttributes'),
    ],
    [
      'PUT /api/lessons/update/:id',
      (t) => multipart(withToken(request(app).put(`/api/lessons/update/${id()}`), t), 'lessonAttributes'),
    ],
    ['DELETE /api/lessons/delete/:id', (t) => withToken(request(app).delete(`/api/lessons/delete/${id()}`), t)],
    ['PUT /api/lessons/restore/:id', (t) => withToken(request(app).put(`/api/lessons/restore/${id()}`), t)],
    ['POST /api/events', (t) => withToken(request(app).post('/api/events'), t).send(json)],
    ['DELETE /api/events/:id', (t) => withToken(request(app).delete(`/api/events/${id()}`), t)],
    ['GET /api/payments', (t) => withToken(request(app).get('/api/payments'), t)],
    ['GET /api/payments/csv', (t) => withToken(request(app).get('/api/payments/csv'), t)],
    [
      'POST /api/payments/:id/refund',
      (t) => withToken(request(app).post(`/api/payments/${new Types.ObjectId()}/refund`), t).send({}),
    ],
    ['GET /api/subscriptions', (t) => withToken(request(app).get('/api/subscriptions'), t)],
    [
      'POST /api/payments/manual',
      (t) => withToken(request(app).post('/api/payments/manual'), t).send({ userId: member.id, planId: id() }),
    ],
  ];

  async function snapshot(): Promise<string> {
    const db = mongoose.connection.db;
    if (!db) throw new Error('not connected');
    const collections = (await db.listCollections().toArray()).map((c) => c.name).sort();
    const dump: Record<string, unknown[]> = {};
    for (const name of collections) dump[name] = await db.collection(name).find().sort({ _id: 1 }).toArray();
    return JSON.stringify(dump);
  }

  test.each(calls)(
    'when %s is called by a visitor and by a member, then 401 / 403 and nothing changes',
    async (_name, call) => {
      const before = await snapshot();
      const anonymous = await call();
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.code).toBe('UNAUTHENTICATED');
      const asMember = await call(member.token);
      expect(asMember.status).toBe(403);
      expect(asMember.body).toEqual({ code: 'FORBIDDEN', message: 'No tienes permiso para realizar esta acción' });
      expect(await snapshot()).toBe(before);
    },
  );

  test('when a member reads or changes another member, then 403', async () => {
    const target = await createTestUser(config);
    expect((await request(app).get(`/api/users/${target.id}`).set(bearer(member))).status).toBe(403);
    expect(
      (await request(app).put(`/api/users/update/${target.id}`).set(bearer(member)).send({ fullName: 'X' })).status,
    ).toBe(403);
    expect((await request(app).delete(`/api/users/delete/${target.id}`).set(bearer(member))).status).toBe(403);
  });
});
