import type { Logger } from 'pino';
import type { PasswordHasher } from '../lib/password';
import { PlanModel } from '../modules/plans/plans.model';
import { UserModel } from '../modules/users/users.model';
import { DEMO_PLANS, DEMO_USERS } from './demo-data';

export { DEMO_ACCOUNTS } from './demo-data';

const DAY = 24 * 60 * 60 * 1000;

function ignoreDuplicates(error: unknown): void {
  // Another process seeded at the same moment: its records are the same ones.
  if ((error as { code?: number }).code !== 11000) throw error;
}

/**
 * Fills each empty collection with the demo chain. A collection that already holds data is left as
 * it is, so running it twice (or two processes at once) never duplicates anything: names and
 * e-mails are unique. Returns whether anything was written.
 */
export async function seedIfEmpty(logger: Pick<Logger, 'info'>, passwords: PasswordHasher): Promise<boolean> {
  let wrote = false;

  if ((await PlanModel.estimatedDocumentCount()) === 0) {
    await PlanModel.insertMany(DEMO_PLANS, { ordered: false }).catch(ignoreDuplicates);
    logger.info(`Seeded ${DEMO_PLANS.length} plans.`);
    wrote = true;
  }

  if ((await UserModel.estimatedDocumentCount()) === 0) {
    const plans = new Map((await PlanModel.find({}, { name: 1, duration: 1 }).lean()).map((p) => [p.name, p]));
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
          passwordHash: await passwords.hash(u.password),
          phone: u.phone,
          isAdmin: u.isAdmin ?? false,
          isMonitor: u.isMonitor ?? false,
          membership: plan ? { planId: plan._id, name: plan.name, start, end } : null,
        };
      }),
    );
    await UserModel.insertMany(users, { ordered: false }).catch(ignoreDuplicates);
    logger.info(`Seeded ${users.length} users.`);
    wrote = true;
  }

  return wrote;
}
