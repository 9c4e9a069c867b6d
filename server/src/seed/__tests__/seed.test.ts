import mongoose, { trusted, type Types } from 'mongoose';
import { useTestDatabase } from '../../test/db';
import { PlanModel } from '../../modules/plans/plans.model';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  addDays,
  DEMO_BOOKINGS,
  DEMO_BRANCHES,
  DEMO_LESSONS,
  DEMO_PLANS,
  DEMO_USERS,
  lessonImageFile,
  validateBranchForm,
  validateLessonForm,
  validatePlanForm,
  validateRegister,
  validateUserForm,
} from '@pulso/shared';
import { PasswordHasher } from '../../lib/password';
import { LocalDiskStorage } from '../../lib/storage';
import { BranchModel } from '../../modules/branches/branches.model';
import { GoalModel, LessonTypeModel } from '../../modules/catalog/catalog.model';
import { LessonModel } from '../../modules/lessons/lessons.model';
import { countReviews } from '../../modules/reviews/reviews.service';
import { UserModel } from '../../modules/users/users.model';
import { PaymentModel } from '../../modules/payments/payments.model';
import { SEED_IMAGES_DIR, seedIfEmpty } from '../seed';
import { HISTORY_MEMBERS } from '../demo-history';
import { getOverview } from '../../modules/stats/overview.service';
import { gymDate, gymInstant } from '../../lib/gym-time';
import { bookingsConfig } from '../../config/env';
import { attendanceOf } from '../../modules/bookings/bookings.attendance';
import { upcomingSessions } from '../../modules/bookings/bookings.service';

// Each case seeds the whole demo chain with its year of history and sums the year's insights: about
// 6 s on an idle machine, and up to three times that while the other test files load the same engine
// (stop 40's CI ran past the 30 s default). The work, not its speed, is what these cases check.
jest.setTimeout(90_000);

