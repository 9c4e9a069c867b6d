import { Types } from 'mongoose';
import request from 'supertest';
import { ERROR_CODES, MESSAGES, sessionIdOf, type UserRole } from '@pulso/shared';
import { ALL_TABLES } from '../../docs/openapi';
import { apiRouteName, type Access } from '../../lib/route-table';
import { createTestApp } from '../../test/app';
import { useTestDatabase } from '../../test/db';
import { bearer, createTestUser, lessonFields, type TestUser } from '../../test/fixtures';
import { BranchModel } from '../../modules/branches/branches.model';
import { LessonModel } from '../../modules/lessons/lessons.model';
import { PlanModel } from '../../modules/plans/plans.model';
import { UserModel } from '../../modules/users/users.model';
import { expectRefused, unchanged } from './support';

/**
 * Roles beyond admin (issue 24, item 4): every route walked with each role, and a sede's staff held
 * to their sede. The spec's admin reaches the chain; a sede manager (role 'manager') what the admin
 * does within their home sede, but no plans, sedes, trainers, contact messages or the audit trail;
 * the front desk (role 'desk') check-in, desk payments and their sede's members' contact data.
 */
describe('security: roles', () => {
  useTestDatabase();
  const { app, config } = createTestApp();
  const hours = { scheduleDays: ['Lunes'], scheduleHourStart: '6:00', scheduleHourFinish: '22:00' };
  const active = () => ({
    planId: new Types.ObjectId(),
    name: 'Plus',
    start: new Date(Date.now() - 86_400_000),
    end: new Date(Date.now() + 30 * 86_400_000),
  });
  let centro: string;
  let norte: string;
  let as: Record<UserRole, TestUser>;
  let ours: TestUser;
  let theirs: TestUser;
  let plan: string;

  beforeAll(async () => {
    centro = (await BranchModel.create({ name: 'Sede Centro', location: 'Calle 1', ...hours }))._id.toString();
    norte = (await BranchModel.create({ name: 'Sede Norte', location: 'Calle 2', ...hours }))._id.toString();
    plan = (await PlanModel.create({ name: 'Plus', duration: 1, benefits: 'Todo', price: 30 }))._id.toString();
    const [admin, manager, desk, trainer, member] = await Promise.all([
      createTestUser(config, { isAdmin: true, fullName: 'Ada Admin' }),
      createTestUser(config, { staffRole: 'manager', homeBranch: centro, fullName: 'Gabriela Gerente' }),
      createTestUser(config, { staffRole: 'desk', homeBranch: centro, fullName: 'Rosa Recepcion' }),
      createTestUser(config, { isMonitor: true, fullName: 'Tomas Profe' }),
      createTestUser(config, { membership: active(), fullName: 'Mara Socia' }),
    ]);
    as = { admin, manager, desk, trainer, member };
    [ours, theirs] = await Promise.all([
      createTestUser(config, { membership: active(), homeBranch: centro, fullName: 'Olga Centro' }),
      createTestUser(config, { membership: active(), homeBranch: norte, fullName: 'Nico Norte' }),
    ]);
  });

  /** Who each access lets through (server/src/lib/route-table.ts), `self-or-…` for someone else's id. */
  const LETS_IN: Partial<Record<Access, readonly UserRole[]>> = {
    admin: ['admin'],
    manager: ['admin', 'manager'],
    desk: ['admin', 'manager', 'desk'],
    staff: ['admin', 'manager', 'desk', 'trainer'],
    'self-or-admin': ['admin'],
    'self-or-manager': ['admin', 'manager'],
    'self-or-desk': ['admin', 'manager', 'desk'],
  };
  const ROLES: UserRole[] = ['admin', 'manager', 'desk', 'trainer', 'member'];

  /** Every staff route of every table, with each role: [route, access, role, let in]. */
  const walk = ALL_TABLES.flatMap((table) =>
    table.routes
      .filter((route) => LETS_IN[route.access])
      .flatMap((route) =>
        ROLES.map(
          (role) => [apiRouteName(table, route), route.access, role, LETS_IN[route.access]?.includes(role)] as const,
        ),
      ),
  );

  test('the walk covers every route whose access names roles, and the sede roles appear in it', () => {
    expect(walk.length).toBeGreaterThan(40 * ROLES.length);
    expect(walk.filter(([, access]) => access === 'manager' || access === 'desk').length).toBeGreaterThan(0);
  });

  const call = (route: string, token: string) => {
    const [method, path] = route.split(' ') as [string, string];
    const url = `/api${path.replace(/:(\w+)/g, new Types.ObjectId().toString())}`.replace('/api/api', '/api');
    const test = request(app)[method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](url);
    test.set('Authorization', `Bearer ${token}`);
    return method === 'GET' || method === 'DELETE' ? test : test.send({ name: 'x', fullName: 'x' });
  };

  test.each(walk)('%s (%s) as %s: let in = %s', async (route, _access, role, letIn) => {
    const token = as[role].token;
    if (!letIn) {
      // Refused at the door: 403, and nothing written.
      expectRefused(await unchanged(() => call(route, token)), 403);
      return;
    }
    // Let in: whatever the handler answers for an id that names nothing, never a refusal of the role.
    const res = await call(route, token);
    expect(res.status).not.toBe(401);
    if (res.status === 403) expect(res.body.message).not.toBe(MESSAGES.api.forbidden);
  });

  const outOfScope = (res: request.Response) => {
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: ERROR_CODES.OUT_OF_SCOPE, message: MESSAGES.api.outOfScope });
  };

  test.each(['manager', 'desk'] as const)(
    "when the %s lists the users, then only their sede's accounts come, and asking for another sede is refused",
    async (role) => {
      const res = await request(app).get('/api/users').set(bearer(as[role])).expect(200);
      const ids = (res.body as { id: string }[]).map((u) => u.id);
      expect(ids).toContain(ours.id);
      expect(ids).not.toContain(theirs.id);
      expect(ids).not.toContain(as.admin.id);
      outOfScope(await request(app).get('/api/users').query({ branch: norte }).set(bearer(as[role])));
      const csv = await request(app).get('/api/users/csv').set(bearer(as[role])).expect(200);
      expect(csv.text).toContain('Olga Centro');
      expect(csv.text).not.toContain('Nico Norte');
      // One of their sede, yes; another sede's, no.
      await request(app).get(`/api/users/${ours.id}`).set(bearer(as[role])).expect(200);
      outOfScope(await request(app).get(`/api/users/${theirs.id}`).set(bearer(as[role])));
    },
  );

  test("when the sede manager changes, pauses or suspends another sede's member, then 403 OUT_OF_SCOPE and nothing changes", async () => {
    const manager = as.manager;
    outOfScope(
      await unchanged(() =>
        request(app)
          .put(`/api/users/update/${theirs.id}`)
          .set(bearer(manager))
          .send({ fullName: 'Nico Cambiado', email: 'nico@example.com', phone: '5512345678', homeBranch: norte }),
      ),
    );
    outOfScope(
      await unchanged(() =>
        request(app).post(`/api/users/pause/${theirs.id}`).set(bearer(manager)).send({ from: '2030-01-01', days: 7 }),
      ),
    );
    outOfScope(await unchanged(() => request(app).delete(`/api/users/delete/${theirs.id}`).set(bearer(manager))));
    // Nor an administrator or a colleague of their own sede.
    outOfScope(await unchanged(() => request(app).delete(`/api/users/delete/${as.desk.id}`).set(bearer(manager))));
    outOfScope(await unchanged(() => request(app).delete(`/api/users/delete/${as.admin.id}`).set(bearer(manager))));
  });

  test('when the sede manager edits a member of their sede, then it is saved, but a role or another sede is refused', async () => {
    const body = { fullName: 'Olga Centro', email: (await UserModel.findById(ours.id))?.email, phone: '5511111111' };
    await request(app)
      .put(`/api/users/update/${ours.id}`)
      .set(bearer(as.manager))
      .send({ ...body, homeBranch: centro })
      .expect(200);
    expect((await UserModel.findById(ours.id))?.phone).toBe('5511111111');
    outOfScope(
      await unchanged(() =>
        request(app)
          .put(`/api/users/update/${ours.id}`)
          .set(bearer(as.manager))
          .send({ ...body, homeBranch: centro, isAdmin: true }),
      ),
    );
    outOfScope(
      await unchanged(() =>
        request(app)
          .put(`/api/users/update/${ours.id}`)
          .set(bearer(as.manager))
          .send({ ...body, homeBranch: norte }),
      ),
    );
  });

  test('when the sede manager creates an account, then it is a member of their sede; a role is refused', async () => {
    const created = await request(app)
      .post('/api/users/create')
      .set(bearer(as.manager))
      .send({ fullName: 'Nueva Socia', email: 'nueva@example.com', phone: '5512345678', password: 'Clave1234' })
      .expect(201);
    const doc = await UserModel.findById(created.body.user.id);
    expect(doc?.homeBranch?.toString()).toBe(centro);
    expect(doc?.isAdmin).toBe(false);
    outOfScope(
      await unchanged(() =>
        request(app).post('/api/users/create').set(bearer(as.manager)).send({
          fullName: 'Otra Persona',
          email: 'otra@example.com',
          phone: '5512345678',
          password: 'Clave1234',
          staffRole: 'desk',
          homeBranch: centro,
        }),
      ),
    );
  });

  test("when the front desk takes a payment at the desk, then it is their sede's member's; another sede's is refused", async () => {
    await request(app)
      .post('/api/payments/manual')
      .set(bearer(as.desk))
      .send({ userId: ours.id, planId: plan })
      .expect(201);
    outOfScope(
      await unchanged(() =>
        request(app).post('/api/payments/manual').set(bearer(as.desk)).send({ userId: theirs.id, planId: plan }),
      ),
    );
    // The sede manager's payments list is their sede's.
    await request(app)
      .post('/api/payments/manual')
      .set(bearer(as.admin))
      .send({ userId: theirs.id, planId: plan })
      .expect(201);
    const list = await request(app).get('/api/payments').set(bearer(as.manager)).expect(200);
    const names = (list.body as { memberName: string }[]).map((p) => p.memberName);
    expect(names).toContain('Olga Centro');
    expect(names).not.toContain('Nico Norte');
    const all = await request(app).get('/api/payments').set(bearer(as.admin)).expect(200);
    expect((all.body as { memberName: string }[]).map((p) => p.memberName)).toContain('Nico Norte');
  });

  test("when the sede manager works on classes, then their sede's are theirs, another sede's are refused", async () => {
    const trainer = new Types.ObjectId(as.trainer.id);
    const [here, there] = await Promise.all([
      LessonModel.create(
        lessonFields('Pilates', { monitor: trainer, office: new Types.ObjectId(centro), scheduleDays: ['Lunes'] }),
      ),
      LessonModel.create(
        lessonFields('Boxeo', { monitor: trainer, office: new Types.ObjectId(norte), scheduleDays: ['Lunes'] }),
      ),
    ]);
    outOfScope(
      await unchanged(() => request(app).delete(`/api/lessons/delete/${there._id.toString()}`).set(bearer(as.manager))),
    );
    await request(app).delete(`/api/lessons/delete/${here._id.toString()}`).set(bearer(as.manager)).expect(200);
    // Restoring it is theirs too (whatever the class's own rules then say).
    const restored = await request(app).put(`/api/lessons/restore/${here._id.toString()}`).set(bearer(as.manager));
    expect(restored.status).not.toBe(403);
    outOfScope(
      await unchanged(() => request(app).put(`/api/lessons/restore/${there._id.toString()}`).set(bearer(as.manager))),
    );
    // A session of another sede's class: neither its roster nor cancelling it.
    const date = new Date().toISOString().slice(0, 10);
    const session = sessionIdOf(there._id.toString(), date);
    outOfScope(await request(app).get(`/api/sessions/${session}/roster`).set(bearer(as.desk)));
    outOfScope(
      await unchanged(() =>
        request(app).post(`/api/sessions/${session}/cancel`).set(bearer(as.manager)).send({ reason: 'Obras' }),
      ),
    );
    // Check-in at another sede is refused before the code is read.
    outOfScope(
      await unchanged(() =>
        request(app).post('/api/checkin').set(bearer(as.desk)).send({ code: '123456', branchId: norte }),
      ),
    );
  });

  test("when the sede manager asks for the overview or writes an announcement, then it is their sede's", async () => {
    const stats = await request(app).get('/api/stats').set(bearer(as.manager)).expect(200);
    expect(stats.body).toMatchObject({ sedes: 1, latestMessages: [] });
    outOfScope(
      await unchanged(() =>
        request(app)
          .post('/api/announcements/preview')
          .set(bearer(as.manager))
          .send({ subject: 'Hola', body: 'Texto', audience: 'all' }),
      ),
    );
    outOfScope(
      await unchanged(() =>
        request(app)
          .post('/api/announcements/preview')
          .set(bearer(as.manager))
          .send({ subject: 'Hola', body: 'Texto', audience: 'branch', branchId: norte }),
      ),
    );
    const preview = await request(app)
      .post('/api/announcements/preview')
      .set(bearer(as.manager))
      .send({ subject: 'Hola', body: 'Texto', audience: 'branch', branchId: centro })
      .expect(200);
    expect(preview.body.sample).toContain('Olga Centro');
    expect(preview.body.sample).not.toContain('Nico Norte');
  });

  test('when an admin gives a staff role, then it needs a sede, and the account then has that reach', async () => {
    const person = await createTestUser(config, { fullName: 'Futura Recepcion' });
    const doc = await UserModel.findById(person.id);
    const body = { fullName: 'Futura Recepcion', email: doc?.email, phone: '5512345678', staffRole: 'desk' };
    const refused = await request(app)
      .put(`/api/users/update/${person.id}`)
      .set(bearer(as.admin))
      .send({ ...body, homeBranch: '' })
      .expect(400);
    expect(refused.body.details).toContainEqual({
      field: 'homeBranch',
      message: MESSAGES.userForm.staffBranchRequired,
    });
    await request(app)
      .put(`/api/users/update/${person.id}`)
      .set(bearer(as.admin))
      .send({ ...body, homeBranch: norte })
      .expect(200);
    const res = await request(app).get('/api/users').set(bearer(person)).expect(200);
    expect((res.body as { id: string }[]).map((u) => u.id)).toContain(theirs.id);
    const me = await request(app).get(`/api/users/${person.id}`).set(bearer(person)).expect(200);
    expect(me.body.staffRole).toBe('desk');
    // The trail names the role the change was made in.
    expectRefused(await request(app).get('/api/audit').set(bearer(person)), 403);
  });
});
