import request from 'supertest';
import { Types } from 'mongoose';
import { addDays, ERROR_CODES, MESSAGES, sessionIdOf, WEEKDAYS } from '@pulso/shared';
import { gymDate } from '../../../lib/gym-time';
import { resetReadModels, useTestDatabase } from '../../../test/db';
import { createTestApp } from '../../../test/app';
import { bearer, createTestUser, lessonFields, type TestUser } from '../../../test/fixtures';
import { BranchModel } from '../../branches/branches.model';
import { LessonModel } from '../../lessons/lessons.model';

const DAY = 86_400_000;
const m = MESSAGES.bookings;

interface Taught {
  id: string;
  lessonName: string;
  branch: string;
  substituting: boolean;
  taken: number;
  capacity: number;
  waiting: number;
  cancelled: boolean;
  substitute: string | null;
}

describe("the trainer's sessions and rosters (/api/sessions/teaching, /api/sessions/:id/roster)", () => {
  useTestDatabase();
  // The gym's clock is UTC here, so the dates below are the test's own.
  const { app, config } = createTestApp({ GYM_TIME_ZONE: 'UTC', BOOKING_OPENS_DAYS: '7', LATE_CANCEL_HOURS: '2' });
  const timeZone = config.bookings.timeZone;
  let count = 0;
  let admin: TestUser;
  let branchId: Types.ObjectId;

  beforeAll(async () => {
    admin = await createTestUser(config, { isAdmin: true });
    const branch = await BranchModel.create({
      name: 'Sede Norte',
      location: 'Calle Norte 5',
      scheduleDays: [...WEEKDAYS],
      scheduleHourStart: '6:00',
      scheduleHourFinish: '24:00',
    });
    branchId = branch._id;
  });

  const trainer = (fullName: string) => createTestUser(config, { isMonitor: true, fullName });
  const member = (fullName = 'Socia Prueba') =>
    createTestUser(config, {
      fullName,
      membership: {
        planId: new Types.ObjectId(),
        name: 'Plus',
        start: new Date(Date.now() - DAY),
        end: new Date(Date.now() + 60 * DAY),
      },
    });

  /** A class of `teacher` meeting every day at 23:00-23:30 (the stored class lists made again, as a write would). */
  async function lessonOf(teacher: TestUser, capacity = 5) {
    count += 1;
    const lesson = await LessonModel.create(
      lessonFields(`Clase ${count}`, {
        capacity,
        monitor: new Types.ObjectId(teacher.id),
        office: branchId,
        scheduleDays: [...WEEKDAYS],
        scheduleHourStart: '23:00',
        scheduleHourFinish: '23:30',
      }),
    );
    await resetReadModels();
    return { id: lesson._id.toString(), name: `Clase ${count}` };
  }

  const sessionIn = (lessonId: string, daysAhead: number) =>
    sessionIdOf(lessonId, addDays(gymDate(new Date(), timeZone), daysAhead));

  const teaching = async (who: TestUser, days?: number): Promise<Taught[]> =>
    (
      await request(app)
        .get(`/api/sessions/teaching${days ? `?days=${days}` : ''}`)
        .set(bearer(who))
        .expect(200)
    ).body;
  const roster = (id: string, who?: TestUser) => {
    const call = request(app).get(`/api/sessions/${id}/roster`);
    return who ? call.set(bearer(who)) : call;
  };
  const substitute = (id: string, trainerId: string) =>
    request(app).put(`/api/sessions/${id}`).set(bearer(admin)).send({ capacity: 5, trainerId }).expect(200);

  test('when a trainer asks for their sessions, then every date of their classes in the next days is listed with its sede and places', async () => {
    const carla = await trainer('Carla Profe');
    const lesson = await lessonOf(carla);
    const other = await lessonOf(await trainer('Otro Profe'));
    const booked = sessionIn(lesson.id, 1);
    await request(app)
      .post(`/api/sessions/${booked}/booking`)
      .set(bearer(await member()))
      .expect(200);

    const mine = await teaching(carla);
    const dates = mine.map((s) => s.id);
    // Every day at 23:00 from today (unless it ended) to 7 days ahead; none of the other trainer's.
    expect(dates.length).toBeGreaterThanOrEqual(7);
    expect(dates).toContain(booked);
    expect(dates.every((id) => id.startsWith(`${lesson.id}:`))).toBe(true);
    expect(dates).not.toContain(sessionIn(other.id, 1));
    expect(mine.find((s) => s.id === booked)).toMatchObject({
      lessonName: lesson.name,
      branch: 'Sede Norte',
      substituting: false,
      capacity: 5,
      taken: 1,
      waiting: 0,
      cancelled: false,
    });
    expect((await teaching(carla, 2)).length).toBeLessThanOrEqual(3);
  });

  test('when a trainer reads the roster of a session they teach, then they see who is booked; another trainer and a member are refused, an admin sees any', async () => {
    const carla = await trainer('Carla Lista');
    const lesson = await lessonOf(carla, 1);
    const id = sessionIn(lesson.id, 2);
    const ana = await member('Ana Reservada');
    const bea = await member('Bea Esperando');
    await request(app).post(`/api/sessions/${id}/booking`).set(bearer(ana)).expect(200);
    await request(app).post(`/api/sessions/${id}/booking`).set(bearer(bea)).expect(200);

    const seen = await roster(id, carla).expect(200);
    expect(seen.body.session).toMatchObject({ id, taken: 1, waiting: 1 });
    expect(seen.body.confirmed).toEqual([expect.objectContaining({ name: 'Ana Reservada', seat: 1 })]);
    expect(seen.body.waiting).toEqual([expect.objectContaining({ name: 'Bea Esperando', position: 1 })]);

    const refused = await roster(id, await trainer('Otra Profe')).expect(403);
    expect(refused.body).toEqual({ code: ERROR_CODES.FORBIDDEN, message: m.notYourSession });
    await roster(id, ana).expect(403);
    await roster(id).expect(401);
    await roster(id, admin).expect(200);
    // A trainer's roster of a session that does not exist is a 404, as for the admin.
    await roster(`${lesson.id}:2030-02-30`, carla).expect(404);
  });

  test("when an admin sets a substitute, then the session moves from the class trainer's list and roster to the substitute's, and back when removed", async () => {
    const carla = await trainer('Carla Titular');
    const luis = await trainer('Luis Suplente');
    const lesson = await lessonOf(carla);
    const id = sessionIn(lesson.id, 3);

    await substitute(id, luis.id);
    expect((await teaching(carla)).map((s) => s.id)).not.toContain(id);
    const luisSessions = await teaching(luis);
    expect(luisSessions.map((s) => s.id)).toEqual([id]);
    expect(luisSessions[0]).toMatchObject({ substituting: true, substitute: 'Luis Suplente', branch: 'Sede Norte' });
    await roster(id, carla).expect(403);
    await roster(id, luis).expect(200);

    // Another substitute takes the date: Luis loses it.
    const rosa = await trainer('Rosa Suplente');
    await substitute(id, rosa.id);
    expect(await teaching(luis)).toEqual([]);
    expect((await teaching(rosa)).map((s) => s.id)).toEqual([id]);
    await roster(id, luis).expect(403);

    // No substitute any more: the class's trainer has it again.
    await substitute(id, '');
    expect(await teaching(rosa)).toEqual([]);
    expect((await teaching(carla)).map((s) => s.id)).toContain(id);
    await roster(id, carla).expect(200);
    await roster(id, rosa).expect(403);
  });

  test("when members hold a class by their schedule ('Añadir clase'), then the trainer's sessions count those places", async () => {
    const carla = await trainer('Carla Fija');
    const lesson = await lessonOf(carla);
    const ana = await member('Ana Fija');
    await request(app).put(`/api/users/addlesson/${lesson.id}`).set(bearer(ana)).send({}).expect(200);
    const id = sessionIn(lesson.id, 2);
    expect((await teaching(carla)).find((s) => s.id === id)).toMatchObject({ taken: 1, seatsLeft: 4 });
    const seen = await roster(id, carla).expect(200);
    expect(seen.body.confirmed).toEqual([expect.objectContaining({ name: 'Ana Fija' })]);
  });

  test('when the gym cancels a session, then the trainer still sees it, as cancelled', async () => {
    const carla = await trainer('Carla Cancelada');
    const lesson = await lessonOf(carla);
    const id = sessionIn(lesson.id, 1);
    await request(app).post(`/api/sessions/${id}/cancel`).set(bearer(admin)).send({ reason: 'Feriado' }).expect(200);
    expect((await teaching(carla)).find((s) => s.id === id)).toMatchObject({ cancelled: true });
  });

  test('when a member or a visitor asks for the sessions taught, then they are refused; a bad `days` is a 400', async () => {
    const res = await request(app)
      .get('/api/sessions/teaching')
      .set(bearer(await member()))
      .expect(403);
    expect(res.body.code).toBe(ERROR_CODES.FORBIDDEN);
    await request(app).get('/api/sessions/teaching').expect(401);
    const carla = await trainer('Carla Dias');
    for (const bad of ['0', '57', 'x']) {
      const refused = await request(app).get(`/api/sessions/teaching?days=${bad}`).set(bearer(carla)).expect(400);
      expect(refused.body.message).toBe(m.daysRange(56));
    }
    // An admin who teaches nothing has nothing to teach.
    expect(await teaching(admin)).toEqual([]);
  });
});
