import { readFile } from 'node:fs/promises';
import { isDuplicateKeyError } from '../lib/db';
import path from 'node:path';
import type { Logger } from 'pino';
import { ROOT_DIR } from '../config/paths';
import type { PasswordHasher } from '../lib/password';
import type { StorageDriver } from '../lib/storage';
import { BranchModel } from '../modules/branches/branches.model';
import { GoalModel, LessonTypeModel } from '../modules/catalog/catalog.model';
import { LessonModel } from '../modules/lessons/lessons.model';
import { setRating } from '../modules/lessons/lessons.service';
import { PaymentModel } from '../modules/payments/payments.model';
import { PlanModel } from '../modules/plans/plans.model';
import { writeReview } from '../modules/reviews/reviews.service';
import { UserModel } from '../modules/users/users.model';
import {
  DEMO_BRANCHES,
  DEMO_GOALS,
  DEMO_LESSONS,
  DEMO_MEMBER_LESSONS,
  DEMO_PLANS,
  DEMO_REVIEWS,
  DEMO_TYPES,
  DEMO_USERS,
  lessonImageFile,
} from '@pulso/shared';

export { DEMO_ACCOUNTS } from '@pulso/shared';

/** The demo images shipped in the repository (made by scripts/make-demo-images.mjs). */
export const SEED_IMAGES_DIR = path.join(ROOT_DIR, 'server', 'seed-images');

const DAY = 24 * 60 * 60 * 1000;

export interface SeedDeps {
  passwords: PasswordHasher;
  storage: StorageDriver;
  /** The installation's currency, for the demo member's payment (default usd). */
  config?: { currency: string };
}

function ignoreDuplicates(error: unknown): void {
  // Another process seeded at the same moment: its records are the same ones.
  if (!isDuplicateKeyError(error)) throw error;
}

async function storeImage(storage: StorageDriver, file: string): Promise<{ image: string; imageKey: string }> {
  const stored = await storage.save(await readFile(path.join(SEED_IMAGES_DIR, file)), 'jpg');
  return { image: stored.url, imageKey: stored.key };
}

/**
 * Fills each empty collection with the demo chain. A collection that already holds data is left as
 * it is, so running it twice (or two processes at once) never duplicates anything: names and
 * e-mails are unique. Returns whether anything was written.
 */
