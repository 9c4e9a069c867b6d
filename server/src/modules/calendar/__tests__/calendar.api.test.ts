import { Types } from 'mongoose';
import request from 'supertest';
import { createTestApp } from '../../../test/app';
import { useTestDatabase } from '../../../test/db';
import { bearer, createTestUser, type TestUser } from '../../../test/fixtures';
import { LessonModel } from '../../lessons/lessons.model';
import { UserModel } from '../../users/users.model';
import { CalendarEventModel } from '../calendar.model';
import { membershipLessons } from '@pulso/shared';

describe('calendar events API', () => {
  useTestDatabase();
  const { app, config } = createTestApp();
  let admin: TestUser;
  let member: TestUser;
  let visitor: TestUser;

  beforeAll(async () => {
    admin = await createTestUser(config, { isAdmin: true });
    visitor = await createTestUser(config);
    member = await createTestUser(config, {
      membership: {
        planId: new Types.ObjectId(),
        name: 'Plus',
        start: new Date('2026-11-01T10:00:00Z'),
        end: new Date('2099-01-01T00:00:00Z'),
      },
    });
    const lesson = await LessonModel.create({
      name: 'Spinning',
      shortDescription: 'Ciclismo',
      description: 'Ciclismo indoor',
      effort: 3,
      scheduleDays: ['Lunes', 'Miércoles'],
      scheduleHourStart: '7:00',
      scheduleHourFinish: '8:30',
      monitor: new Types.ObjectId(),
      office: new Types.ObjectId(),
    });
    await UserModel.updateOne({ _id: member.id }, { $set: { lessons: [lesson._id] } });
  });
  beforeEach(() => CalendarEventModel.deleteMany({}));

  // 2026-11-23 is a Monday.
  const week = '/api/events?start=2026-11-23T00:00:00Z&end=2026-11-30T00:00:00Z';

  test('when a member opens a week, then their plan event and their classes on their weekdays are there', async () => {
    const res = await request(app).get(week).set(bearer(member));
    expect(res.status).toBe(200);
    expect(res.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'plan', title: 'Plus: Spinning', start: '2026-11-01', allDay: true }),
        expect.objectContaining({
          kind: 'class',
          title: 'Spinning',
          start: '2026-11-23T07:00:00',
          end: '2026-11-23T08:30:00',
        }),
        expect.objectContaining({ kind: 'class', start: '2026-11-25T07:00:00' }),
      ]),
    );
    expect(res.body.filter((e: { kind: string }) => e.kind === 'class')).toHaveLength(2);
  });

  test('a member sees classes only from the day the membership starts until it ends', () => {
    const lessons = [
      {
        id: 'l1',
        name: 'Spinning',
        scheduleDays: ['Lunes', 'Miércoles'],
        scheduleHourStart: '7:00',
        scheduleHourFinish: '8:30',
      },
    ] as Parameters<typeof membershipLessons>[1];
    const from = new Date('2026-11-23T00:00:00Z');
    const to = new Date('2026-12-07T00:00:00Z');
    // Bought on Wednesday afternoon, ends the next Monday at noon: Wednesday 25 and Monday 30 only.
    const starts = membershipLessons(
      { start: '2026-11-25T15:00:00Z', end: '2026-11-30T12:00:00Z' },
      lessons,
      from,
      to,
    ).map((e) => e.start);
    expect(starts).toEqual(['2026-11-25T07:00:00', '2026-11-30T07:00:00']);
    // A membership outside the range gives nothing.
    expect(
      membershipLessons({ start: '2027-01-01T00:00:00Z', end: '2027-02-01T00:00:00Z' }, lessons, from, to),
    ).toEqual([]);
  });

  test('when an admin adds a gym event, then every signed-in user sees it; a user without plan sees only that', async () => {
    const created = await request(app)
      .post('/api/events')
      .set(bearer(admin))
      .send({ title: 'Clase masiva', start: '2026-11-24T18:00:00Z', end: '2026-11-24T20:00:00Z' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ message: 'Evento creado', event: { title: 'Clase masiva', kind: 'gym' } });
    const seen = await request(app).get(week).set(bearer(visitor));
    expect(seen.body).toEqual([expect.objectContaining({ title: 'Clase masiva', kind: 'gym' })]);
    await request(app).delete(`/api/events/${created.body.event.id}`).set(bearer(admin)).expect(200);
    expect((await request(app).get(week).set(bearer(visitor))).body).toEqual([]);
  });

  test('when the input is wrong, then 400 with Spanish messages; members cannot write; anonymous cannot read', async () => {
    const bad = await request(app)
      .post('/api/events')
      .set(bearer(admin))
      .send({ title: '', start: 'x', end: '2026-01-01' });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual(
      expect.arrayContaining([
        { field: 'title', message: 'El título es requerido' },
        { field: 'start', message: 'La fecha y hora inicial es requerida' },
      ]),
    );
    const order = await request(app)
      .post('/api/events')
      .set(bearer(admin))
      .send({ title: 'A', start: '2026-11-24T18:00:00Z', end: '2026-11-24T17:00:00Z' });
    expect(order.body.details).toContainEqual({
      field: 'end',
      message: 'La fecha final debe ser posterior a la inicial',
    });
    expect(
      (
        await request(app)
          .post('/api/events')
          .set(bearer(member))
          .send({ title: 'A', start: '2026-11-24T18:00:00Z', end: '2026-11-24T19:00:00Z' })
      ).status,
    ).toBe(403);
    expect((await request(app).get(week)).status).toBe(401);
    expect((await request(app).get('/api/events').set(bearer(member))).body.message).toBe(
      'Debes indicar el rango de fechas (start y end)',
    );
    expect((await request(app).get('/api/events?start=2026-01-01&end=2026-12-31').set(bearer(member))).status).toBe(
      400,
    );
    expect(await CalendarEventModel.countDocuments()).toBe(0);
  });
});
