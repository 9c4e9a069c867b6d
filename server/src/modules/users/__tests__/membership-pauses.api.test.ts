import { Types } from 'mongoose';
import request from 'supertest';
import { addDays, ERROR_CODES, MESSAGES, sessionIdOf, WEEKDAYS } from '@pulso/shared';
import { gymDate } from '../../../lib/gym-time';
import { createTestApp } from '../../../test/app';
import { useTestDatabase } from '../../../test/db';
import { bearer, createTestUser, lessonFields, type TestUser } from '../../../test/fixtures';
import { expectMatchesOpenApi } from '../../../test/openapi';
import { LessonModel } from '../../lessons/lessons.model';
import { fulfilDeps } from '../../payments/payments.service';
import { runRenewals, type RenewalDeps } from '../../payments/renewals';
import { SubscriptionModel } from '../../payments/subscriptions.model';
import { PlanModel } from '../../plans/plans.model';
import { MembershipLinkModel } from '../membership.model';
import { finishPendingPauses } from '../membership-pauses';
import { UserModel } from '../users.model';

const DAY = 86_400_000;
const p = MESSAGES.pauses;

describe('POST /api/users/pause/:id: pausing a membership', () => {
  useTestDatabase();
  const { app, config, ctx } = createTestApp({ GYM_TIME_ZONE: 'UTC' });
  let admin: TestUser;
  let monthly: string;

  beforeAll(async () => {
    admin = await createTestUser(config, { isAdmin: true });
    await PlanModel.create({ name: 'Plus', duration: 3, benefits: 'Clases ilimitadas', price: 79.99 });
    const plan = await PlanModel.create({ name: 'Mensual', duration: 1, benefits: 'Sala', price: 30, renewing: true });
    monthly = plan._id.toString();
  });

  const today = () => gymDate(new Date(), 'UTC');

  /** A member who bought a plan through the demo checkout. */
  async function buyer(plan: { name: string } | { planId: string } = { name: 'Plus' }): Promise<TestUser> {
    const member = await createTestUser(config);
    const started = await request(app).post('/api/payments/create_checkout').set(bearer(member)).send(plan);
    expect(started.status).toBe(201);
    await request(app)
      .post(`/api/payments/demo/${String(started.body.redirect_url).split('/').pop()}/confirm`)
      .set(bearer(member))
      .expect(200);
    return member;
  }

  /** A member with a membership running for 60 days, written directly (no payment). */
  const holder = (fullName: string) =>
    createTestUser(config, {
      fullName,
      membership: {
        planId: new Types.ObjectId(),
        name: 'Plus',
        start: new Date(Date.now() - DAY),
        end: new Date(Date.now() + 60 * DAY),
      },
    });

  const membershipOf = async (member: TestUser) =>
    (await request(app).get(`/api/users/${member.id}`).set(bearer(member)).expect(200)).body.membresia;

  const pause = (caller: TestUser, target: TestUser, from: string, days: number) =>
    request(app).post(`/api/users/pause/${target.id}`).set(bearer(caller)).send({ from, days });

  /** A class every day at 23:00 with `capacity` places. */
  const dailyClass = (name: string, capacity: number) =>
    LessonModel.create(
      lessonFields(name, {
        capacity,
        isAvailable: true,
        scheduleDays: [...WEEKDAYS],
        scheduleHourStart: '23:00',
        scheduleHourFinish: '23:30',
      }),
    );

  const partIn = async (member: TestUser, session: string) =>
    (await request(app).get(`/api/sessions/${session}`).set(bearer(member)).expect(200)).body.mine?.state ?? null;

  test('when a member pauses for 14 days, then the end moves by 14 days, their bookings inside it go to the waitlist, and they cannot book inside it', async () => {
    const member = await buyer();
    const waiting = await holder('Marta Espera');
    const standingWaiting = await holder('Pablo Espera');
    const before = await membershipOf(member);

    // A single booking inside the pause (the only place, someone waiting) and one after it.
    const single = await dailyClass('Spinning Pausa', 1);
    const inside = sessionIdOf(single._id.toString(), addDays(today(), 4));
    const before1 = sessionIdOf(single._id.toString(), addDays(today(), 1));
    await request(app).post(`/api/sessions/${before1}/booking`).set(bearer(member)).expect(200);
    await request(app).post(`/api/sessions/${inside}/booking`).set(bearer(member)).expect(200);
    await request(app).post(`/api/sessions/${inside}/booking`).set(bearer(waiting)).expect(200);
    expect(await partIn(waiting, inside)).toBe('waitlisted');
    // A class of their schedule (a standing place, the only one, someone waiting for it too).
    const standing = await dailyClass('Yoga Pausa', 1);
    await request(app).put(`/api/users/addlesson/${standing._id.toString()}`).set(bearer(member)).send({}).expect(200);
    await request(app)
      .put(`/api/users/addlesson/${standing._id.toString()}`)
      .set(bearer(standingWaiting))
      .send({})
      .expect(200);
    const standingInside = sessionIdOf(standing._id.toString(), addDays(today(), 3));
    const standingAfter = sessionIdOf(standing._id.toString(), addDays(today(), 17));
    expect(await partIn(standingWaiting, standingInside)).toBe('waitlisted');

    // From the day after tomorrow (the notice) for 14 days: days +2 to +15.
    const from = addDays(today(), 2);
    const res = await pause(member, member, from, 14);
    expect(res.status).toBe(200);
    expectMatchesOpenApi('POST', '/users/pause/{id}', res);
    const end = new Date(Date.parse(before.end) + 14 * DAY).toISOString();
    const lastDay = addDays(from, 13).split('-').reverse().join('/');
    expect(res.body.message).toBe(
      p.paused(from.split('-').reverse().join('/'), lastDay, end.slice(0, 10).split('-').reverse().join('/')),
    );
    expect(res.body.membresia).toMatchObject({ end, state: 'Activo', status: 'Activo' });
    expect(res.body.membresia.pauses).toEqual([
      { from: `${from}T00:00:00.000Z`, until: `${addDays(from, 14)}T00:00:00.000Z` },
    ]);
    expect((await membershipOf(member)).end).toBe(end);

    // The place inside went to the member waiting; the one after is still theirs.
    expect(await partIn(waiting, inside)).toBe('confirmed');
    expect(await partIn(member, inside)).toBeNull();
    expect(await partIn(member, before1)).toBe('confirmed');
    // The standing place too: inside the pause it is the other member's, after it the member's again.
    expect(await partIn(standingWaiting, standingInside)).toBe('confirmed');
    expect(await partIn(member, standingInside)).toBeNull();
    expect(await partIn(member, standingAfter)).toBe('confirmed');
    // The member's calendar leaves the paused days out.
    const calendar = await request(app)
      .get(`/api/events?start=${today()}T00:00:00.000Z&end=${addDays(today(), 20)}T00:00:00.000Z`)
      .set(bearer(member))
      .expect(200);
    const ids = (calendar.body as { id: string }[]).map((e) => e.id);
    expect(ids.filter((id) => id.includes(standing._id.toString()))).not.toContain(`booking:${standingInside}`);
    expect(ids).not.toContain(`class:${standingInside}`);
    expect(ids).toContain(`booking:${standingAfter}`);

    // Booking inside the pause is refused.
    const refused = await request(app).post(`/api/sessions/${inside}/booking`).set(bearer(member));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(p.bookingPaused);

    // The data export lists the pause in the membership's history.
    const exported = await request(app).get('/api/users/export').set(bearer(member)).expect(200);
    expect(exported.body.membershipHistory.at(-1)).toMatchObject({ kind: 'pause', start: `${from}T00:00:00.000Z` });
    expect(await MembershipLinkModel.countDocuments({ pending: true })).toBe(0);
  });

  test("when a pause breaks the chain's rules, then it is refused with the rule's words and nothing changes; an admin skips the notice and the yearly count", async () => {
    const member = await buyer();
    const before = await membershipOf(member);
    const refusals: [string, number, string][] = [
      [addDays(today(), 1), 14, p.notice(2)],
      [addDays(today(), -1), 14, p.past],
      [addDays(today(), 3), 6, p.duration(7, 90)],
      [addDays(today(), 3), 91, p.duration(7, 90)],
      [addDays(today(), 200), 10, p.noMembership],
    ];
    for (const [from, days, message] of refusals) {
      const res = await pause(member, member, from, days);
      expect({ from, days, status: res.status, body: res.body }).toEqual({
        from,
        days,
        status: 409,
        body: { code: ERROR_CODES.PAUSE_REFUSED, message },
      });
    }
    const invalid = await pause(member, member, '2026-02-30', 10);
    expect(invalid.status).toBe(400);
    expect(invalid.body.details).toEqual([{ field: 'from', message: p.fromInvalid }]);
    expect(await membershipOf(member)).toEqual(before);

    // Someone else's: only an admin.
    const other = await buyer();
    expect((await pause(other, member, addDays(today(), 3), 10)).status).toBe(403);

    // Two pauses a year for the member; the admin pauses today and a third time.
    await pause(member, member, addDays(today(), 10), 7).expect(200);
    await pause(member, member, addDays(today(), 20), 7).expect(200);
    const third = await pause(member, member, addDays(today(), 40), 7);
    expect(third.body).toEqual({ code: ERROR_CODES.PAUSE_REFUSED, message: p.perYear(2) });
    const overlap = await pause(admin, member, addDays(today(), 12), 7);
    expect(overlap.body).toEqual({ code: ERROR_CODES.PAUSE_REFUSED, message: p.overlap });
    const byAdmin = await pause(admin, member, today(), 2);
    expect(byAdmin.status).toBe(409);
    expect(byAdmin.body.message).toBe(p.duration(7, 90));
    const now = await pause(admin, member, today(), 7).expect(200);
    expect(now.body.membresia.state).toBe('Pausada');
    expect(now.body.membresia.status).toBe('Inactivo');
    expect(now.body.membresia.end).toBe(new Date(Date.parse(before.end) + 21 * DAY).toISOString());
    expect(now.body.membresia.pauses).toHaveLength(3);
  });

  test('when six pauses are asked at once, then no more than the yearly count are taken and the end moves by exactly their days', async () => {
    const member = await buyer();
    const before = await membershipOf(member);
    // Six different weeks at once: two may be taken (PAUSES_PER_YEAR 2).
    const weeks = await Promise.all(
      [3, 13, 23, 33, 43, 53].map((offset) => pause(member, member, addDays(today(), offset), 7)),
    );
    expect(weeks.map((r) => r.status).sort()).toEqual([200, 200, 409, 409, 409, 409]);
    const after = await membershipOf(member);
    expect(after.pauses).toHaveLength(2);
    expect(Date.parse(after.end) - Date.parse(before.end)).toBe(14 * DAY);

    // The same week six times at once (an admin: no yearly count): one pause.
    const other = await buyer();
    const was = await membershipOf(other);
    const same = await Promise.all(Array.from({ length: 6 }, () => pause(admin, other, addDays(today(), 3), 10)));
    expect(same.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(same.filter((r) => r.status === 409).every((r) => r.body.message === p.overlap)).toBe(true);
    const now = await membershipOf(other);
    expect(now.pauses).toHaveLength(1);
    expect(Date.parse(now.end) - Date.parse(was.end)).toBe(10 * DAY);
  });

  test('when a renewing plan is paused, then its charge moves by the paused days: nothing is charged while paused, and it renews after', async () => {
    const member = await buyer({ planId: monthly });
    const sub = await SubscriptionModel.findOne({ user: new Types.ObjectId(member.id) }).lean();
    if (!sub?.nextChargeAt) throw new Error('no subscription');
    const dueBefore = sub.nextChargeAt.getTime();
    await pause(member, member, addDays(today(), 3), 10).expect(200);
    // Applied once, however often the pause's consequences run again, six runs at once included.
    const link = await MembershipLinkModel.findOne({ user: new Types.ObjectId(member.id), kind: 'pause' }).lean();
    await MembershipLinkModel.updateOne({ _id: link?._id }, { $set: { pending: true, at: new Date(0) } });
    await Promise.all(Array.from({ length: 6 }, () => finishPendingPauses({ ctx, logger: console })));
    const moved = await SubscriptionModel.findById(sub._id).lean();
    expect(moved?.paidThrough.getTime()).toBe(sub.paidThrough.getTime() + 10 * DAY);
    expect(moved?.nextChargeAt?.getTime()).toBe(dueBefore + 10 * DAY);
    expect((await membershipOf(member)).end).toBe(moved?.paidThrough.toISOString());

    const deps: RenewalDeps = {
      gymName: 'Pulso',
      publicUrl: 'https://gym.example',
      graceDays: 7,
      fulfil: fulfilDeps(ctx, console),
    };
    // At the old date nothing is due; at the new one the plan renews from the moved end.
    await runRenewals(deps, new Date(dueBefore + 60_000));
    expect((await SubscriptionModel.findById(sub._id).lean())?.cycle).toBe(1);
    await runRenewals(deps, new Date(dueBefore + 10 * DAY + 60_000));
    const renewed = await SubscriptionModel.findById(sub._id).lean();
    expect(renewed?.cycle).toBe(2);
    expect((await membershipOf(member)).end).toBe(renewed?.paidThrough.toISOString());
  });

  test('when a server stops half-way through a pause, then the pauses job finishes it: the place inside goes to the waitlist', async () => {
    const member = await buyer();
    const waiting = await holder('Rosa Espera');
    const lesson = await dailyClass('Pilates Pausa', 1);
    const inside = sessionIdOf(lesson._id.toString(), addDays(today(), 5));
    await request(app).post(`/api/sessions/${inside}/booking`).set(bearer(member)).expect(200);
    await request(app).post(`/api/sessions/${inside}/booking`).set(bearer(waiting)).expect(200);

    // The server stops right after the pause is taken: reading the member for its consequences fails.
    const findById = UserModel.findById.bind(UserModel);
    const cut = jest.spyOn(UserModel, 'findById').mockImplementation(((id: unknown, projection: unknown) => {
      if (projection && typeof projection === 'object' && 'lessons' in projection && 'membership' in projection) {
        throw new Error('server stopped');
      }
      return findById(id as string, projection as never);
    }) as typeof UserModel.findById);
    const res = await pause(member, member, addDays(today(), 3), 7);
    cut.mockRestore();
    // The pause is taken, and the member is told so; its consequences are not done yet.
    expect(res.status).toBe(200);
    expect(res.body.membresia.pauses).toHaveLength(1);
    expect((await membershipOf(member)).pauses).toHaveLength(1);
    expect(await partIn(member, inside)).toBe('confirmed');
    expect(await MembershipLinkModel.countDocuments({ pending: true })).toBe(1);

    // Too recent for the job (the request may still be at it); a minute later it finishes it.
    expect(await finishPendingPauses({ ctx, logger: console })).toBe(0);
    expect(await finishPendingPauses({ ctx, logger: console }, new Date(Date.now() + 2 * 60_000))).toBe(1);
    expect(await partIn(waiting, inside)).toBe('confirmed');
    expect(await partIn(member, inside)).toBeNull();
    expect(await MembershipLinkModel.countDocuments({ pending: true })).toBe(0);
    expect((await UserModel.findById(member.id).lean())?.membership?.pauses).toHaveLength(1);
  });

  test('when a server stops before the member shows the pause, then the job brings the member up to it first', async () => {
    const member = await buyer();
    const before = await membershipOf(member);
    // Writing the membership onto the member fails once: the pause's link is stored, the member not.
    const updateOne = UserModel.updateOne.bind(UserModel);
    let failed = false;
    const cut = jest.spyOn(UserModel, 'updateOne').mockImplementation(((filter: never, update: never) => {
      const set = (update as { $set?: Record<string, unknown> }).$set;
      if (!failed && set && 'membershipSeq' in set) {
        failed = true;
        throw new Error('server stopped');
      }
      return updateOne(filter, update);
    }) as typeof UserModel.updateOne);
    expect((await pause(member, member, addDays(today(), 3), 7)).status).toBe(500);
    cut.mockRestore();
    expect((await UserModel.findById(member.id).lean())?.membership?.pauses ?? []).toHaveLength(0);

    await finishPendingPauses({ ctx, logger: console }, new Date(Date.now() + 2 * 60_000));
    const after = await membershipOf(member);
    expect(after.pauses).toHaveLength(1);
    expect(Date.parse(after.end) - Date.parse(before.end)).toBe(7 * DAY);
    expect(await MembershipLinkModel.countDocuments({ pending: true })).toBe(0);
  });

  test('when the id is not one, then 400 and nothing is read', async () => {
    const res = await pause(admin, { id: 'not-an-id' } as TestUser, addDays(today(), 3), 7);
    expect(res.status).toBe(400);
  });
});
