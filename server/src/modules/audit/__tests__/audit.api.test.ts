import request from 'supertest';
import { Types } from 'mongoose';
import { sessionIdOf, WEEKDAYS, type AuditEntryDto } from '@pulso/shared';
import { gymDate } from '../../../lib/gym-time';
import { methodAndPath } from '../../../lib/route-table';
import { createTestApp } from '../../../test/app';
import { useTestDatabase } from '../../../test/db';
import { bearer, createTestUser, lessonFields, type TestUser } from '../../../test/fixtures';
import { expectMatchesOpenApi } from '../../../test/openapi';
import { BranchModel } from '../../branches/branches.model';
import { LessonModel } from '../../lessons/lessons.model';
import { AuditModel } from '../audit.model';
import { ALL_TABLES } from '../../../docs/openapi';

const DAY = 86_400_000;

/** A fixed-offset zone where it is about noon now, so a class starting soon stays inside today. */
function middayZone(now = new Date()): string {
  const offset = 12 - now.getUTCHours();
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

describe('the audit trail (/api/audit)', () => {
  useTestDatabase();
  const timeZone = middayZone();
  const { app, config } = createTestApp({ GYM_TIME_ZONE: timeZone, CHECKIN_OPENS_MINUTES: '30' });
  let admin: TestUser;
  let otherAdmin: TestUser;
  let member: TestUser;
  let trainer: TestUser;
  let branch: Types.ObjectId;

  beforeAll(async () => {
    admin = await createTestUser(config, { isAdmin: true, fullName: 'Ada Admin' });
    otherAdmin = await createTestUser(config, { isAdmin: true, fullName: 'Otto Otro' });
    trainer = await createTestUser(config, { isMonitor: true, fullName: 'Tere Profe' });
    member = await createTestUser(config, {
      fullName: 'Marta Socia',
      membership: {
        planId: new Types.ObjectId(),
        name: 'Plus',
        start: new Date(Date.now() - DAY),
        end: new Date(Date.now() + 60 * DAY),
      },
    });
    const hours = { scheduleDays: [...WEEKDAYS], scheduleHourStart: '0', scheduleHourFinish: '23' };
    branch = (await BranchModel.create({ name: 'Sede Auditada', location: 'Calle 1', ...hours }))._id;
  });

  const trail = async (query: Record<string, string> = {}, as = admin) => {
    const res = await request(app).get('/api/audit').query(query).set(bearer(as));
    if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
    return res.body as AuditEntryDto[];
  };
  const history = async (entity: string, id: string) =>
    (await request(app).get(`/api/audit/${entity}/${id}`).set(bearer(admin)).expect(200)).body as AuditEntryDto[];
  const changesOf = (entry: AuditEntryDto | undefined) =>
    Object.fromEntries((entry?.changes ?? []).map((c) => [c.field, [c.before, c.after]]));

  test('when an admin creates, changes, retires and restores a plan, then each change is written with who, when, where from, and the values before and after', async () => {
    const started = Date.now();
    const created = await request(app)
      .post('/api/memberships/create')
      .set(bearer(admin))
      .set('X-Forwarded-For', '203.0.113.9')
      .send({ name: 'Auditado', duration: 1, benefits: 'Todo', price: 30000 })
      .expect(201);
    const id = created.body.plan.id as string;
    await request(app)
      .put(`/api/memberships/update/${id}`)
      .set(bearer(admin))
      .send({ name: 'Auditado', duration: 1, benefits: 'Todo', price: 35000 })
      .expect(200);
    // Saving the same values again is no change.
    await request(app)
      .put(`/api/memberships/update/${id}`)
      .set(bearer(admin))
      .send({ name: 'Auditado', duration: 1, benefits: 'Todo', price: 35000 })
      .expect(200);
    await request(app).delete(`/api/memberships/delete/${id}`).set(bearer(otherAdmin)).expect(200);
    await request(app).put(`/api/memberships/restore/${id}`).set(bearer(admin)).expect(200);

    const entries = await history('plan', id);
    expect(entries.map((e) => e.action)).toEqual(['restore', 'delete', 'update', 'create']);
    const [restore, remove, update, create] = entries;
    expect(create).toMatchObject({
      entity: 'plan',
      entityId: id,
      label: 'Auditado',
      actor: { id: admin.id, name: 'Ada Admin', role: 'admin' },
    });
    expect(new Date(String(create?.at)).getTime()).toBeGreaterThanOrEqual(started - 1000);
    expect(changesOf(create)).toMatchObject({
      name: [null, 'Auditado'],
      price: [null, 30000],
      duration: [null, 1],
      renewing: [null, false],
    });
    expect(changesOf(update)).toEqual({ price: [30000, 35000] });
    expect(update?.changes[0]).toMatchObject({ label: 'Precio' });
    expect(changesOf(remove)).toEqual({ retired: [false, true] });
    expect(remove?.actor).toMatchObject({ id: otherAdmin.id, name: 'Otto Otro' });
    expect(changesOf(restore)).toEqual({ retired: [true, false] });

    const listed = await request(app).get('/api/audit').query({ entity: 'plan' }).set(bearer(admin)).expect(200);
    expectMatchesOpenApi('GET', '/audit', listed);
    expect(listed.headers['x-total-count']).toBe('4');
    // The address is the one the request came from (as `trust proxy` reads it: not the forged header here).
    expect(listed.body[3].ip).toMatch(/127\.0\.0\.1|::1|::ffff:127\.0\.0\.1/);
  });

  test("when an admin changes a member's phone and password and pauses them, then the member's history shows it, the password only as changed", async () => {
    await request(app)
      .put(`/api/users/update/${member.id}`)
      .set(bearer(admin))
      .send({ fullName: 'Marta Socia', email: member.email, phone: '5599999999', password: 'NuevaClave123' })
      .expect(200);
    const from = gymDate(new Date(Date.now() + 10 * DAY), timeZone);
    await request(app).post(`/api/users/pause/${member.id}`).set(bearer(admin)).send({ from, days: 14 }).expect(200);
    const entries = await history('user', member.id);
    const [pause, update] = entries;
    expect(update).toMatchObject({ action: 'update', entity: 'user', label: 'Marta Socia' });
    expect(changesOf(update)).toEqual({ phone: ['5512345678', '5599999999'], password: ['••••••', 'Cambiada'] });
    expect(JSON.stringify(update)).not.toContain('NuevaClave123');
    expect(pause).toMatchObject({ action: 'pause', entity: 'user' });
    const paused = changesOf(pause);
    expect(Object.keys(paused).sort()).toEqual(['membershipEnd', 'pauses']);
    expect(paused.pauses?.[0]).toBeNull();
    expect(String(paused.pauses?.[1])).toContain(from);
  });

  test("when a member changes their own profile, or a visitor registers, then the trail has nothing: it is staff's changes", async () => {
    const before = await AuditModel.countDocuments();
    const self = await createTestUser(config, { fullName: 'Sara Sola' });
    await request(app)
      .put(`/api/users/update/${self.id}`)
      .set(bearer(self))
      .send({ fullName: 'Marta S.', phone: '5511111111' })
      .expect(200);
    await request(app)
      .post('/api/users/create')
      .send({ fullName: 'Nadia Nueva', email: 'nadia.audit@example.com', password: 'Segura123', phone: '5512345678' })
      .expect(201);
    expect(await AuditModel.countDocuments()).toBe(before);
  });

  test("when a member is checked in and sold a plan at the desk, then the session's and the payment's entries are in the member's history too", async () => {
    const local = (minutes: number) =>
      new Date(Date.now() + minutes * 60_000)
        .toLocaleTimeString('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
        .replace(/^0(\d)/, '$1');
    const lesson = await LessonModel.create(
      lessonFields('Funcional auditado', {
        scheduleDays: [...WEEKDAYS],
        scheduleHourStart: local(10),
        scheduleHourFinish: local(70),
        office: branch,
        monitor: new Types.ObjectId(trainer.id),
      }),
    );
    const sessionId = sessionIdOf(lesson._id.toString(), gymDate(new Date(), timeZone));
    const ana = await createTestUser(config, {
      fullName: 'Ana Asiste',
      membership: {
        planId: new Types.ObjectId(),
        name: 'Plus',
        start: new Date(Date.now() - DAY),
        end: new Date(Date.now() + 60 * DAY),
      },
    });
    await request(app).post(`/api/sessions/${sessionId}/booking`).set(bearer(ana)).expect(200);
    await request(app)
      .post(`/api/sessions/${sessionId}/checkin`)
      .set(bearer(trainer))
      .send({ memberId: ana.id })
      .expect(200);
    // Checked in again: nothing changed, nothing written.
    await request(app)
      .post(`/api/sessions/${sessionId}/checkin`)
      .set(bearer(trainer))
      .send({ memberId: ana.id })
      .expect(200);

    const plan = await request(app)
      .post('/api/memberships/create')
      .set(bearer(admin))
      .send({ name: 'Mostrador', duration: 1, benefits: 'Todo', price: 20000 })
      .expect(201);
    const sold = await request(app)
      .post('/api/payments/manual')
      .set(bearer(admin))
      .send({ userId: ana.id, planId: plan.body.plan.id })
      .expect(201);

    const session = await history('session', sessionId);
    expect(session).toHaveLength(1);
    expect(session[0]).toMatchObject({
      action: 'checkin',
      actor: { id: trainer.id, role: 'trainer' },
      label: `Funcional auditado · ${gymDate(new Date(), timeZone)}`,
    });
    expect(changesOf(session[0])).toEqual({ checkedIn: [false, true] });

    const ana_ = await history('user', ana.id);
    expect(ana_.map((e) => [e.entity, e.action])).toEqual([
      ['payment', 'payment'],
      ['session', 'checkin'],
    ]);
    expect(ana_[0]?.entityId).toBe(sold.body.payment.id);
    expect(changesOf(ana_[0])).toMatchObject({
      member: [null, 'Ana Asiste'],
      plan: [null, 'Mostrador'],
      method: [null, 'En recepción'],
      status: [null, 'Pagado'],
    });
  });

  test('when an admin changes a session, a sede, a class and the gym events, then each is written', async () => {
    const lesson = await LessonModel.create(
      lessonFields('Yoga auditado', {
        scheduleDays: ['Lunes'],
        office: branch,
        monitor: new Types.ObjectId(trainer.id),
      }),
    );
    const monday = (() => {
      const d = new Date(Date.now() + DAY);
      while (d.getUTCDay() !== 1) d.setTime(d.getTime() + DAY);
      return d.toISOString().slice(0, 10);
    })();
    const sessionId = sessionIdOf(lesson._id.toString(), monday);
    await request(app)
      .put(`/api/sessions/${sessionId}`)
      .set(bearer(admin))
      .send({ capacity: 12, trainerId: '' })
      .expect(200);
    await request(app)
      .post(`/api/sessions/${sessionId}/cancel`)
      .set(bearer(admin))
      .send({ reason: 'Feriado' })
      .expect(200);
    const session = await history('session', sessionId);
    expect(session.map((e) => e.action)).toEqual(['cancel', 'update']);
    expect(changesOf(session[1])).toEqual({ capacity: [20, 12] });
    expect(changesOf(session[0])).toEqual({ cancelled: [false, true], reason: [null, 'Feriado'] });

    await request(app).delete(`/api/lessons/delete/${lesson._id}`).set(bearer(admin)).expect(200);
    expect(changesOf((await history('lesson', lesson._id.toString()))[0])).toEqual({ retired: [false, true] });

    const event = await request(app)
      .post('/api/events')
      .set(bearer(admin))
      .send({
        title: 'Maratón',
        start: new Date(Date.now() + DAY).toISOString(),
        end: new Date(Date.now() + DAY + 3_600_000).toISOString(),
      })
      .expect(201);
    await request(app).delete(`/api/events/${event.body.event.id}`).set(bearer(admin)).expect(200);
    const events = await history('event', event.body.event.id);
    expect(events.map((e) => e.action)).toEqual(['delete', 'create']);
    expect(changesOf(events[0])).toMatchObject({ title: ['Maratón', null] });
  });

  test('when the trail is filtered by person, kind and dates, then only those entries come, and a filter that is not valid is refused', async () => {
    const byOther = await trail({ actor: otherAdmin.id });
    expect(byOther.length).toBeGreaterThan(0);
    expect(byOther.every((e) => e.actor.id === otherAdmin.id)).toBe(true);
    const sessions = await trail({ entity: 'session' });
    expect(sessions.every((e) => e.entity === 'session')).toBe(true);
    const today = gymDate(new Date(), timeZone);
    expect((await trail({ from: today, to: today })).length).toBeGreaterThan(0);
    const tomorrow = gymDate(new Date(Date.now() + DAY), timeZone);
    expect(await trail({ from: tomorrow })).toEqual([]);
    // Newest first.
    const all = await trail({ limit: '100' });
    expect(all.map((e) => e.at)).toEqual([...all.map((e) => e.at)].sort().reverse());

    for (const query of [
      { actor: 'nadie' },
      { entity: 'planes' },
      { from: '2026-13-01' },
      { from: today, to: '2020-01-01' },
    ]) {
      const res = await request(app).get('/api/audit').query(query).set(bearer(admin));
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    expect((await request(app).get(`/api/audit/planes/${admin.id}`).set(bearer(admin))).status).toBe(404);
    expect((await request(app).get('/api/audit/user/nadie').set(bearer(admin))).status).toBe(400);
  });

  test('when anyone tries to change or delete the trail, then nothing lets them: no route, and the model refuses', async () => {
    const entry = await AuditModel.findOne().orFail().lean();
    for (const [method, path] of [
      ['put', `/api/audit/${entry?._id}`],
      ['delete', `/api/audit/${entry?._id}`],
      ['post', '/api/audit'],
      ['delete', '/api/audit'],
    ] as const) {
      expect((await request(app)[method](path).set(bearer(admin))).status).toBe(404);
    }
    await expect(AuditModel.updateOne({ _id: entry?._id }, { $set: { label: 'x' } })).rejects.toThrow(/append-only/);
    await expect(AuditModel.deleteMany({})).rejects.toThrow(/append-only/);
    await expect(AuditModel.findOneAndDelete({ _id: entry?._id })).rejects.toThrow(/append-only/);
    const doc = await AuditModel.findById(entry?._id).orFail();
    doc.label = 'cambiado';
    await expect(doc.save()).rejects.toThrow(/append-only/);
    expect((await AuditModel.findById(entry?._id).lean())?.label).toBe(entry?.label);

    // Only admins read it.
    for (const user of [await createTestUser(config), trainer]) {
      expect((await request(app).get('/api/audit').set(bearer(user))).status).toBe(403);
      expect((await request(app).get(`/api/audit/user/${member.id}`).set(bearer(user))).status).toBe(403);
    }
    expect((await request(app).get('/api/audit')).status).toBe(401);
  });

  test('when a member who was changed by staff erases their account, then the trail keeps the changes without their name, e-mail or phone', async () => {
    const gone = await createTestUser(config, { fullName: 'Berta Borra' });
    await request(app)
      .put(`/api/users/update/${gone.id}`)
      .set(bearer(admin))
      .send({ fullName: 'Berta Borra', email: gone.email, phone: '5533333333' })
      .expect(200);
    await request(app).post('/api/users/erase').set(bearer(gone)).send({ password: gone.password }).expect(200);
    const [entry] = await history('user', gone.id);
    expect(entry).toMatchObject({ action: 'update', label: 'Socio anónimo' });
    expect(changesOf(entry)).toEqual({ phone: ['Socio anónimo', 'Socio anónimo'] });
    expect(JSON.stringify(await AuditModel.findById(entry?.id).lean())).not.toMatch(/Berta|5533333333|5512345678/);
  });

  /** Staff routes sent as POST that change nothing. */
  const CHANGES_NOTHING = new Set(['/announcements POST /preview']);

  test('every route staff can change something through declares how the trail writes it', () => {
    const staffAccess = new Set(['admin', 'staff', 'self-or-admin']);
    const missing = ALL_TABLES.flatMap((table) =>
      table.routes
        .filter((route) => methodAndPath(route).method !== 'get' && !route.sessionless)
        .filter((route) => staffAccess.has(route.access) || (table.base === '/users' && route.route === 'POST /create'))
        .filter((route) => !route.audit && !CHANGES_NOTHING.has(`${table.base} ${route.route}`))
        .map((route) => `${table.base} ${route.route}`),
    );
    expect(missing).toEqual([]);
  });
});
