import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { DEMO_BOOKINGS, DEMO_MEMBER_LESSONS, DEMO_PLANS, DEMO_REVIEWS, DEMO_USERS } from '@pulso/shared';
import { ROOT_DIR } from '../config/paths';
import type { PasswordHasher } from '../lib/password';
import type { StorageDriver } from '../lib/storage';
import { branchIdsByName, seedDemoBranches } from '../modules/branches/branches.service';
import { seedDemoCatalog } from '../modules/catalog/catalog.service';
import { seedDemoLessons, setRating } from '../modules/lessons/lessons.service';
import { seedDemoPayments } from '../modules/payments/payments.service';
import { findPlansByName, seedDemoPlans } from '../modules/plans/plans.service';
import { writeReview } from '../modules/reviews/reviews.service';
import { seedStandingMember, type BookingRules } from '../modules/bookings/bookings.service';
import { seedDemoBookings } from '../modules/bookings/bookings.demo';
import { bookingsConfig } from '../config/env';
import { refreshInsights } from '../modules/stats/insights';
import { HISTORY_PASSWORD, seedDemoHistory } from './demo-history';
import {
  demoTrainerIds,
  findActiveAuthUser,
  findUserIdByEmail,
  seedDemoHomeBranches,
  seedDemoUsers,
  setSchedule,
} from '../modules/users/users.service';

export { DEMO_ACCOUNTS } from '@pulso/shared';

const rulesOf = (deps: SeedDeps) => deps.config?.bookings ?? bookingsConfig({});

/** The demo images shipped in the repository (made by scripts/make-demo-images.mjs). */
export const SEED_IMAGES_DIR = path.join(ROOT_DIR, 'server', 'seed-images');

export interface SeedDeps {
  passwords: PasswordHasher;
  storage: StorageDriver;
  /** The installation's currency, for the demo member's payment (default usd), and its booking rules. */
  config?: { currency: string; bookings?: BookingRules };
}

/**
 * Fills each empty collection with the demo chain, through each module's service. A collection that
 * already holds data is left as it is, so running it twice (or two processes at once) never
 * duplicates anything: names and e-mails are unique. Returns whether anything was written.
 */
export async function seedIfEmpty(logger: Pick<Logger, 'info'>, deps: SeedDeps): Promise<boolean> {
  const wrote: string[] = [];
  const storeImage = async (file: string) => {
    const stored = await deps.storage.save(await readFile(path.join(SEED_IMAGES_DIR, file)), 'jpg');
    return { image: stored.url, imageKey: stored.key };
  };

  const plans = await seedDemoPlans();
  if (plans) wrote.push(`${plans} plans`);
  const catalog = await seedDemoCatalog();
  if (catalog.types) wrote.push(`${catalog.types} exercise types`);
  if (catalog.goals) wrote.push(`${catalog.goals} goals`);

  const planByName = await findPlansByName(DEMO_PLANS.map((p) => p.name));
  const users = await seedDemoUsers(deps.passwords, planByName);
  if (users.count) {
    wrote.push(`${users.count} users`);
    const memberships = users.memberships.flatMap((m) => {
      const plan = planByName.get(m.planName);
      return plan ? [{ ...m, plan }] : [];
    });
    await seedDemoPayments(memberships, deps.config?.currency ?? 'usd');
  }

  const branches = await seedDemoBranches(storeImage);
  if (branches) wrote.push(`${branches} sedes`);
  // The demo members' home sedes, when the accounts were made now.
  if (users.count) await seedDemoHomeBranches(await branchIdsByName());

  const lessons = await seedDemoLessons(await demoTrainerIds(), await branchIdsByName(), storeImage);
  if (lessons) {
    wrote.push(`${lessons.size} classes`);
    // The demo member's schedule and reviews, with each class's rating.
    const member = await findUserIdByEmail(DEMO_USERS.find((u) => u.plan)?.email ?? '');
    if (member) {
      const schedule = DEMO_MEMBER_LESSONS.flatMap((name) => lessons.get(name) ?? []);
      await setSchedule(member, schedule);
      // Their schedule is a standing booking: a place in each session of those classes.
      const membership = (await findActiveAuthUser(member.toString()))?.membership;
      if (membership) for (const lesson of schedule) await seedStandingMember(lesson, member, membership);
      for (const review of DEMO_REVIEWS) {
        const lesson = lessons.get(review.lesson);
        if (!lesson) continue;
        await setRating(lesson, await writeReview(member, lesson, review.stars, review.description));
      }
      // Other members' bookings: a full session with its waitlist, and a past one with attendance.
      const others = [];
      for (const email of DEMO_BOOKINGS.members) {
        const id = await findUserIdByEmail(email);
        const account = id ? await findActiveAuthUser(id.toString()) : null;
        if (account) others.push(account);
      }
      const me = await findActiveAuthUser(member.toString());
      const rules = rulesOf(deps);
      if (me) {
        const places = await seedDemoBookings(lessons, me, others, rules);
        if (places) wrote.push(`${places} bookings`);
      }
    }
  }

  // A year of history behind the demo chain, so the overview's charts have something to show.
  if (users.count && lessons) {
    const history = await seedDemoHistory({
      plans: [...planByName.values()],
      branches: [...(await branchIdsByName()).values()],
      passwordHash: await deps.passwords.hash(HISTORY_PASSWORD),
      timeZone: rulesOf(deps).timeZone,
      currency: deps.config?.currency ?? 'usd',
    });
    wrote.push(
      `a year of history (${history.members} members, ${history.payments} payments, ${history.sessions} sessions)`,
    );
    await refreshInsights(
      { timeZone: rulesOf(deps).timeZone, currency: deps.config?.currency ?? 'usd' },
      undefined,
      new Date(),
      true,
    );
  }

  if (wrote.length > 0) logger.info(`Seeded ${wrote.join(', ')}.`);
  return wrote.length > 0;
}
