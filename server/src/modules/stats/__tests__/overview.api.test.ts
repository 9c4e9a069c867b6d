import { Types } from 'mongoose';
import request from 'supertest';
import { addDays, LESSON_CAPACITY, weekdayOf, WEEKDAYS } from '@pulso/shared';
import { createTestApp } from '../../../test/app';
import { useTestDatabase } from '../../../test/db';
import { bearer, createTestUser, type TestUser } from '../../../test/fixtures';
import { expectMatchesOpenApi } from '../../../test/openapi';
import { gymDate, gymInstant } from '../../../lib/gym-time';
import { BranchModel } from '../../branches/branches.model';
import { SessionModel } from '../../bookings/bookings.model';
import { heldSessionsForInsights } from '../../bookings/bookings.insights';
import { LessonModel } from '../../lessons/lessons.model';
import { PaymentModel } from '../../payments/payments.model';
import { SubscriptionModel } from '../../payments/subscriptions.model';
import { PlanModel } from '../../plans/plans.model';
import { MembershipLinkModel } from '../../users/membership.model';
import { UserModel } from '../../users/users.model';
import { insightStore, refreshInsights, type InsightsMeta } from '../insights';

/**
 * The overview's figures (issue 24, item 1) against a small chain whose every figure is counted by
 * hand below. T is today at the gym; the period asked is T-13 to T (14 days, day by day).
 */
