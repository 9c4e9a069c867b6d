import request from 'supertest';
import { Types } from 'mongoose';
import { addDays, ERROR_CODES, MESSAGES, sessionIdOf, WEEKDAYS, weekdayOf } from '@pulso/shared';
import { gymDate } from '../../../lib/gym-time';
import { resetReadModels, useTestDatabase } from '../../../test/db';
import { createTestApp } from '../../../test/app';
import { bearer, createTestUser, lessonFields, type TestUser } from '../../../test/fixtures';
import { LessonModel } from '../../lessons/lessons.model';

const DAY = 86_400_000;
const m = MESSAGES.bookings;

describe('class sessions: booking and cancelling (/api/sessions)', () => {
  useTestDatabase();
  // The gym's clock is UTC here, so the dates below are the test's own.
  const { app, config } = createTestApp({ GYM_TIME_ZONE: 'UTC', BOOKING_OPENS_DAYS: '7', LATE_CANCEL_HOURS: '2' });
  const timeZone = config.bookings.timeZone;
  let classCount = 0;

  const member = (fields: { start?: Date; end?: Date } = {}) =>
    createTestUser(config, {
      membership: {
        planId: new Types.ObjectId(),
        name: 'Plus',
        start: fields.start ?? new Date(Date.now() - DAY),
        end: fields.end ?? new Date(Date.now() + 60 * DAY),
      },
    });

  /** A class meeting every day at 23:00-23:30 with `capacity` places, and its session `daysAhead` from today. */
  async function session(
    capacity: number,
    daysAhead = 2,
    hours: [string, string] = ['23:00', '23:30'],
    days: readonly string[] = WEEKDAYS,
  ) {
    classCount += 1;
    const lesson = await LessonModel.create(
      lessonFields(`Clase ${classCount}`, {
        capacity,
        scheduleDays: [...days],
        scheduleHourStart: hours[0],
        scheduleHourFinish: hours[1],
      }),
    );
    const date = addDays(gymDate(new Date(), timeZone), daysAhead);
    return sessionIdOf(lesson._id.toString(), date);
  }

  const book = (id: string, user: TestUser) => request(app).post(`/api/sessions/${id}/booking`).set(bearer(user));
  const cancel = (id: string, user: TestUser) => request(app).delete(`/api/sessions/${id}/booking`).set(bearer(user));

  test('when a member books a session, then they hold a place and the seats left drop', async () => {
    const id = await session(3);
    const ana = await member();
    const res = await book(id, ana).expect(200);
    expect(res.body).toMatchObject({ message: m.confirmed, result: 'confirmed' });
    expect(res.body.session).toMatchObject({ capacity: 3, taken: 1, seatsLeft: 2, waiting: 0, bookable: true });
    expect(res.body.session.mine).toEqual({ state: 'confirmed', position: null });

    const visitor = await request(app).get(`/api/sessions/${id}`).expect(200);
    expect(visitor.body).toMatchObject({ seatsLeft: 2, mine: null });
  });

  test('when the session is full, then the next member waits, and a cancellation promotes them', async () => {
    const id = await session(1);
    const [ana, bea] = [await member(), await member()];
    await book(id, ana).expect(200);
    const waiting = await book(id, bea).expect(200);
    expect(waiting.body).toMatchObject({ result: 'waitlisted', message: m.waitlisted(1) });
    expect(waiting.body.session.mine).toEqual({ state: 'waitlisted', position: 1 });

    const gone = await cancel(id, ana).expect(200);
    expect(gone.body).toMatchObject({ result: 'cancelled', message: m.cancelled });
    const now = await request(app).get(`/api/sessions/${id}`).set(bearer(bea)).expect(200);
    expect(now.body).toMatchObject({ taken: 1, waiting: 0, mine: { state: 'confirmed', position: null } });
  });

  test('when 50 members book the last 3 places at once, then exactly 3 hold a place and the rest wait', async () => {
    const id = await session(3);
    const people = await Promise.all(Array.from({ length: 50 }, () => member()));
    const answers = await Promise.all(people.map((p) => book(id, p)));
    expect(answers.map((a) => a.status)).toEqual(people.map(() => 200));
    expect(answers.filter((a) => a.body.result === 'confirmed')).toHaveLength(3);
    const positions = answers.filter((a) => a.body.result === 'waitlisted').map((a) => a.body.session.mine.position);
    expect(positions.sort((a, b) => a - b)).toEqual(Array.from({ length: 47 }, (_, i) => i + 1));
    const seen = await request(app).get(`/api/sessions/${id}`).expect(200);
    expect(seen.body).toMatchObject({ taken: 3, seatsLeft: 0, waiting: 47 });
  });

  test("when members book and cancel, then the class list's next session shows the places left, also after many at once", async () => {
    // A class meeting tomorrow only: its next session is always more than the late-cancel limit away
    // (today's 23:00 would be inside it after 21:00, and a freed place would stay open instead).
    const tomorrow = addDays(gymDate(new Date(), timeZone), 1);
    const id = await session(5, 1, ['23:00', '23:30'], [weekdayOf(tomorrow)]);
    const lessonId = id.split(':')[0];
    // The class was written behind the API's back: the stored class lists are made again.
    await resetReadModels();
    const nextOf = async () =>
      (await request(app).get('/api/sessions/next').expect(200)).body.find(
        (s: { lessonId: string }) => s.lessonId === lessonId,
      );
    expect(await nextOf()).toMatchObject({ id, capacity: 5, seatsLeft: 5, waiting: 0, cancelled: false });

    const people = await Promise.all(Array.from({ length: 8 }, () => member()));
    const answers = await Promise.all(people.map((p) => book(id, p).expect(200)));
    expect(await nextOf()).toMatchObject({ id, seatsLeft: 0, waiting: 3 });

    // A place given up goes to the first waiting member: still full, one fewer waiting.
    const holder = people[answers.findIndex((a) => a.body.result === 'confirmed')] as TestUser;
    await cancel(id, holder).expect(200);
    expect(await nextOf()).toMatchObject({ seatsLeft: 0, waiting: 2 });
    const seen = await request(app).get(`/api/sessions/${id}`).expect(200);
    expect(seen.body).toMatchObject({ taken: 5, waiting: 2 });
  });

  test('when a member books twice, then the second answer says they already hold the place', async () => {
    const id = await session(2);
    const ana = await member();
    await book(id, ana).expect(200);
    const again = await book(id, ana).expect(200);
    expect(again.body).toMatchObject({ result: 'confirmed', message: m.alreadyConfirmed });
    expect(again.body.session.taken).toBe(1);
  });

  test('when a member holds a session, then they cannot book another at an overlapping time', async () => {
    const first = await session(5, 2, ['22:00', '23:00']);
    const second = await session(5, 2, ['22:30', '23:30']);
    const ana = await member();
    await book(first, ana).expect(200);
    const res = await book(second, ana).expect(409);
    expect(res.body).toMatchObject({ code: ERROR_CODES.CONFLICT, message: m.overlap('Clase ' + (classCount - 1)) });
    // Once the first is cancelled, the second is free to book.
    await cancel(first, ana).expect(200);
    await book(second, ana).expect(200);
  });

  test('when someone without an active membership, or signed out, books, then they are refused and nothing changes', async () => {
    const id = await session(2);
    const lapsed = await createTestUser(config, { membership: null });
    const res = await book(id, lapsed).expect(403);
    expect(res.body.message).toBe(MESSAGES.lessons.membershipRequired);
    const ending = await member({ end: new Date(Date.now() + DAY) });
    await book(id, ending).expect(403);
    await request(app).post(`/api/sessions/${id}/booking`).expect(401);
    expect((await request(app).get(`/api/sessions/${id}`)).body.taken).toBe(0);
  });

  test('when the session is outside the booking window, then it cannot be booked yet, nor once it started', async () => {
    const ana = await member();
    const far = await session(2, 8);
    const res = await book(far, ana).expect(409);
    expect(res.body.message).toBe(m.notOpenYet(7));
    expect((await request(app).get(`/api/sessions/${far}`)).body.bookable).toBe(false);

    const past = await session(2, -1);
    expect((await book(past, ana).expect(409)).body.message).toBe(m.closed);
  });

  test('when a session id names no date of its class, or nothing at all, then the answer is 404', async () => {
    const id = await session(2);
    const [lessonId, date] = id.split(':') as [string, string];
    await LessonModel.updateOne({ _id: lessonId }, { scheduleDays: [weekdayOf(addDays(date, 1))] });
    const res = await request(app).get(`/api/sessions/${id}`).expect(404);
    expect(res.body).toMatchObject({ code: ERROR_CODES.NOT_FOUND, message: m.sessionNotFound });
    await request(app).get('/api/sessions/nothing').expect(404);
    await request(app).get(`/api/sessions/${new Types.ObjectId().toString()}:2030-02-30`).expect(404);
  });

  test("when a class's upcoming sessions are asked for, then each date of the booking window is listed with its places and the caller's booking", async () => {
    const id = await session(4, 1);
    const lessonId = id.split(':')[0] as string;
    const ana = await member();
    await book(id, ana).expect(200);
    const res = await request(app).get(`/api/sessions/of/${lessonId}`).set(bearer(ana)).expect(200);
    // Every day of the week at 23:00: today (unless it started) and the next 7 days.
    expect(res.body.length).toBeGreaterThanOrEqual(7);
    const booked = res.body.find((s: { id: string }) => s.id === id);
    expect(booked).toMatchObject({ taken: 1, seatsLeft: 3, mine: { state: 'confirmed', position: null } });
    expect(res.body.every((s: { bookable: boolean }) => s.bookable)).toBe(true);
    await request(app).get(`/api/sessions/of/${new Types.ObjectId().toString()}`).expect(404);
  });

  test("when an admin lowers a session's capacity below the places taken, then every place stays and the next member waits", async () => {
    const id = await session(3);
    const admin = await createTestUser(config, { isAdmin: true });
    const [ana, bea, cris] = [await member(), await member(), await member()];
    await book(id, ana).expect(200);
    await book(id, bea).expect(200);
    const res = await request(app)
      .put(`/api/sessions/${id}`)
      .set(bearer(admin))
      .send({ capacity: 1, trainerId: '' })
      .expect(200);
    expect(res.body).toMatchObject({ message: m.sessionUpdated, session: { capacity: 1, taken: 2, seatsLeft: 0 } });
    expect((await book(id, cris).expect(200)).body.result).toBe('waitlisted');

    // Raised again (without naming a trainer: the class's still teaches), the waiting member gets a place.
    const raised = await request(app).put(`/api/sessions/${id}`).set(bearer(admin)).send({ capacity: 5 }).expect(200);
    expect(raised.body.session.substitute).toBeNull();
    const seen = await request(app).get(`/api/sessions/${id}`).set(bearer(cris)).expect(200);
    expect(seen.body).toMatchObject({ capacity: 5, taken: 3, waiting: 0, mine: { state: 'confirmed' } });
  });

  test('when an admin gives a session a substitute trainer, then the session names them; an unknown trainer is refused', async () => {
    const id = await session(3);
    const admin = await createTestUser(config, { isAdmin: true });
    const luis = await createTestUser(config, { isMonitor: true, fullName: 'Luis Sustituto' });
    const res = await request(app)
      .put(`/api/sessions/${id}`)
      .set(bearer(admin))
      .send({ capacity: 3, trainerId: luis.id })
      .expect(200);
    expect(res.body.session).toMatchObject({ substitute: 'Luis Sustituto', capacity: 3 });
    const bad = await request(app)
      .put(`/api/sessions/${id}`)
      .set(bearer(admin))
      .send({ capacity: 3, trainerId: new Types.ObjectId().toString() })
      .expect(400);
    expect(bad.body.code).toBe(ERROR_CODES.VALIDATION_FAILED);
    await request(app).put(`/api/sessions/${id}`).set(bearer(admin)).send({ capacity: 0, trainerId: '' }).expect(400);
    expect((await request(app).get(`/api/sessions/${id}`)).body.substitute).toBe('Luis Sustituto');
  });

  test('when an admin cancels a session, then it takes no bookings, says why, and cannot be cancelled twice', async () => {
    const id = await session(3);
    const admin = await createTestUser(config, { isAdmin: true });
    const ana = await member();
    await book(id, ana).expect(200);
    await request(app).post(`/api/sessions/${id}/cancel`).set(bearer(admin)).send({ reason: '' }).expect(400);
    const res = await request(app)
      .post(`/api/sessions/${id}/cancel`)
      .set(bearer(admin))
      .send({ reason: 'Feriado' })
      .expect(200);
    expect(res.body).toMatchObject({
      message: m.sessionCancelledDone,
      session: { cancelled: true, cancelReason: 'Feriado', seatsLeft: 0, bookable: false },
    });
    expect((await book(id, await member()).expect(409)).body.message).toBe(m.sessionCancelled);
    const again = await request(app).post(`/api/sessions/${id}/cancel`).set(bearer(admin)).send({ reason: 'x' });
    expect(again.status).toBe(409);
    await request(app).post(`/api/sessions/${id}/cancel`).set(bearer(ana)).send({ reason: 'x' }).expect(403);
  });

  test('when a member cancels what they do not hold, then the answer is 409', async () => {
    const id = await session(2);
    const ana = await member();
    const res = await cancel(id, ana).expect(409);
    expect(res.body.message).toBe(m.notBooked);
  });

  test('when an admin plans ahead, then `days` lists every session of the period, open or not yet; a bad `days` is refused', async () => {
    const id = await session(4, 1);
    const lessonId = id.split(':')[0] as string;
    const res = await request(app).get(`/api/sessions/of/${lessonId}?days=20`).expect(200);
    // Every day at 23:00 from today (unless it started) for 20 days: beyond the 7-day window too.
    expect(res.body.length).toBeGreaterThanOrEqual(20);
    expect(res.body.filter((s: { bookable: boolean }) => !s.bookable).length).toBeGreaterThanOrEqual(12);
    for (const bad of ['0', '57', 'abc', '-1', '2.5']) {
      const refused = await request(app).get(`/api/sessions/of/${lessonId}?days=${bad}`).expect(400);
      expect(refused.body).toMatchObject({ code: ERROR_CODES.VALIDATION_FAILED, message: m.daysRange(56) });
    }
  });

  test("when an admin opens a session's list, then the places are named by seat, the waitlist in order, and late cancellations apart; nobody else sees it", async () => {
    const id = await session(1, 1);
    const admin = await createTestUser(config, { isAdmin: true });
    const ana = await createTestUser(config, {
      fullName: 'Ana Lista',
      membership: {
        planId: new Types.ObjectId(),
        name: 'Plus',
        start: new Date(Date.now() - DAY),
        end: new Date(Date.now() + 9 * DAY),
      },
    });
    const bea = await createTestUser(config, {
      fullName: 'Bea Espera',
      membership: {
        planId: new Types.ObjectId(),
        name: 'Plus',
        start: new Date(Date.now() - DAY),
        end: new Date(Date.now() + 9 * DAY),
      },
    });
    await book(id, ana).expect(200);
    await book(id, bea).expect(200);
    const roster = await request(app).get(`/api/sessions/${id}/roster`).set(bearer(admin)).expect(200);
    expect(roster.body.session).toMatchObject({ id, taken: 1, waiting: 1 });
    expect(roster.body.confirmed).toEqual([
      expect.objectContaining({ memberId: ana.id, name: 'Ana Lista', seat: 1, promoted: false }),
    ]);
    expect(roster.body.waiting).toEqual([
      expect.objectContaining({ memberId: bea.id, name: 'Bea Espera', position: 1 }),
    ]);
    expect(roster.body.lateCancels).toEqual([]);

    await request(app).get(`/api/sessions/${id}/roster`).set(bearer(ana)).expect(403);
    await request(app).get(`/api/sessions/${id}/roster`).expect(401);
    await request(app)
      .get(`/api/sessions/${new Types.ObjectId().toString()}:2030-01-01/roster`)
      .set(bearer(admin))
      .expect(404);
  });

  test("when members book and wait for a session, then each one's calendar shows it as booked or waiting, and a cancellation takes it off", async () => {
    const id = await session(1, 2);
    const date = id.split(':')[1] as string;
    const [ana, bea] = [await member(), await member()];
    await book(id, ana).expect(200);
    await book(id, bea).expect(200);
    const range = `start=${addDays(date, -3)}T00:00:00.000Z&end=${addDays(date, 3)}T00:00:00.000Z`;
    const eventsOf = async (user: TestUser) =>
      (await request(app).get(`/api/events?${range}`).set(bearer(user)).expect(200)).body.filter((e: { id: string }) =>
        e.id.startsWith('booking:'),
      );
    expect(await eventsOf(ana)).toEqual([
      {
        id: `booking:${id}`,
        title: expect.stringMatching(/^Reserva: Clase \d+$/),
        start: `${date}T23:00:00`,
        end: `${date}T23:30:00`,
        kind: 'booked',
        allDay: false,
      },
    ]);
    expect(await eventsOf(bea)).toEqual([
      expect.objectContaining({
        id: `booking:${id}`,
        kind: 'waiting',
        title: expect.stringMatching(/\(posición 1\)$/),
      }),
    ]);

    await cancel(id, ana).expect(200);
    expect(await eventsOf(ana)).toEqual([]);
    // The place went to Bea, whose calendar now shows it booked.
    expect(await eventsOf(bea)).toEqual([expect.objectContaining({ id: `booking:${id}`, kind: 'booked' })]);
  });

  test("when a class of the member's schedule meets on a date, then their calendar shows that date's booking once; cancelled, the class to book again", async () => {
    const id = await session(1, 3);
    const [lessonId, date] = id.split(':') as [string, string];
    const ana = await member();
    // 'Añadir clase' is a standing booking: the member holds that date's place at once.
    await request(app).put(`/api/users/addlesson/${lessonId}`).set(bearer(ana)).send({}).expect(200);
    const range = `start=${date}T00:00:00.000Z&end=${addDays(date, 1)}T00:00:00.000Z`;
    const eventsOf = async () =>
      (await request(app).get(`/api/events?${range}`).set(bearer(ana)).expect(200)).body
        .filter((e: { kind: string }) => e.kind !== 'plan' && e.kind !== 'gym')
        .map((e: { id: string; kind: string }) => [e.id, e.kind]);
    expect(await eventsOf()).toEqual([[`booking:${id}`, 'booked']]);
    await cancel(id, ana).expect(200);
    expect(await eventsOf()).toEqual([[`class:${id}`, 'class']]);
    await book(id, ana).expect(200);
    expect(await eventsOf()).toEqual([[`booking:${id}`, 'booked']]);
  });
});
