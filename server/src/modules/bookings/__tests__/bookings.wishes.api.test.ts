import request from 'supertest';
import mongoose, { Types } from 'mongoose';
import { addDays, MESSAGES, sessionIdOf, WEEKDAYS } from '@pulso/shared';
import { gymDate } from '../../../lib/gym-time';
import { useTestDatabase } from '../../../test/db';
import { createTestApp } from '../../../test/app';
import { bearer, createTestUser, lessonFields, type TestUser } from '../../../test/fixtures';
import { until } from '../../../test/smtp';
import { LessonModel } from '../../lessons/lessons.model';
import { BOOKING_NOTICES } from '../bookings.notices';

const DAY = 86_400_000;
const m = MESSAGES.wishes;
const ALL_DAY = { days: [...WEEKDAYS], from: '1:00', to: '24:00' };

describe('wider waits (/api/wishes) and the waiting demand (/api/sessions/demand)', () => {
  useTestDatabase();
  const { app, config } = createTestApp({ GYM_TIME_ZONE: 'UTC', BOOKING_OPENS_DAYS: '3', LATE_CANCEL_HOURS: '0' });
  let classCount = 0;
  let admin: TestUser;
  beforeAll(async () => {
    admin = await createTestUser(config, { isAdmin: true });
  });

  const member = () =>
    createTestUser(config, {
      fullName: 'Ana Espera',
      membership: {
        planId: new Types.ObjectId(),
        name: 'Plus',
        start: new Date(Date.now() - DAY),
        end: new Date(Date.now() + 60 * DAY),
      },
    });

  /** A class every day at 23:00-23:30 of type `type` with `capacity` places; its session two days ahead. */
  async function classWith(capacity: number, type = `Tipo ${classCount + 1}`) {
    classCount += 1;
    const doc = await LessonModel.create(
      lessonFields(`Espera ${classCount}`, {
        capacity,
        types: [type],
        isAvailable: true,
        scheduleDays: [...WEEKDAYS],
        scheduleHourStart: '23:00',
        scheduleHourFinish: '23:30',
      }),
    );
    const lessonId = doc._id.toString();
    return { lessonId, type, session: sessionIdOf(lessonId, addDays(gymDate(new Date(), 'UTC'), 2)) };
  }
  const book = (id: string, user: TestUser) => request(app).post(`/api/sessions/${id}/booking`).set(bearer(user));
  const cancel = (id: string, user: TestUser) => request(app).delete(`/api/sessions/${id}/booking`).set(bearer(user));
  const wish = (user: TestUser, body: Record<string, unknown>) =>
    request(app).post('/api/wishes').set(bearer(user)).send(body);
  const mine = async (user: TestUser) =>
    (await request(app).get('/api/wishes/mine').set(bearer(user)).expect(200)).body;
  /** Fills every session of the class open for booking, so no place is free anywhere. */
  async function fill(lessonId: string, capacity: number) {
    const holders = await Promise.all(Array.from({ length: capacity }, () => member()));
    const sessions = (await request(app).get(`/api/sessions/of/${lessonId}`).expect(200)).body as { id: string }[];
    for (const s of sessions) for (const h of holders) await book(s.id, h).expect(200);
    return holders;
  }

  test('when the form is incomplete, then 400 with each field, and nothing is kept', async () => {
    const ana = await member();
    const none = await wish(ana, { days: [], from: '18:00', to: '17:00' }).expect(400);
    expect(none.body.details).toEqual(
      expect.arrayContaining([
        { field: 'days', message: m.daysRequired },
        { field: 'lessonId', message: m.targetRequired },
        { field: 'to', message: m.hoursOrder },
      ]),
    );
    const { lessonId, type } = await classWith(1);
    const both = await wish(ana, { lessonId, type, ...ALL_DAY }).expect(400);
    expect(both.body.details).toEqual([{ field: 'lessonId', message: m.targetRequired }]);
    expect(await mine(ana)).toEqual([]);
  });

  test('when a place frees in a matching session, then the oldest wait takes it, once, and is e-mailed', async () => {
    const { lessonId, session } = await classWith(1);
    const [holder] = await fill(lessonId, 1);
    const [ana, bea] = [await member(), await member()];
    const first = await wish(ana, { lessonId, ...ALL_DAY }).expect(201);
    expect(first.body).toMatchObject({ message: m.created, wish: { kind: 'lesson', target: lessonId, session: null } });
    await wish(bea, { lessonId, ...ALL_DAY }).expect(201);

    await cancel(session, holder as TestUser).expect(200);
    await until(async () => (await mine(ana))[0]?.session === session);
    const seen = (await request(app).get(`/api/sessions/${session}`).set(bearer(ana)).expect(200)).body;
    expect(seen).toMatchObject({ taken: 1, mine: { state: 'confirmed', position: null } });
    expect((await mine(bea))[0].session).toBeNull();
    const notice = await mongoose.connection
      .collection(BOOKING_NOTICES)
      .findOne({ _id: `${session}|wish:${first.body.wish.id}` as never });
    expect(notice).toMatchObject({ kind: 'promoted', member: new Types.ObjectId(ana.id) });
  });

  test('when places free in two sessions at once and ten people wait, then exactly two are booked and no session exceeds its places', async () => {
    const { lessonId, type } = await classWith(1);
    const other = await classWith(1, type);
    const [holderA] = await fill(lessonId, 1);
    const [holderB] = await fill(other.lessonId, 1);
    const people = await Promise.all(Array.from({ length: 10 }, () => member()));
    for (const p of people) await wish(p, { type, ...ALL_DAY }).expect(201);
    const a = sessionIdOf(lessonId, addDays(gymDate(new Date(), 'UTC'), 2));
    const b = sessionIdOf(other.lessonId, addDays(gymDate(new Date(), 'UTC'), 2));
    await Promise.all([cancel(a, holderA as TestUser).expect(200), cancel(b, holderB as TestUser).expect(200)]);
    const fulfilled = async () =>
      (await Promise.all(people.map(async (p) => (await mine(p))[0]?.session))).filter((s) => s !== null);
    await until(async () => (await fulfilled()).length >= 2);
    await new Promise((r) => setTimeout(r, 300));
    expect((await fulfilled()).sort()).toEqual([a, b].sort());
    for (const id of [a, b]) {
      expect((await request(app).get(`/api/sessions/${id}`).expect(200)).body).toMatchObject({ taken: 1, capacity: 1 });
    }
  });

  test('when a matching session has a place free already, then the wait books it at once', async () => {
    const { type, session } = await classWith(2);
    const ana = await member();
    const res = await wish(ana, { type, days: [...WEEKDAYS], from: '22:00', to: '24:00' }).expect(201);
    expect(res.body.message).toMatch(/^Había un lugar libre: te reservamos Espera \d+, /);
    expect(res.body.wish.session).not.toBeNull();
    expect((await request(app).get(`/api/sessions/${res.body.wish.session}`).set(bearer(ana))).body.mine).toEqual({
      state: 'confirmed',
      position: null,
    });
    void session;
  });

  test('when the band or the days do not match, then a freed place is left for anyone', async () => {
    const { lessonId, session } = await classWith(1);
    const [holder] = await fill(lessonId, 1);
    const ana = await member();
    await wish(ana, { lessonId, days: [...WEEKDAYS], from: '7:00', to: '9:00' }).expect(201);
    await cancel(session, holder as TestUser).expect(200);
    await new Promise((r) => setTimeout(r, 300));
    expect((await mine(ana))[0].session).toBeNull();
    expect((await request(app).get(`/api/sessions/${session}`).expect(200)).body.taken).toBe(0);
  });

  test('when a member keeps five waits, then a sixth is refused; a wait removed is gone', async () => {
    const { lessonId } = await classWith(1);
    await fill(lessonId, 1);
    const ana = await member();
    const made = [];
    for (let i = 0; i < 5; i++) made.push((await wish(ana, { lessonId, ...ALL_DAY }).expect(201)).body.wish.id);
    expect((await wish(ana, { lessonId, ...ALL_DAY }).expect(409)).body.message).toBe(m.tooMany(5));
    expect((await request(app).delete(`/api/wishes/${made[0]}`).set(bearer(ana)).expect(200)).body).toEqual({
      message: m.removed,
    });
    await request(app).delete(`/api/wishes/${made[0]}`).set(bearer(ana)).expect(404);
    expect(await mine(ana)).toHaveLength(4);
  });

  test('when people wait, then the admin sees the demand by class, sede, weekday and hour', async () => {
    const { lessonId, session } = await classWith(1);
    await fill(lessonId, 1);
    const [ana, bea] = [await member(), await member()];
    await book(session, ana).expect(200);
    await wish(bea, { lessonId, ...ALL_DAY }).expect(201);
    const rows = (await request(app).get('/api/sessions/demand').set(bearer(admin)).expect(200)).body;
    const day = WEEKDAYS[(new Date(`${session.split(':')[1]}T12:00:00Z`).getUTCDay() + 6) % 7];
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ lessonId, weekday: day, hour: '23:00', waiting: 1, wishes: 1 }),
      ]),
    );
    await request(app).get('/api/sessions/demand').set(bearer(ana)).expect(403);
  });
});
