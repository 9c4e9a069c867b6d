import type { Logger } from 'pino';
import { PlanModel } from '../modules/plans/plans.model';
import { DEMO_PLANS } from './demo-data';

export { DEMO_ACCOUNTS } from './demo-data';

/**
 * Fills an empty database with the demo chain. A database that already holds plans is left as it
 * is, so running it twice (or two processes at once) never duplicates anything: plan names are unique.
 * Returns whether anything was written.
 */
export async function seedIfEmpty(logger: Pick<Logger, 'info'>): Promise<boolean> {
  if ((await PlanModel.estimatedDocumentCount()) > 0) return false;
  try {
    await PlanModel.insertMany(DEMO_PLANS, { ordered: false });
  } catch (error) {
    // Another process seeded at the same moment: its plans are the same ones.
    if ((error as { code?: number }).code !== 11000) throw error;
  }
  logger.info(`Seeded ${DEMO_PLANS.length} plans.`);
  return true;
}
