import request from 'supertest';
import mongoose, { Types } from 'mongoose';
import { ERROR_CODES, MESSAGES, sessionIdOf, WEEKDAYS } from '@pulso/shared';
import { gymDate } from '../../../lib/gym-time';
import { useTestDatabase } from '../../../test/db';
import { createTestApp } from '../../../test/app';
import { bearer, createTestUser, lessonFields, type TestUser } from '../../../test/fixtures';
import { BranchModel } from '../../branches/branches.model';
import { LessonModel } from '../../lessons/lessons.model';
import { codeAt, codeKey } from '../../checkin/checkin.card';
import { closeEndedSessions } from '../bookings.checkin';

const DAY = 86_400_000;
const MINUTE = 60_000;
const m = MESSAGES.checkin;

/**
 * A fixed-offset zone in which it is about noon now, so a class starting a few minutes from now
 * and lasting an hour stays inside one day whatever time the test runs (Etc/GMT signs are inverted).
 */
function middayZone(now = new Date()): string {
  const offset = 12 - now.getUTCHours();
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

describe('check-in and attendance (/api/checkin, /api/sessions/:id/checkin)', () => {
  useTestDatabase();
  const timeZone = middayZone();
  const { app, config } = createTestApp({ GYM_TIME_ZONE: timeZone, CHECKIN_OPENS_MINUTES: '30' });
  const key = codeKey(config.jwtSecret);
  let classCount = 0;
  let admin: TestUser;
  let branch: Types.ObjectId;
  let otherBranch: Types.ObjectId;

  beforeAll(async () => {
    admin = await createTestUser(config, { isAdmin: true });
    const hours = { scheduleDays: [...WEEKDAYS], scheduleHourStart: '0', scheduleHourFinish: '23' };
    branch = (await BranchModel.create({ name: 'Sede Centro', location: 'Calle 1', ...hours }))._id;
    otherBranch = (await BranchModel.create({ name: 'Sede Norte', location: 'Calle 2', ...hours }))._id;
  });

  const member = (fields: { end?: Date; isMonitor?: boolean } = {}) =>
    createTestUser(config, {
      fullName: 'Ana Socia',
      isMonitor: fields.isMonitor,
      membership: {
        planId: new Types.ObjectId(),
        name: 'Plus',
        start: new Date(Date.now() - DAY),
        end: fields.end ?? new Date(Date.now() + 60 * DAY),
      },
    });

  /** The local `H:mm` of `now + minutes` in the gym's zone. */
  const localTime = (minutes: number) => {
    const at = new Date(Date.now() + minutes * MINUTE);
    const text = at.toLocaleTimeString('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    return text.replace(/^0(\d)/, '$1');
  };

  /** A class every day starting `startsIn` minutes from now, an hour long, at `office`; today's session. */
  async function session(
    startsIn: number,
    fields: { office?: Types.ObjectId; monitor?: Types.ObjectId; capacity?: number } = {},
  ) {
    classCount += 1;
    const start = localTime(startsIn);
    const lesson = await LessonModel.create(
      lessonFields(`Funcional ${classCount}`, {
        scheduleDays: [...WEEKDAYS],
        scheduleHourStart: start,
        scheduleHourFinish: localTime(startsIn + 60),
        office: fields.office ?? branch,
        capacity: fields.capacity ?? 20,
        ...(fields.monitor ? { monitor: fields.monitor } : {}),
      }),
    );
    const id = sessionIdOf(lesson._id.toString(), gymDate(new Date(), timeZone));
    startOf.set(id, start);
    return id;
  }
  /** Each session's start as its class was written (the clock may pass a minute before a test reads it). */
  const startOf = new Map<string, string>();

  const book = (id: string, user: TestUser) =>
    request(app).post(`/api/sessions/${id}/booking`).set(bearer(user)).expect(200);
  const codeOf = async (user: TestUser) =>
    (await request(app).get('/api/checkin/card').set(bearer(user)).expect(200)).body.code as string;
  const checkIn = (by: TestUser, code: string, at = branch) =>
    request(app).post('/api/checkin').set(bearer(by)).send({ code, branchId: at.toString() });
  const roster = async (id: string) => (await request(app).get(`/api/sessions/${id}/roster`).set(bearer(admin))).body;
  const attendance = async (user: TestUser) =>
    (await request(app).get(`/api/checkin/members/${user.id}`).set(bearer(admin)).expect(200)).body;

  test('when a member opens their card, then they get a code that is not their id, which changes with time and stays theirs', async () => {
    const ana = await member();
    const asked = Date.now();
    const res = await request(app).get('/api/checkin/card').set(bearer(ana)).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}\d{6}$/);
    expect(res.body.display).toBe(
      `${res.body.code.slice(0, 4)}-${res.body.code.slice(4, 8)}-${res.body.code.slice(8)}`,
    );
    expect(res.body.code).not.toContain(ana.id);
    // The code changes after the moment it was asked for (the 30-second step may end before this line).
    expect(new Date(res.body.changesAt).getTime()).toBeGreaterThan(asked);
    // The card part stays; the digits are those of the current 30-second step.
    const again = await codeOf(ana);
    expect(again.slice(0, 8)).toBe(res.body.code.slice(0, 8));
    const card = res.body.code.slice(0, 8) as string;
    expect(codeAt(key, card, new Date(Date.now() + 60_000)).code).not.toBe(codeAt(key, card, new Date()).code);
  });

  test('when the front desk types the code of a member booked now at this sede, then they are checked in once', async () => {
    const id = await session(10);
    const ana = await member();
    await book(id, ana);
    const code = await codeOf(ana);

    // Typed as people read it: with dashes, in small letters.
    const typed = `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`.toLowerCase();
    const res = await checkIn(admin, typed).expect(200);
    expect(res.body).toMatchObject({ memberName: 'Ana Socia', already: false, session: { id, taken: 1 } });
    expect(res.body.message).toBe(m.done('Ana Socia', res.body.session.lessonName, startOf.get(id) ?? ''));

    const again = await checkIn(admin, code).expect(200);
    expect(again.body).toMatchObject({ already: true, message: m.already('Ana Socia', res.body.session.lessonName) });

    const list = await roster(id);
    expect(list.confirmed).toEqual([expect.objectContaining({ memberId: ana.id, noShow: false })]);
    expect(list.confirmed[0].checkedIn).toEqual(expect.any(String));
    expect(await attendance(ana)).toMatchObject({ attended: 1, noShows: 0, lateCancels: 0 });
  });

  test('when 20 check-ins of the same member arrive at once, then one checks in and the rest say it was done', async () => {
    const id = await session(5);
    const ana = await member();
    await book(id, ana);
    const code = await codeOf(ana);
    const answers = await Promise.all(Array.from({ length: 20 }, () => checkIn(admin, code)));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(answers.filter((a) => a.body.already === false)).toHaveLength(1);
    expect(await attendance(ana)).toMatchObject({ attended: 1 });
  });

  test.each([
    ['at another sede', 10, () => otherBranch, ERROR_CODES.CHECKIN_WRONG_BRANCH, 409],
    ['too early', 120, () => branch, ERROR_CODES.CHECKIN_TOO_EARLY, 409],
  ])(
    'when the booking is %s, then the desk is told why and nothing is checked in',
    async (_what, startsIn, at, code, status) => {
      const id = await session(startsIn);
      const ana = await member();
      await book(id, ana);
      const res = await checkIn(admin, await codeOf(ana), at()).expect(status);
      expect(res.body.code).toBe(code);
      if (code === ERROR_CODES.CHECKIN_WRONG_BRANCH) expect(res.body.message).toContain('Sede Centro');
      if (code === ERROR_CODES.CHECKIN_TOO_EARLY) expect(res.body.message).toContain(`a las ${startOf.get(id)}`);
      expect((await roster(id)).confirmed[0].checkedIn).toBeNull();
    },
  );

  test('when the member has no booking now, or is only waiting for a place, then the desk is told so', async () => {
    const id = await session(10, { capacity: 1 });
    const [ana, bea] = [await member(), await member()];
    await book(id, ana);
    expect((await book(id, bea)).body.result).toBe('waitlisted');
    const queued = await checkIn(admin, await codeOf(bea)).expect(409);
    expect(queued.body).toEqual({ code: ERROR_CODES.CHECKIN_NO_BOOKING, message: m.noBooking('Ana Socia') });
    const nobody = await member();
    const none = await checkIn(admin, await codeOf(nobody)).expect(409);
    expect(none.body.code).toBe(ERROR_CODES.CHECKIN_NO_BOOKING);
  });

  test('when the code is made up, malformed or expired, then 404 and nothing is checked in', async () => {
    const id = await session(10);
    const ana = await member();
    await book(id, ana);
    const code = await codeOf(ana);
    const card = code.slice(0, 8);
    const stale = codeAt(key, card, new Date(Date.now() - 5 * MINUTE)).code;
    for (const bad of ['', 'hola', 'ZZZZZZZZ000000', `${card}000000`.replace(code.slice(8), '999999'), stale]) {
      if (bad === code) continue;
      const res = await checkIn(admin, bad);
      expect([400, 404]).toContain(res.status);
      if (bad !== '') expect(res.body.code).toBe(ERROR_CODES.CHECKIN_INVALID_CODE);
    }
    // A code from the last two minutes still works (the desk may be slow to type it).
    const recent = codeAt(key, card, new Date(Date.now() - 60_000)).code;
    await checkIn(admin, recent).expect(200);
  });

  test('when the sede is missing or unknown, then 400 with the field', async () => {
    const ana = await member();
    const code = await codeOf(ana);
    const missing = await request(app).post('/api/checkin').set(bearer(admin)).send({ code }).expect(400);
    expect(missing.body.details).toEqual([{ field: 'branchId', message: m.branchRequired }]);
    const unknown = await checkIn(admin, code, new Types.ObjectId()).expect(400);
    expect(unknown.body.details).toEqual([{ field: 'branchId', message: m.unknownBranch }]);
  });

  test("when the member's membership has ended, then they are not checked in and the desk is told why", async () => {
    const id = await session(10);
    const ana = await member();
    await book(id, ana);
    const code = await codeOf(ana);
    const { UserModel } = await import('../../users/users.model');
    await UserModel.updateOne({ _id: ana.id }, { 'membership.end': new Date(Date.now() - MINUTE) });
    const { readCache } = await import('../../../lib/read-cache');
    readCache.clear();
    const res = await checkIn(admin, code).expect(403);
    expect(res.body).toEqual({ code: ERROR_CODES.MEMBERSHIP_INACTIVE, message: m.membershipInactive('Ana Socia') });
  });

  test('when a trainer checks in, then only in the sessions they teach; a member who is not staff never', async () => {
    const carlos = await member({ isMonitor: true });
    const diego = await member({ isMonitor: true });
    const id = await session(10, { monitor: new Types.ObjectId(carlos.id) });
    const [ana, bea] = [await member(), await member()];
    await book(id, ana);
    await book(id, bea);

    const refused = await checkIn(diego, await codeOf(ana)).expect(403);
    expect(refused.body.message).toBe(m.notTrainer);
    await request(app).post(`/api/sessions/${id}/checkin`).set(bearer(diego)).send({ memberId: ana.id }).expect(403);
    await request(app).post(`/api/sessions/${id}/checkin`).set(bearer(bea)).send({ memberId: ana.id }).expect(403);

    await checkIn(carlos, await codeOf(ana)).expect(200);
    const fromRoster = await request(app)
      .post(`/api/sessions/${id}/checkin`)
      .set(bearer(carlos))
      .send({ memberId: bea.id })
      .expect(200);
    expect(fromRoster.body).toMatchObject({ already: false, session: { id } });
    const list = await roster(id);
    expect(list.confirmed.every((p: { checkedIn: string | null }) => p.checkedIn !== null)).toBe(true);
  });

  test('when a session has ended, then booked members who never checked in become no-shows, once', async () => {
    const id = await session(10);
    const [ana, bea] = [await member(), await member()];
    await book(id, ana);
    await book(id, bea);
    await checkIn(admin, await codeOf(ana)).expect(200);

    const afterEnd = new Date(Date.now() + 75 * MINUTE);
    const before = await closeEndedSessions(config.bookings, undefined, new Date(Date.now() + 60 * MINUTE));
    expect((await roster(id)).confirmed.some((p: { noShow: boolean }) => p.noShow)).toBe(false);
    expect(before).toBe(0);

    expect(await closeEndedSessions(config.bookings, undefined, afterEnd)).toBeGreaterThanOrEqual(1);
    await closeEndedSessions(config.bookings, undefined, afterEnd);
    const list = await roster(id);
    const byMember = Object.fromEntries(
      list.confirmed.map((p: { memberId: string; noShow: boolean }) => [p.memberId, p.noShow]),
    );
    expect(byMember).toEqual({ [ana.id]: false, [bea.id]: true });
    expect(await attendance(bea)).toMatchObject({ attended: 0, noShows: 1, lateCancels: 0 });
    expect((await attendance(bea)).latest).toEqual([expect.objectContaining({ sessionId: id, kind: 'no-show' })]);
    expect(await attendance(ana)).toMatchObject({ attended: 1, noShows: 0 });
  });

  test('when a member gives up a place inside the late-cancel limit, then it is on their record', async () => {
    const id = await session(10);
    const ana = await member();
    await book(id, ana);
    const res = await request(app).delete(`/api/sessions/${id}/booking`).set(bearer(ana)).expect(200);
    expect(res.body.result).toBe('cancelled-late');
    expect(await attendance(ana)).toMatchObject({
      lateCancels: 1,
      latest: [expect.objectContaining({ kind: 'late-cancel' })],
    });
  });

  test('when a member holds the session by their schedule (a standing booking), then the desk checks them in and it is stored', async () => {
    const id = await session(10);
    const lessonId = id.split(':')[0] as string;
    await LessonModel.updateOne({ _id: lessonId }, { isAvailable: true });
    const [ana, bea] = [await member(), await member()];
    await request(app).put(`/api/users/addlesson/${lessonId}`).set(bearer(ana)).send({}).expect(200);
    await request(app).put(`/api/users/addlesson/${lessonId}`).set(bearer(bea)).send({}).expect(200);
    const res = await checkIn(admin, await codeOf(bea)).expect(200);
    expect(res.body).toMatchObject({ already: false, session: { id } });
    const list = await roster(id);
    const byMember = Object.fromEntries(
      list.confirmed.map((p: { memberId: string; checkedIn: string | null }) => [p.memberId, p.checkedIn !== null]),
    );
    expect(byMember).toEqual({ [ana.id]: false, [bea.id]: true });
    const stored = await mongoose.connection.collection('lesson_sessions').findOne({ _id: id as never });
    expect(
      stored?.confirmed.find((p: { member: Types.ObjectId }) => p.member.toString() === bea.id)?.checkedIn,
    ).toBeInstanceOf(Date);
  });
});