export async function seedIfEmpty(logger: Pick<Logger, 'info'>, deps: SeedDeps): Promise<boolean> {
  const wrote: string[] = [];
  const isEmpty = async (model: { estimatedDocumentCount(): Promise<number> }) =>
    (await model.estimatedDocumentCount()) === 0;

  if (await isEmpty(PlanModel)) {
    await PlanModel.insertMany(DEMO_PLANS, { ordered: false }).catch(ignoreDuplicates);
    wrote.push(`${DEMO_PLANS.length} plans`);
  }
  if (await isEmpty(LessonTypeModel)) {
    await LessonTypeModel.insertMany(
      DEMO_TYPES.map((name) => ({ name })),
      { ordered: false },
    ).catch(ignoreDuplicates);
    wrote.push(`${DEMO_TYPES.length} exercise types`);
  }
  if (await isEmpty(GoalModel)) {
    await GoalModel.insertMany(
      DEMO_GOALS.map((name) => ({ name })),
      { ordered: false },
    ).catch(ignoreDuplicates);
    wrote.push(`${DEMO_GOALS.length} goals`);
  }

  if (await isEmpty(UserModel)) {
    const plans = new Map(
      (await PlanModel.find({}, { name: 1, duration: 1, price: 1 }).lean()).map((p) => [p.name, p]),
    );
    const now = Date.now();
    const users = await Promise.all(
      DEMO_USERS.map(async (u) => {
        const plan = u.plan ? plans.get(u.plan) : undefined;
        const start = new Date(now - 10 * DAY);
        const end = new Date(start);
        end.setMonth(end.getMonth() + (plan?.duration ?? 0));
        return {
          fullName: u.fullName,
          email: u.email,
          passwordHash: await deps.passwords.hash(u.password),
          // The chain's own demo accounts, created by its staff.
          emailVerified: true,
          phone: u.phone,
          isAdmin: u.isAdmin ?? false,
          isMonitor: u.isMonitor ?? false,
          membership: plan ? { planId: plan._id, name: plan.name, start, end } : null,
        };
      }),
    );
    await UserModel.insertMany(users, { ordered: false }).catch(ignoreDuplicates);
    wrote.push(`${users.length} users`);

    // Each demo membership was paid at the desk: its payment shows in 'Mis pagos' and the overview.
    if (await isEmpty(PaymentModel)) {
      const payments = [];
      for (const u of DEMO_USERS) {
        const plan = u.plan ? plans.get(u.plan) : undefined;
        const member = plan ? await UserModel.findOne({ email: u.email }, { membership: 1 }).lean() : null;
        if (!plan || !member?.membership) continue;
        payments.push({
          user: member._id,
          plan: plan._id,
          planName: plan.name,
          duration: plan.duration,
          amount: plan.price,
          currency: deps.config?.currency ?? 'usd',
          provider: 'manual',
          providerSessionId: `seed_${member._id.toString()}`,
          status: 'paid',
          paidAt: member.membership.start,
          membershipStart: member.membership.start,
          membershipEnd: member.membership.end,
        });
      }
      await PaymentModel.insertMany(payments, { ordered: false }).catch(ignoreDuplicates);
    }
  }

  if (await isEmpty(BranchModel)) {
    const branches = await Promise.all(
      DEMO_BRANCHES.map(async ({ image, ...fields }) => ({ ...fields, ...(await storeImage(deps.storage, image)) })),
    );
    await BranchModel.insertMany(branches, { ordered: false }).catch(ignoreDuplicates);
    wrote.push(`${branches.length} sedes`);
  }

  if (await isEmpty(LessonModel)) {
    const [monitors, offices] = await Promise.all([
      UserModel.find({ isMonitor: true }, { fullName: 1 }).lean(),
      BranchModel.find({}, { name: 1 }).lean(),
    ]);
    const monitorIds = new Map(monitors.map((m) => [m.fullName, m._id]));
    const officeIds = new Map(offices.map((o) => [o.name, o._id]));
    const lessons = await Promise.all(
      DEMO_LESSONS.filter((l) => monitorIds.has(l.monitor) && officeIds.has(l.branch)).map(
        async ({ monitor, branch, ...fields }) => ({
          ...fields,
          isAvailable: fields.isAvailable ?? true,
          monitor: monitorIds.get(monitor),
          office: officeIds.get(branch),
          ...(await storeImage(deps.storage, lessonImageFile(fields.name))),
        }),
      ),
    );
    await LessonModel.insertMany(lessons, { ordered: false }).catch(ignoreDuplicates);
    wrote.push(`${lessons.length} classes`);

    // The demo member's schedule and reviews, with each class's rating.
    const member = await UserModel.findOne({ email: DEMO_USERS.find((u) => u.plan)?.email }, { _id: 1 }).lean();
    if (member) {
      const byName = new Map((await LessonModel.find({}, { name: 1 }).lean()).map((l) => [l.name, l._id]));
      const schedule = DEMO_MEMBER_LESSONS.flatMap((name) => byName.get(name) ?? []);
      await UserModel.updateOne({ _id: member._id }, { $set: { lessons: schedule } });
      for (const review of DEMO_REVIEWS) {
        const lesson = byName.get(review.lesson);
        if (!lesson) continue;
        await setRating(lesson, await writeReview(member._id, lesson, review.stars, review.description));
      }
    }
  }

  if (wrote.length > 0) logger.info(`Seeded ${wrote.join(', ')}.`);
  return wrote.length > 0;
}