describe('seedIfEmpty', () => {
  useTestDatabase();
  const logger = { info: () => undefined };
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pulso-seed-'));
  const deps = { passwords: new PasswordHasher(4), storage: new LocalDiskStorage(dir) };
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  beforeEach(async () => {
    // An empty database, every collection (the seed writes through every module).
    const db = mongoose.connection.db;
    if (db) await Promise.all((await db.collections()).map((c) => c.deleteMany({})));
    rmSync(dir, { recursive: true, force: true });
  });

  test('when the database is empty, then the plans Standar, Plus and Premium are loaded', async () => {
    expect(await seedIfEmpty(logger, deps)).toBe(true);
    const plans = await PlanModel.find().sort({ price: 1 }).lean();
    expect(plans.map((p) => p.name)).toEqual(['Standar', 'Plus', 'Premium']);
    for (const plan of plans) {
      expect(plan.duration).toBeGreaterThan(0);
      expect(plan.price).toBeGreaterThan(0);
      expect(plan.benefits.length).toBeGreaterThan(0);
    }
  });

  test('when a collection already has data, then it is left as it is', async () => {
    await PlanModel.create({ name: 'Propio', duration: 2, benefits: 'Plan propio', price: 10 });
    await UserModel.create({ fullName: 'Ana', email: 'ana@example.com' });
    await seedIfEmpty(logger, deps);
    expect(await PlanModel.countDocuments()).toBe(1);
    expect(await UserModel.countDocuments()).toBe(1);
  });

  test('when seeded, then the demo admin and an active member exist', async () => {
    await seedIfEmpty(logger, deps);
    const admin = await UserModel.findOne({ email: 'admin@pulso.demo' }).lean();
    expect(admin?.isAdmin).toBe(true);
    const member = await UserModel.findOne({ email: 'socio@pulso.demo' }).lean();
    expect(member?.membership?.name).toBe('Plus');
    expect(member?.membership?.start.getTime()).toBeLessThan(Date.now());
    expect(member?.membership?.end.getTime()).toBeGreaterThan(Date.now());
    // Their home sede is one of the demo's.
    const home = await BranchModel.findById(member?.homeBranch).lean();
    expect(home?.name).toBe('Sede Centro');
    expect(await UserModel.countDocuments({ isMonitor: true })).toBeGreaterThanOrEqual(4);
    // The member's plan was paid: one paid payment matching the membership.
    const payments = await PaymentModel.find({ user: member?._id }).lean();
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ planName: 'Plus', status: 'paid', provider: 'manual', currency: 'usd' });
    expect(payments[0]?.paidAt?.getTime()).toBe(member?.membership?.start.getTime());
  });

  test('when seeded, then the demo chain has a session booked by several members, a full one with its waitlist, and a past one with attendance and a no-show', async () => {
    const rules = bookingsConfig({ GYM_TIME_ZONE: 'UTC' });
    await seedIfEmpty(logger, { ...deps, config: { currency: 'usd', bookings: rules } });
    const lessonId = async (name: string) => String((await LessonModel.findOne({ name }).lean())?._id);
    const nextOf = async (name: string) => {
      const list = await upcomingSessions(await lessonId(name), rules, null);
      return list.find((x) => x.bookable) ?? null;
    };
    expect(await nextOf(DEMO_BOOKINGS.several.lesson)).toMatchObject({
      taken: DEMO_BOOKINGS.several.count,
      waiting: 0,
    });
    expect(await nextOf(DEMO_BOOKINGS.full.lesson)).toMatchObject({
      capacity: DEMO_BOOKINGS.full.capacity,
      taken: DEMO_BOOKINGS.full.capacity,
      seatsLeft: 0,
      waiting: DEMO_BOOKINGS.members.length - DEMO_BOOKINGS.full.capacity,
    });

    // The past session: closed, the first two checked in before it started, the third a no-show.
    // (Sessions of the demo member's own classes that ended earlier today are closed too, by the
    // same job: the one with check-ins is the demo's. The year of history before it stops three days ago.)
    const recent = addDays(gymDate(new Date(), rules.timeZone), -2);
    const closed = (
      await mongoose.connection
        .collection('lesson_sessions')
        .find({ closedAt: { $ne: null }, lesson: { $in: (await LessonModel.find().lean()).map((l) => l._id) } })
        .toArray()
    ).filter((s) => String(s.date) >= recent);
    const past = closed.filter((s) => (s.confirmed as { checkedIn: Date | null }[]).some((p) => p.checkedIn));
    expect(past).toHaveLength(1);
    const places = past[0]?.confirmed as { member: Types.ObjectId; checkedIn: Date | null }[];
    expect(places.map((p) => p.checkedIn !== null)).toEqual([true, true, false]);
    const socio = await UserModel.findOne({ email: 'socio@pulso.demo' }).lean();
    expect(places[0]?.member.toString()).toBe(socio?._id.toString());
    const attendance = await Promise.all(places.map((p) => attendanceOf(p.member)));
    expect(
      attendance.map((a) => a.latest.filter((e) => e.sessionId === String(past[0]?._id)).map((e) => e.kind)),
    ).toEqual([['attended'], ['attended'], ['no-show']]);
  });

  test('when seeded, then the whole demo chain is there with images, schedule and reviews', async () => {
    await seedIfEmpty(logger, deps);
    expect(await LessonTypeModel.countDocuments()).toBe(12);
    expect(await GoalModel.countDocuments()).toBeGreaterThan(0);
    expect(await BranchModel.countDocuments()).toBeGreaterThanOrEqual(4);
    expect(await LessonModel.countDocuments()).toBeGreaterThanOrEqual(12);
    expect(await LessonModel.countDocuments({ image: '' })).toBe(0);
    expect(existsSync(dir) ? readdirSync(dir).length : 0).toBe(
      (await BranchModel.countDocuments()) + (await LessonModel.countDocuments()),
    );
    const member = await UserModel.findOne({ email: 'socio@pulso.demo' }).lean();
    expect(member?.lessons.length).toBeGreaterThan(0);
    expect(await countReviews()).toBeGreaterThan(0);
  });

  test('every demo record passes the rules of its form and every image ships', () => {
    for (const plan of DEMO_PLANS) expect(validatePlanForm({ ...plan })).toEqual({});
    for (const user of DEMO_USERS) {
      expect(validateRegister({ ...user })).toEqual({});
      expect(validateUserForm({ ...user })).toEqual({});
    }
    for (const branch of DEMO_BRANCHES) expect(validateBranchForm({ ...branch }, { requireImage: true })).toEqual({});
    for (const lesson of DEMO_LESSONS) {
      const form = {
        ...lesson,
        monitor: lesson.trainer,
        effort: String(lesson.effort),
        image: lessonImageFile(lesson.name),
        isAvailable: true,
        branchoffice: [lesson.branch],
      };
      expect(validateLessonForm(form, { requireImage: true })).toEqual({});
      expect(existsSync(path.join(SEED_IMAGES_DIR, lessonImageFile(lesson.name)))).toBe(true);
    }
  });

  test('when two processes seed at once, then nothing is duplicated', async () => {
    await Promise.all([seedIfEmpty(logger, deps), seedIfEmpty(logger, deps)]);
    expect(await PlanModel.countDocuments()).toBe(3);
    expect(await LessonModel.countDocuments()).toBe(DEMO_LESSONS.length);
  });

  test('when seeded, then a year of history is behind the chain, the same when two processes seed at once, and the overview shows it', async () => {
    const config = { currency: 'usd', bookings: bookingsConfig({}) };
    await Promise.all([seedIfEmpty(logger, { ...deps, config }), seedIfEmpty(logger, { ...deps, config })]);
    const history = await UserModel.countDocuments({ email: /^historial\d+@pulso\.demo$/ });
    expect(history).toBe(HISTORY_MEMBERS);
    const payments = await PaymentModel.countDocuments({ providerSessionId: /^history_/ });
    expect(payments).toBeGreaterThan(HISTORY_MEMBERS);
    // One payment per purchase, however many seeded: each has its own key.
    expect(
      new Set((await PaymentModel.find({}, { providerSessionId: 1 }).lean()).map((p) => p.providerSessionId)).size,
    ).toBe(await PaymentModel.countDocuments());
    const today = gymDate(new Date(), config.bookings.timeZone);
    const year = await getOverview(
      { from: addDays(today, -364), to: today, branch: '' },
      { timeZone: config.bookings.timeZone, currency: 'usd' },
    );
    expect(year.step).toBe('week');
    expect(year.revenue.payments).toBe(
      await PaymentModel.countDocuments({
        status: 'paid',
        paidAt: trusted({ $gte: gymInstant(`${addDays(today, -364)}T00:00`, config.bookings.timeZone) }),
      }),
    );
    expect(year.members.started).toBeGreaterThan(HISTORY_MEMBERS / 2);
    expect(year.members.lapsed).toBeGreaterThan(0);
    expect(year.heatmap.length).toBeGreaterThan(10);
    expect(year.classes.fullest).toHaveLength(10);
    expect(year.failedPayments).toHaveLength(3);
    expect(year.expiring.length).toBeGreaterThan(0);
  });
});
