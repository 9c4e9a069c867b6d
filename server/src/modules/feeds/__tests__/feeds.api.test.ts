import ICAL from 'ical.js';
import request from 'supertest';
import { Types } from 'mongoose';
import { addDays, MESSAGES, sessionIdOf, WEEKDAYS } from '@pulso/shared';
import { gymDate, gymInstant } from '../../../lib/gym-time';
import { resetReadModels, useTestDatabase } from '../../../test/db';
import { createTestApp } from '../../../test/app';
import { bearer, createTestUser, lessonFields, type TestUser } from '../../../test/fixtures';
import { BranchModel } from '../../branches/branches.model';
import { LessonModel } from '../../lessons/lessons.model';
import { UserModel } from '../../users/users.model';
import { escapeText, foldLine } from '../feeds.ical';

const DAY = 86_400_000;

interface FeedEvent {
  uid: string;
  summary: string;
  location: string;
  description: string;
  status: string;
  start: Date;
  end: Date;
}

/** The feed's events as ical.js reads them. */
function eventsOf(text: string): FeedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      location: event.location,
      description: event.description,
      status: String(vevent.getFirstPropertyValue('status')),
      start: event.startDate.toJSDate(),
      end: event.endDate.toJSDate(),
    };
  });
}

describe('calendar feeds (/api/calendar/feed)', () => {
  useTestDatabase();
  // A gym five hours behind UTC, all year: 23:00 there is 04:00 UTC the next day.
  const { app, config } = createTestApp({
    GYM_TIME_ZONE: 'America/Bogota',
    BOOKING_OPENS_DAYS: '7',
    LATE_CANCEL_HOURS: '2',
    GYM_NAME: 'Pulso',
  });
  const timeZone = config.bookings.timeZone;
  let admin: TestUser;
  let branchId: Types.ObjectId;
  let count = 0;

  beforeAll(async () => {
    admin = await createTestUser(config, { isAdmin: true });
    const branch = await BranchModel.create({
      name: 'Sede Café',
      location: 'Calle Ñandú 7; local 2',
      scheduleDays: [...WEEKDAYS],
      scheduleHourStart: '6:00',
      scheduleHourFinish: '24:00',
    });
    branchId = branch._id;
  });

  const member = (fullName = 'Socia Feed') =>
    createTestUser(config, {
      fullName,
      membership: {
        planId: new Types.ObjectId(),
        name: 'Plus',
        start: new Date(Date.now() - DAY),
        end: new Date(Date.now() + 60 * DAY),
      },
    });

  /** A class meeting every day from 21:00 to 22:30 at the gym. */
  async function lesson(name: string, fields: Record<string, unknown> = {}) {
    count += 1;
    const doc = await LessonModel.create(
      lessonFields(name, {
        shortDescription: 'Estiramientos, respiración; calma y equilibrio ñ',
        office: branchId,
        scheduleDays: [...WEEKDAYS],
        scheduleHourStart: '21:00',
        scheduleHourFinish: '22:30',
        capacity: 5,
        ...fields,
      }),
    );
    await resetReadModels();
    return doc._id.toString();
  }

  const sessionIn = (lessonId: string, daysAhead: number) =>
    sessionIdOf(lessonId, addDays(gymDate(new Date(), timeZone), daysAhead));
  const book = (id: string, who: TestUser) =>
    request(app).post(`/api/sessions/${id}/booking`).set(bearer(who)).expect(200);
  const feedUrl = async (who: TestUser) =>
    (await request(app).get('/api/calendar/feed').set(bearer(who)).expect(200)).body.url as string;
  const fetchFeed = (url: string) => request(app).get(new URL(url).pathname);

  test("when a member books sessions, then their feed parses and lists exactly their places (not the waitlist, not others')", async () => {
    const yoga = await lesson('Yoga Energía');
    const full = await lesson(`Pilates ${count}`, { capacity: 1 });
    const ana = await member('Ana Feed');
    const bea = await member('Bea Otra');
    const mine = sessionIn(yoga, 2);
    await book(mine, ana);
    // Ana waits for a full session, and Bea holds sessions of her own.
    const waiting = sessionIn(full, 3);
    await book(waiting, bea);
    expect((await book(waiting, ana)).body.result).toBe('waitlisted');
    await book(sessionIn(yoga, 4), bea);

    const url = await feedUrl(ana);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/calendar\/feed\/[\w-]{43}\.ics$/);
    // Asking again gives the same address (supertest listens on a new port for each request).
    expect(new URL(await feedUrl(ana)).pathname).toBe(new URL(url).pathname);

    const res = await fetchFeed(url).expect(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('inline; filename="pulso.ics"');
    expect(res.headers['cache-control']).toMatch(/private/);
    expect(res.headers['cache-control']).toMatch(/no-store/);
    const text = res.text;
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text).toContain('\r\nPRODID:');
    expect(text).toContain('\r\nCALSCALE:GREGORIAN\r\n');
    expect(text).toContain('\r\nMETHOD:PUBLISH\r\n');
    expect(text).toContain('\r\nX-WR-CALNAME:Pulso\r\n');
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    // CRLF everywhere, and no line longer than 75 octets.
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);

    const events = eventsOf(text);
    expect(events.map((e) => e.uid)).toEqual([`${mine}@pulso`]);
    const [event] = events as [FeedEvent];
    expect(event.summary).toBe('Yoga Energía');
    expect(event.location).toBe('Sede Café, Calle Ñandú 7; local 2');
    expect(event.description).toBe(`${MESSAGES.feeds.booked(1)}\nEstiramientos, respiración; calma y equilibrio ñ`);
    expect(event.status).toBe('CONFIRMED');
    // The gym's 21:00 in Bogotá (UTC-5) is 02:00 UTC the next day.
    const date = mine.split(':')[1] as string;
    expect(event.start.toISOString()).toBe(gymInstant(`${date}T21:00`, timeZone).toISOString());
    expect(event.start.toISOString()).toBe(`${addDays(date, 1)}T02:00:00.000Z`);
    expect(event.end.toISOString()).toBe(`${addDays(date, 1)}T03:30:00.000Z`);
    // The description is longer than a line: folded, and ical.js unfolded it to the same text above.
    const description = text.split('\r\n').findIndex((line) => line.startsWith('DESCRIPTION:'));
    expect(text.split('\r\n')[description + 1]?.startsWith(' ')).toBe(true);
  });

  test("when a member adds a class to their schedule ('Añadir clase'), then the feed lists the sessions it holds a place in", async () => {
    const zumba = await lesson('Zumba Fiesta');
    const ana = await member();
    await request(app).put(`/api/users/addlesson/${zumba}`).set(bearer(ana)).send({}).expect(200);
    const uids = eventsOf((await fetchFeed(await feedUrl(ana)).expect(200)).text).map((e) => e.uid);
    // Every day at 21:00: the next days' sessions are all there as standing bookings.
    for (const days of [1, 2, 3]) expect(uids).toContain(`${sessionIn(zumba, days)}@pulso`);
  });

  test('when the gym cancels a booked session, then the feed keeps it as cancelled, with the reason', async () => {
    const spinning = await lesson('Spinning Nocturno');
    const ana = await member();
    const id = sessionIn(spinning, 1);
    await book(id, ana);
    const reason =
      'Mantenimiento del salón: cambiamos el piso, las bicicletas y la iluminación; disculpa las molestias, te esperamos la próxima semana.';
    await request(app).post(`/api/sessions/${id}/cancel`).set(bearer(admin)).send({ reason }).expect(200);
    const text = (await fetchFeed(await feedUrl(ana)).expect(200)).text;
    const [event] = eventsOf(text) as [FeedEvent];
    expect(event).toMatchObject({ uid: `${id}@pulso`, status: 'CANCELLED', summary: 'Spinning Nocturno' });
    expect(event.description.split('\n')[0]).toBe(MESSAGES.feeds.cancelled(reason));
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
  });

  test('when a trainer opens their feed, then it lists the sessions they teach besides their own bookings', async () => {
    const carlos = await createTestUser(config, { isMonitor: true, fullName: 'Carlos Feed' });
    const boxing = await lesson('Box Técnico', { monitor: new Types.ObjectId(carlos.id), scheduleDays: ['Lunes'] });
    const events = eventsOf((await fetchFeed(await feedUrl(carlos)).expect(200)).text);
    // Mondays from 30 days ago to 28 ahead: eight or nine of them.
    expect(events.length).toBeGreaterThanOrEqual(8);
    expect(events.every((e) => e.uid.startsWith(`${boxing}:`) && e.uid.endsWith('@pulso'))).toBe(true);
    expect(events[0]?.summary).toBe('Box Técnico');
    expect(events[0]?.description).toContain(MESSAGES.feeds.teaching);
  });

  test('when a new address is made, then the old one answers 404 and the new one the feed', async () => {
    const ana = await member();
    const old = await feedUrl(ana);
    await fetchFeed(old).expect(200);
    const renewed = await request(app).post('/api/calendar/feed').set(bearer(ana)).expect(200);
    expect(renewed.body).toMatchObject({ message: MESSAGES.feeds.renewed, feed: { url: expect.any(String) } });
    const url = renewed.body.feed.url as string;
    expect(url).not.toBe(old);
    const gone = await fetchFeed(old).expect(404);
    expect(gone.body).toEqual({ code: 'NOT_FOUND', message: MESSAGES.feeds.notFound });
    await fetchFeed(url).expect(200);
    expect(new URL(await feedUrl(ana)).pathname).toBe(new URL(url).pathname);
  });

  test('when a feed address is made up, malformed or its owner suspended, then the answer is 404 without a crash', async () => {
    for (const path of [
      '/api/calendar/feed/nope.ics',
      `/api/calendar/feed/${'a'.repeat(43)}.ics`,
      `/api/calendar/feed/${'a'.repeat(43)}`,
      '/api/calendar/feed/%00.ics',
      `/api/calendar/feed/${'x'.repeat(5000)}.ics`,
      '/api/calendar/feed/.ics',
    ]) {
      const res = await request(app).get(path);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
    const ana = await member();
    const url = await feedUrl(ana);
    await UserModel.updateOne({ _id: ana.id }, { deletedAt: new Date() });
    await fetchFeed(url).expect(404);
  });

  test('when nobody is signed in, then no feed address is given or made', async () => {
    await request(app).get('/api/calendar/feed').expect(401);
    await request(app).post('/api/calendar/feed').expect(401);
  });
});

describe('iCalendar text', () => {
  test('when a value has commas, semicolons, backslashes and line breaks, then they are escaped', () => {
    expect(escapeText('a,b;c\\d\ne\r\nf')).toBe('a\\,b\\;c\\\\d\\ne\\nf');
  });

  test('when a line is longer than 75 octets, then it is folded without splitting a character', () => {
    const line = `DESCRIPTION:${'ñ'.repeat(100)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((p) => p.startsWith(' '))).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
  });
});