describe('GET /api/stats/overview', () => {
  useTestDatabase();
  const { app, config } = createTestApp();
  const tz = config.bookings.timeZone;
  const settings = { timeZone: tz, currency: config.currency };
  const now = new Date();
  const T = gymDate(now, tz);
  const at = (offset: number, time = '00:00') => gymInstant(`${addDays(T, offset)}T${time}`, tz);
  const from = addDays(T, -13);
  const ids: Record<string, string> = {};
  const id = (name: string): string => {
    const found = ids[name];
    if (!found) throw new Error(`no id for ${name}`);
    return found;
  };
  let admin: TestUser;
  let member: TestUser;
  let manager: TestUser;

  beforeAll(async () => {
    const mensual = await PlanModel.create({ name: 'Mensual', duration: 1, benefits: 'x', price: 50 });
    const anual = await PlanModel.create({ name: 'Anual', duration: 12, benefits: 'x', price: 300 });
    const sede = (name: string) => ({
      name,
      location: 'Calle 1',
      scheduleDays: [...WEEKDAYS],
      scheduleHourStart: '6',
      scheduleHourFinish: '23',
    });
    const uno = await BranchModel.create(sede('Sede Uno'));
    const dos = await BranchModel.create(sede('Sede Dos'));
    Object.assign(ids, {
      mensual: mensual._id.toString(),
      anual: anual._id.toString(),
      uno: uno._id.toString(),
      dos: dos._id.toString(),
    });
    admin = await createTestUser(config, { isAdmin: true });
    manager = await createTestUser(config, { staffRole: 'manager', homeBranch: dos._id });
    const plan = { planId: mensual._id, name: 'Mensual' };
    const user = async (name: string, sedeId: unknown, start: Date, end: Date, extra: object = {}) => {
      const made = await createTestUser(config, {
        fullName: name,
        homeBranch: sedeId ?? null,
        membership: { ...plan, start, end },
        ...extra,
      });
      ids[name] = made.id;
      return made;
    };
    // m1 (Uno): covered all the period, ends in 10 days (an upcoming expiration).
    member = await user('Uno Entero', uno._id, at(-20, '10:00'), at(10));
    // m2 (Uno): begins on T-5.
    await user('Uno Nuevo', uno._id, at(-5, '09:00'), at(25));
    // m3 (Dos): lapses on T-3 (its end is that day's midnight).
    await user('Dos Vence', dos._id, at(-40), at(-3));
    // m4 (Dos): paused from T-7 until T-2.
    await user('Dos Pausa', dos._id, at(-30), at(60));
    await UserModel.updateOne(
      { _id: ids['Dos Pausa'] },
      { $set: { 'membership.pauses': [{ from: at(-7), until: at(-2) }] } },
    );
    // m5 (no sede): a first membership lapsed on T-10, a second from T-4 (its chain has both).
    await user('Sin Sede', null, at(-4, '08:00'), at(30));
    await MembershipLinkModel.create([
      {
        _id: `${ids['Sin Sede']}:1`,
        user: ids['Sin Sede'],
        seq: 1,
        payment: 'first',
        kind: 'new',
        result: { ...plan, start: at(-60), end: at(-10, '12:00') },
        at: at(-60),
      },
      {
        _id: `${ids['Sin Sede']}:2`,
        user: ids['Sin Sede'],
        seq: 2,
        payment: 'second',
        kind: 'new',
        result: { ...plan, start: at(-4, '08:00'), end: at(30) },
        at: at(-4, '08:00'),
      },
    ]);
    // m6 (Uno): suspended on T-6, which ends their membership then.
    await user('Uno Suspendido', uno._id, at(-30), at(30), { deletedAt: at(-6, '12:00') });
    // m7 (Uno): ends in 5 days, but renews: not an expiration to act on.
    await user('Uno Renueva', uno._id, at(-25), at(5));
    await SubscriptionModel.create({
      _id: 'sub_renueva',
      user: ids['Uno Renueva'],
      plan: mensual._id,
      planName: 'Mensual',
      duration: 1,
      amount: 50,
      currency: config.currency,
      provider: 'demo',
      status: 'active',
      cycle: 1,
      paidThrough: at(5),
      nextChargeAt: at(5),
    });
    await UserModel.updateOne({ _id: ids['Uno Renueva'] }, { $set: { subscription: 'sub_renueva' } });
    // m7 covered all the period too: atStart and every day count them.

    // Failed renewals: m3's on T-1 (listed), one before the period (not).
    const failed = (id: string, member: string, failedAt: Date) => ({
      _id: id,
      user: member,
      plan: anual._id,
      planName: 'Anual',
      duration: 12,
      amount: 300,
      currency: config.currency,
      provider: 'demo',
      status: 'past_due',
      cycle: 2,
      paidThrough: failedAt,
      failedAt,
      graceUntil: new Date(failedAt.getTime() + 7 * 86_400_000),
    });
    await SubscriptionModel.create([
      failed('sub_falla', id('Dos Vence'), at(-1, '12:00')),
      failed('sub_vieja', id('Dos Pausa'), at(-30, '12:00')),
    ]);

    // Payments: five count (400.30), the rest do not (before the period, refunded, pending, another currency).
    let n = 0;
    const pay = (memberName: string, planDoc: typeof mensual, amount: number, paidAt: Date | null, extra = {}) => ({
      user: ids[memberName],
      plan: planDoc._id,
      planName: planDoc.name,
      duration: 1,
      amount,
      currency: config.currency,
      provider: 'manual',
      providerSessionId: `manual_${++n}`,
      status: 'paid',
      paidAt,
      ...extra,
    });
    await PaymentModel.create([
      pay('Uno Entero', mensual, 100, at(-20, '10:00')),
      pay('Uno Nuevo', mensual, 50.5, at(-5, '09:00')),
      pay('Dos Vence', anual, 300, at(-2, '12:00')),
      pay('Sin Sede', mensual, 49.5, at(-4, '08:00')),
      pay('Uno Nuevo', anual, 0.1, at(-5, '10:00')),
      pay('Uno Nuevo', anual, 0.2, at(-5, '11:00')),
      pay('Uno Entero', mensual, 999, at(-1, '10:00'), { status: 'refunded' }),
      pay('Uno Entero', mensual, 999, null, { status: 'pending' }),
      pay('Uno Entero', mensual, 77, at(-1, '10:00'), { currency: 'zzz' }),
    ]);

    // Classes, both retired on T-1 so that no session of today counts whatever the hour:
    // Yoga (Uno) every day 10:00-11:00 from T-13, capacity 10; Box (Dos) every day 18:00-19:00 from T-2, capacity 4.
    const trainer = await createTestUser(config, { isMonitor: true });
    const lesson = (name: string, office: unknown, start: string, end: string, capacity: number) => ({
      name,
      shortDescription: 'Corta',
      description: 'Larga',
      effort: 3,
      scheduleDays: [...WEEKDAYS],
      scheduleHourStart: start,
      scheduleHourFinish: end,
      capacity,
      monitor: new Types.ObjectId(trainer.id),
      office,
      deletedAt: at(-1, '12:00'),
    });
    const yoga = await LessonModel.create(lesson('Yoga', uno._id, '10:00', '11:00', 10));
    const box = await LessonModel.create(lesson('Box', dos._id, '18:00', '19:00', 4));
    ids.yoga = yoga._id.toString();
    ids.box = box._id.toString();
    await LessonModel.collection.updateOne({ _id: yoga._id }, { $set: { createdAt: at(-13, '08:00') } });
    await LessonModel.collection.updateOne({ _id: box._id }, { $set: { createdAt: at(-2, '08:00') } });
    const places = (count: number, checkedIn: number) =>
      Array.from({ length: count }, (_, i) => ({
        member: new Types.ObjectId(),
        seat: i + 1,
        at: at(-20),
        promoted: false,
        checkedIn: i < checkedIn ? at(-20) : null,
      }));
    const stored = (lessonId: string, offset: number, hours: [string, string], fields: object) => {
      const date = addDays(T, offset);
      return {
        _id: `${lessonId}:${date}`,
        lesson: new Types.ObjectId(lessonId),
        date,
        start: `${date}T${hours[0]}`,
        end: `${date}T${hours[1]}`,
        capacity: null,
        confirmed: [],
        waitlist: '',
        cancellations: [],
        notices: [],
        cancelledAt: null,
        version: 1,
        ...fields,
      };
    };
    await SessionModel.collection.insertMany([
      stored(ids.yoga, -3, ['10:00', '11:00'], { confirmed: places(8, 6) }),
      stored(ids.yoga, -2, ['10:00', '11:00'], { confirmed: places(3, 3), cancelledAt: at(-3) }),
      stored(ids.yoga, -1, ['10:00', '11:00'], { capacity: 5, confirmed: places(5, 5) }),
      stored(ids.box, -2, ['18:00', '19:00'], { confirmed: places(4, 2) }),
      stored(ids.box, -1, ['18:00', '19:00'], { confirmed: places(2, 0) }),
    ] as never[]);

    await refreshInsights(settings, undefined, now);
  });

  const overview = (user: TestUser, query = `from=${from}&to=${T}`) =>
    request(app).get(`/api/stats/overview?${query}`).set(bearer(user));

  test('when an admin asks for 14 days, then revenue is the paid payments of the period by plan, sede and day', async () => {
    const res = await overview(admin);
    expect(res.status).toBe(200);
    expectMatchesOpenApi('GET', '/stats/overview', res);
    expect(res.body).toMatchObject({ from, to: T, branch: null, step: 'day', currency: config.currency });
    const { revenue } = res.body;
    expect(revenue.total).toBe(400.3);
    expect(revenue.payments).toBe(5);
    expect(revenue.plans).toEqual([
      { id: ids.anual, name: 'Anual', amount: 300.3, payments: 3 },
      { id: ids.mensual, name: 'Mensual', amount: 100, payments: 2 },
    ]);
    expect(revenue.sedes).toEqual([
      { id: ids.dos, name: 'Sede Dos', amount: 300, payments: 1 },
      { id: ids.uno, name: 'Sede Uno', amount: 50.8, payments: 3 },
      { id: null, name: '', amount: 49.5, payments: 1 },
    ]);
    expect(revenue.buckets).toHaveLength(14);
    const day = (offset: number) => revenue.buckets.find((b: { start: string }) => b.start === addDays(T, offset));
    expect(day(-5)).toEqual({
      start: addDays(T, -5),
      end: addDays(T, -5),
      total: 50.8,
      byPlan: { [id('mensual')]: 50.5, [id('anual')]: 0.3 },
      bySede: { [id('uno')]: 50.8 },
    });
    expect(day(-4)).toMatchObject({ total: 49.5, bySede: { none: 49.5 } });
    expect(day(-1).total).toBe(0);

    // The same figure as the payments list of the period, paid, in the chain's currency.
    const list = await request(app).get(`/api/payments?from=${from}&to=${T}&status=paid&limit=100`).set(bearer(admin));
    expect(list.status).toBe(200);
    const cents = list.body
      .filter((p: { currency: string }) => p.currency === config.currency)
      .reduce((sum: number, p: { amount: number }) => sum + Math.round(p.amount * 100), 0);
    expect(cents / 100).toBe(revenue.total);
  });

  test('when an admin asks, then members are counted at each close: active, paused, begun, lapsed, and the churn', async () => {
    const { members } = (await overview(admin)).body;
    // At T-14's close: Uno Entero, Dos Vence, Dos Pausa, Sin Sede (first), Uno Suspendido, Uno Renueva.
    expect(members.atStart).toBe(6);
    // Begun: Uno Nuevo (T-5), Sin Sede again (T-4). Lapsed: Sin Sede (T-10), Uno Suspendido (T-6), Dos Vence (T-3).
    expect(members).toMatchObject({ started: 2, lapsed: 3, churn: 0.5, active: 5, paused: 0 });
    const day = (offset: number) => members.buckets.find((b: { start: string }) => b.start === addDays(T, offset));
    expect(day(-5)).toMatchObject({ active: 4, paused: 1, started: 1, lapsed: 0 });
    expect(day(-6)).toMatchObject({ active: 3, paused: 1, started: 0, lapsed: 1 });
    expect(day(-10)).toMatchObject({ active: 5, paused: 0, started: 0, lapsed: 1 });
    expect(day(-2)).toMatchObject({ active: 5, paused: 0 });
    // Each day's covered count is the day before's, plus those begun, less those lapsed.
    let covered = members.atStart;
    for (const b of members.buckets) {
      covered += b.started - b.lapsed;
      expect(b.active + b.paused).toBe(covered);
    }
  });

  test('when an admin asks, then occupancy and attendance by weekday and hour, and the fullest and emptiest classes', async () => {
    const { heatmap, classes } = (await overview(admin)).body;
    const weekday = (offset: number) => WEEKDAYS.indexOf(weekdayOf(addDays(T, offset)));
    // Yoga at 10 on T-3's weekday: T-3 (8 of 10, 6 came) and T-10 (nobody of 10).
    expect(heatmap.find((c: { weekday: number; hour: number }) => c.weekday === weekday(-3) && c.hour === 10)).toEqual({
      weekday: weekday(-3),
      hour: 10,
      sessions: 2,
      capacity: 20,
      booked: 8,
      attended: 6,
      occupancy: 0.4,
      attendance: 0.75,
    });
    // T-2's Yoga was cancelled: only T-9's, empty, on that weekday.
    expect(
      heatmap.find((c: { weekday: number; hour: number }) => c.weekday === weekday(-2) && c.hour === 10),
    ).toMatchObject({ sessions: 1, capacity: 10, booked: 0, occupancy: 0, attendance: null });
    expect(
      heatmap.find((c: { weekday: number; hour: number }) => c.weekday === weekday(-1) && c.hour === 18),
    ).toMatchObject({ sessions: 1, capacity: 4, booked: 2, attended: 0, occupancy: 0.5, attendance: 0 });
    expect(heatmap.reduce((sum: number, c: { sessions: number }) => sum + c.sessions, 0)).toBe(12 + 2);
    const box = {
      id: ids.box,
      name: 'Box',
      sede: ids.dos,
      sedeName: 'Sede Dos',
      sessions: 2,
      capacity: 8,
      booked: 6,
      attended: 2,
      occupancy: 0.75,
    };
    // Yoga: 13 dates from T-13 to T-1 less the cancelled one; 11 of 10 places and one of 5; 8 + 5 held, 6 + 5 came.
    const yoga = {
      id: ids.yoga,
      name: 'Yoga',
      sede: ids.uno,
      sedeName: 'Sede Uno',
      sessions: 12,
      capacity: 115,
      booked: 13,
      attended: 11,
      occupancy: 0.113,
    };
    expect(classes).toEqual({ fullest: [box, yoga], emptiest: [yoga, box] });
  });

  test('when an admin asks, then memberships about to end without a renewal, and the renewals that failed in the period', async () => {
    const { expiring, failedPayments } = (await overview(admin)).body;
    expect(expiring).toEqual([
      {
        id: ids['Uno Entero'],
        fullName: 'Uno Entero',
        email: member.email,
        plan: 'Mensual',
        end: at(10).toISOString(),
      },
    ]);
    expect(failedPayments).toEqual([
      expect.objectContaining({
        id: ids['Dos Vence'],
        fullName: 'Dos Vence',
        plan: 'Anual',
        amount: 300,
        status: 'past_due',
      }),
    ]);
  });

  test("when a sede is asked, then every figure is that sede's", async () => {
    const res = await overview(admin, `from=${from}&to=${T}&branch=${ids.uno}`);
    expect(res.status).toBe(200);
    const { revenue, members, heatmap, classes, expiring, failedPayments } = res.body;
    expect(res.body.branch).toBe(ids.uno);
    expect(revenue).toMatchObject({ total: 50.8, payments: 3 });
    // Uno Entero, Uno Suspendido, Uno Renueva at the start; Uno Nuevo begun; Uno Suspendido lapsed.
    expect(members).toMatchObject({ atStart: 3, started: 1, lapsed: 1, churn: 0.333, active: 3, paused: 0 });
    expect(heatmap.every((c: { hour: number }) => c.hour === 10)).toBe(true);
    expect(classes.fullest.map((c: { name: string }) => c.name)).toEqual(['Yoga']);
    expect(expiring.map((e: { fullName: string }) => e.fullName)).toEqual(['Uno Entero']);
    expect(failedPayments).toEqual([]);
  });

  test("when a sede manager asks, then their sede's figures, and another sede's are refused", async () => {
    const own = await overview(manager);
    expect(own.status).toBe(200);
    expect(own.body.branch).toBe(ids.dos);
    expect(own.body.revenue).toMatchObject({ total: 300, payments: 1 });
    expect(own.body.failedPayments.map((f: { fullName: string }) => f.fullName)).toEqual(['Dos Vence']);
    const other = await overview(manager, `branch=${ids.uno}`);
    expect(other.status).toBe(403);
    expect(other.body.code).toBe('OUT_OF_SCOPE');
  });

  test('when a year is asked, then it comes week by week; a period too long, reversed or not a date is refused', async () => {
    const year = await overview(admin, `from=${addDays(T, -364)}&to=${T}`);
    expect(year.status).toBe(200);
    expect(year.body.step).toBe('week');
    expect(year.body.revenue.buckets).toHaveLength(53);
    expect(year.body.revenue.total).toBe(500.3);
    // The last N days counted back from the gym's today, as the dashboard asks (whatever its device's clock).
    const days = await overview(admin, 'days=365');
    expect(days.status).toBe(200);
    expect(days.body).toEqual(year.body);
    expect((await overview(admin, 'days=14')).body).toEqual((await overview(admin)).body);
    for (const bad of [
      `from=${addDays(T, -400)}&to=${T}`,
      `from=${T}&to=${addDays(T, -1)}`,
      'from=ayer',
      `branch=x`,
      'days=0',
      'days=367',
      'days=1e2',
      `days=30&from=${from}`,
    ]) {
      const res = await overview(admin, bad);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    const asMember = await overview(member);
    expect(asMember.status).toBe(403);
    expect((await request(app).get('/api/stats/overview')).status).toBe(401);
  });

  test("when a class was stored before classes had a 'Cupo', then its sessions count the default capacity", async () => {
    const legacy = new Types.ObjectId();
    await LessonModel.collection.insertOne({
      _id: legacy,
      name: 'Antigua',
      scheduleDays: [...WEEKDAYS],
      scheduleHourStart: '07:00',
      scheduleHourFinish: '08:00',
      office: new Types.ObjectId(id('uno')),
      monitor: new Types.ObjectId(),
      deletedAt: at(-1, '12:00'),
      createdAt: at(-4, '00:00'),
    } as never);
    try {
      const held = (await heldSessionsForInsights(from, T, tz, now)).filter((s) => s.lesson === legacy.toString());
      // T-4 to T-1: the days from its creation to its retirement.
      expect(held).toHaveLength(4);
      for (const session of held) expect(session.capacity).toBe(LESSON_CAPACITY.default);
    } finally {
      await LessonModel.collection.deleteOne({ _id: legacy });
    }
  });

  test('when a payment comes after the figures were read, then the next run shows it, and only the days that changed are written again', async () => {
    const revsOf = async () =>
      ((await insightStore().findOne({ _id: 'revs' })) as unknown as { revs: Record<string, string> }).revs;
    const stampOf = async () => ((await insightStore().findOne({ _id: 'meta' })) as unknown as InsightsMeta).stamp;
    const first = await overview(admin);
    expect(first.body.computedAt).toBe(now.toISOString());
    const revs = await revsOf();
    const stamp = await stampOf();
    // Summed again with nothing new: no day written, the stamp readers check stays.
    await refreshInsights(settings, undefined, new Date(now.getTime() + 30_000));
    expect(await revsOf()).toEqual(revs);
    expect(await stampOf()).toBe(stamp);
    const paid = {
      user: new Types.ObjectId(id('Uno Entero')),
      plan: new Types.ObjectId(id('mensual')),
      planName: 'Mensual',
      duration: 1,
      amount: 10,
      currency: config.currency,
      provider: 'manual',
      providerSessionId: 'manual_late',
      status: 'paid',
      paidAt: at(-3, '10:00'),
    };
    const { insertedId } = await PaymentModel.collection.insertOne(paid as never);
    try {
      const later = new Date(now.getTime() + 60_000);
      await refreshInsights(settings, undefined, later);
      const after = await revsOf();
      expect(await stampOf()).not.toBe(stamp);
      // T-3's revenue changed; every other day summed again to the same facts keeps its revision.
      expect(Object.keys(after).filter((date) => after[date] !== revs[date])).toEqual([addDays(T, -3)]);
      const second = await overview(admin);
      expect(second.body.revenue.total).toBe(410.3);
      expect(second.body.revenue.payments).toBe(6);
      expect(second.body.computedAt).toBe(later.toISOString());
    } finally {
      await PaymentModel.collection.deleteOne({ _id: insertedId });
      await refreshInsights(settings, undefined, now, true);
    }
    expect((await overview(admin)).body.revenue.total).toBe(400.3);
  });

  test('when the whole history was never summed by the current rule, then no figures are given as computed', async () => {
    const saved = await insightStore().findOne({ _id: 'meta' });
    await insightStore().deleteOne({ _id: 'meta' });
    try {
      const res = await overview(admin);
      expect(res.status).toBe(200);
      expect(res.body.computedAt).toBeNull();
      expect(res.body.revenue.total).toBe(0);
    } finally {
      if (saved) await insightStore().insertOne(saved);
    }
  });
});
