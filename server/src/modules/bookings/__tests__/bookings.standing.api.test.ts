import request from 'supertest';
import mongoose, { Types } from 'mongoose';
import { addDays, MESSAGES, sessionDayLabel, sessionIdOf, WEEKDAYS, weekdayOf } from '@pulso/shared';
import { gymDate } from '../../../lib/gym-time';
import { resetReadModels, useTestDatabase } from '../../../test/db';
import { createTestApp } from '../../../test/app';
import { bearer, createTestUser, lessonFields, type TestUser } from '../../../test/fixtures';
import { LessonModel } from '../../lessons/lessons.model';
import { storedSessionDates } from '../../../migrations/006-stored-session-dates';
import { closeEndedSessions } from '../bookings.checkin';
import { PlaceKeyModel } from '../bookings.model';

const DAY = 86_400_000;

describe("standing bookings: 'Añadir clase' (/api/users/addlesson)", () => {
  useTestDatabase();
  // The gym's clock is UTC here; bookings open 3 days before a session.
  const { app, config } = createTestApp({ GYM_TIME_ZONE: 'UTC', BOOKING_OPENS_DAYS: '3', LATE_CANCEL_HOURS: '2' });
  let classCount = 0;

  const member = (days = 60) =>
    createTestUser(config, {
      membership: {
        planId: new Types.ObjectId(),
        name: 'Plus',
        start: new Date(Date.now() - DAY),
        end: new Date(Date.now() + days * DAY),
      },
    });

  /** A class meeting every day at 23:00-23:30 with `capacity` places. */
  async function lesson(
    capacity: number,
    hours: [string, string] = ['23:00', '23:30'],
    days: readonly string[] = WEEKDAYS,
  ) {
    classCount += 1;
    const doc = await LessonModel.create(
      lessonFields(`Fija ${classCount}`, {
        capacity,
        isAvailable: true,
        scheduleDays: [...days],
        scheduleHourStart: hours[0],
        scheduleHourFinish: hours[1],
      }),
    );
    return doc._id.toString();
  }
  const today = () => gymDate(new Date(), 'UTC');
  /** The class's session `days` from today (tomorrow's and later ones have not started at 23:00). */
  const sessionOn = (lessonId: string, days: number) => sessionIdOf(lessonId, addDays(today(), days));
  const add = (lessonId: string, user: TestUser) =>
    request(app).put(`/api/users/addlesson/${lessonId}`).set(bearer(user)).send({});
  const removeClass = (lessonId: string, user: TestUser) =>
    request(app).delete(`/api/users/addlesson/${lessonId}`).set(bearer(user));
  const seen = async (id: string, user?: TestUser) => {
    const call = request(app).get(`/api/sessions/${id}`);
    return (await (user ? call.set(bearer(user)) : call).expect(200)).body;
  };

  test('when members add a class, then they hold a place in its next sessions, and the one past its places waits and is told so', async () => {
    const id = await lesson(2);
    const [ana, bea, cris] = [await member(), await member(), await member()];
    expect((await add(id, ana).expect(200)).body).toEqual({ exito: MESSAGES.lessons.added });
    await add(id, bea).expect(200);
    const waiting = (await add(id, cris).expect(200)).body.exito as string;
    // The three sessions open for booking (bookings open 3 days ahead): today's while it has not
    // started, else tomorrow's, is the first the member waits for.
    const first = new Date().toISOString().slice(11, 16) < '23:00' ? 0 : 1;
    expect(waiting).toBe(MESSAGES.lessons.addedWaiting(sessionDayLabel(addDays(today(), first)), 1, 2));
    const session = await seen(sessionOn(id, 1), cris);
    expect(session).toMatchObject({ taken: 2, seatsLeft: 0, waiting: 1, mine: { state: 'waitlisted', position: 1 } });
    expect((await seen(sessionOn(id, 2), ana)).mine).toEqual({ state: 'confirmed', position: null });
  });

  test("when a session beyond the booking window was never stored, then its places are already its standing members'", async () => {
    const id = await lesson(2);
    const people = [await member(), await member(), await member()];
    for (const p of people) await add(id, p).expect(200);
    const far = sessionOn(id, 10);
    expect(await mongoose.connection.collection('lesson_sessions').findOne({ _id: far as never })).toBeNull();
    expect(await seen(far)).toMatchObject({ capacity: 2, taken: 2, waiting: 1, bookable: false });
    expect((await seen(far, people[2])).mine).toEqual({ state: 'waitlisted', position: 1 });
  });

  test('when 20 members add a 5-place class at once, then each session holds exactly 5 and the others wait in order', async () => {
    const id = await lesson(5);
    const people = await Promise.all(Array.from({ length: 20 }, () => member()));
    const answers = await Promise.all(people.map((p) => add(id, p)));
    expect(answers.map((a) => a.status)).toEqual(people.map(() => 200));
    expect(answers.filter((a) => a.body.exito === MESSAGES.lessons.added)).toHaveLength(5);
    for (const days of [1, 2, 3, 10]) {
      const session = await seen(sessionOn(id, days));
      expect({ days, taken: session.taken, waiting: session.waiting }).toEqual({ days, taken: 5, waiting: 15 });
    }
  });

  test('when members add a class while others book its sessions at once, then every stored session holds each of them, and never more than its places', async () => {
    const id = await lesson(5);
    const joining = await Promise.all(Array.from({ length: 12 }, () => member()));
    const booking = await Promise.all(Array.from({ length: 8 }, () => member()));
    const first = sessionOn(id, 1);
    // Joining the class writes its standing members; a booking stores the session for the first
    // time from them: neither may miss the other.
    const answers = await Promise.all([
      ...joining.map((p) => add(id, p)),
      ...booking.map((p) => request(app).post(`/api/sessions/${first}/booking`).set(bearer(p))),
    ]);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const session = await seen(first);
    expect({ taken: session.taken, waiting: session.waiting }).toEqual({ taken: 5, waiting: 15 });
    for (const p of joining) expect((await seen(first, p)).mine).not.toBeNull();
    // The seat keys of the stored session: never more than its capacity.
    const places = mongoose.connection.collection<{ _id: string }>(PlaceKeyModel.collection.collectionName);
    const keys = await places.countDocuments({ _id: { $regex: `^${first}#` } });
    expect(keys).toBe(5);
  });

  test("when members add a class, then the class list's next session shows the places they hold, and frees them when they leave", async () => {
    // Tomorrow only: its next session is always past the late-cancel limit, so a freed place goes
    // to whoever waits (today's 23:00 would be inside it after 21:00).
    const id = await lesson(2, ['23:00', '23:30'], [weekdayOf(addDays(today(), 1))]);
    // The class was written behind the API's back: the stored class lists are made again.
    await resetReadModels();
    const nextOf = async () =>
      (await request(app).get('/api/sessions/next').expect(200)).body.find(
        (s: { lessonId: string }) => s.lessonId === id,
      );
    expect(await nextOf()).toMatchObject({ capacity: 2, seatsLeft: 2, waiting: 0 });
    const people = [await member(), await member(), await member()];
    for (const p of people) await add(id, p).expect(200);
    const next = await nextOf();
    // Never stored: its places are its standing members'.
    expect(await mongoose.connection.collection('lesson_sessions').findOne({ _id: next.id })).toBeNull();
    expect(next).toMatchObject({ seatsLeft: 0, waiting: 1 });
    await removeClass(id, people[0] as TestUser).expect(200);
    expect(await nextOf()).toMatchObject({ seatsLeft: 0, waiting: 0 });
    await removeClass(id, people[1] as TestUser).expect(200);
    expect(await nextOf()).toMatchObject({ seatsLeft: 1, waiting: 0 });
    // The board made anew from the database says the same.
    await resetReadModels();
    expect(await nextOf()).toMatchObject({ seatsLeft: 1, waiting: 0 });
  });

  test('when a member takes the class off their schedule, then their places go to the first waiting member', async () => {
    const id = await lesson(1);
    const [ana, bea] = [await member(), await member()];
    await add(id, ana).expect(200);
    await add(id, bea).expect(200);
    expect((await seen(sessionOn(id, 2), bea)).mine).toEqual({ state: 'waitlisted', position: 1 });

    expect((await removeClass(id, ana).expect(200)).body).toEqual({ message: MESSAGES.lessons.removed });
    expect((await seen(sessionOn(id, 2), bea)).mine).toEqual({ state: 'confirmed', position: null });
    expect((await seen(sessionOn(id, 10), bea)).mine).toEqual({ state: 'confirmed', position: null });
    expect((await seen(sessionOn(id, 2), ana)).mine).toBeNull();
    // Not on the schedule any more: a second removal is refused.
    expect((await removeClass(id, ana).expect(409)).body.message).toBe(MESSAGES.lessons.notHeld);
  });

  test('when a standing member cancels one date, then that place frees and the other dates stay theirs', async () => {
    const id = await lesson(1);
    const [ana, bea] = [await member(), await member()];
    await add(id, ana).expect(200);
    const single = sessionOn(id, 2);
    await request(app).delete(`/api/sessions/${single}/booking`).set(bearer(ana)).expect(200);
    expect((await seen(single, ana)).mine).toBeNull();
    expect((await seen(sessionOn(id, 3), ana)).mine).toEqual({ state: 'confirmed', position: null });
    await request(app).post(`/api/sessions/${single}/booking`).set(bearer(bea)).expect(200);
    expect((await seen(single, bea)).mine).toEqual({ state: 'confirmed', position: null });
  });

  test("when a standing member gives up one date and another waits, then their calendars read the stored sessions and the class's list of them", async () => {
    const id = await lesson(1);
    const [ana, bea] = [await member(), await member()];
    await add(id, ana).expect(200);
    await add(id, bea).expect(200);
    const single = sessionOn(id, 2);
    // Ana gives up one date: that session is stored, and its place is Bea's.
    await request(app).delete(`/api/sessions/${single}/booking`).set(bearer(ana)).expect(200);
    const stored = await mongoose.connection.collection('standing_bookings').findOne({ _id: new Types.ObjectId(id) });
    expect(stored?.stored).toEqual({ since: '', dates: [addDays(today(), 2)] });

    const range = `start=${addDays(today(), 1)}T00:00:00.000Z&end=${addDays(today(), 4)}T00:00:00.000Z`;
    const bookingsOf = async (user: TestUser) =>
      (await request(app).get(`/api/events?${range}`).set(bearer(user)).expect(200)).body
        .filter((e: { id: string }) => e.id.startsWith('booking:'))
        .map((e: { id: string; kind: string }) => `${e.id.split(':')[2]} ${e.kind}`);
    const dates = [1, 2, 3].map((d) => addDays(today(), d));
    expect(await bookingsOf(ana)).toEqual([`${dates[0]} booked`, `${dates[2]} booked`]);
    expect(await bookingsOf(bea)).toEqual([`${dates[0]} waiting`, `${dates[1]} booked`, `${dates[2]} waiting`]);
  });

  test('when a database from before the lists is migrated, then each class lists the dates of its stored sessions, once', async () => {
    const id = await lesson(2);
    const ana = await member();
    await add(id, ana).expect(200);
    for (const days of [3, 1]) {
      await request(app)
        .delete(`/api/sessions/${sessionOn(id, days)}/booking`)
        .set(bearer(ana))
        .expect(200);
    }
    const standing = mongoose.connection.collection('standing_bookings');
    const _id = new Types.ObjectId(id);
    await standing.updateOne({ _id }, { $unset: { stored: '' } });
    const silent = { info: () => undefined, warn: () => undefined };
    await storedSessionDates.up(mongoose.connection.db as never, silent);
    await storedSessionDates.up(mongoose.connection.db as never, silent);
    const doc = await standing.findOne({ _id });
    expect(doc?.stored).toEqual({ since: '', dates: [addDays(today(), 1), addDays(today(), 3)] });
    // The members were left as they were.
    expect(doc?.members).toHaveLength(1);
  });

  test('when a member holds a class of their schedule, then they cannot book another session at an overlapping time that day', async () => {
    const standing = await lesson(5, ['22:00', '23:00']);
    const other = await lesson(5, ['22:30', '23:30']);
    const ana = await member();
    await add(standing, ana).expect(200);
    const res = await request(app)
      .post(`/api/sessions/${sessionOn(other, 2)}/booking`)
      .set(bearer(ana))
      .expect(409);
    expect(res.body.message).toBe(MESSAGES.bookings.overlap(`Fija ${classCount - 1}`));
  });

  test('when the membership ends, then the places end with it; a renewal carries them on', async () => {
    const id = await lesson(3);
    const ana = await member(5);
    await add(id, ana).expect(200);
    expect((await seen(sessionOn(id, 4), ana)).mine).toEqual({ state: 'confirmed', position: null });
    expect((await seen(sessionOn(id, 10), ana)).mine).toBeNull();

    const admin = await createTestUser(config, { isAdmin: true });
    const { PlanModel } = await import('../../plans/plans.model');
    const plan = await PlanModel.create({ name: `Mensual ${classCount}`, duration: 1, benefits: 'Todo', price: 30 });
    await request(app)
      .post('/api/payments/manual')
      .set(bearer(admin))
      .send({ userId: ana.id, planId: plan._id.toString() })
      .expect(201);
    expect((await seen(sessionOn(id, 10), ana)).mine).toEqual({ state: 'confirmed', position: null });
  });

  test('when a session nobody touched ends, then its standing members who never came are marked no-show', async () => {
    const id = await lesson(3);
    const ana = await member();
    await add(id, ana).expect(200);
    const far = sessionOn(id, 5);
    expect(await mongoose.connection.collection('lesson_sessions').findOne({ _id: far as never })).toBeNull();
    const afterEnd = new Date(`${addDays(today(), 5)}T23:45:00.000Z`);
    expect(await closeEndedSessions(config.bookings, undefined, afterEnd)).toBeGreaterThanOrEqual(1);
    const admin = await createTestUser(config, { isAdmin: true });
    const record = await request(app).get(`/api/checkin/members/${ana.id}`).set(bearer(admin)).expect(200);
    // That session and the two before it (the job looks two days back), none of which she came to.
    expect(record.body.noShows).toBe(3);
    expect(record.body.latest[0]).toMatchObject({ sessionId: far, kind: 'no-show' });
  });
});
