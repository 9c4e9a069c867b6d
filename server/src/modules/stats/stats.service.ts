import type { StatsDto } from '@pulso/shared';
import { countBranches } from '../branches/branches.service';
import { listMessages } from '../contact/contact.service';
import { countLessons } from '../lessons/lessons.service';
import { revenueBetween } from '../payments/payments.service';
import { countActiveMembers, countTrainers } from '../users/users.service';

const DAY = 86_400_000;
export const REVENUE_DAYS = 30;
export const LATEST_MESSAGES = 5;

/** The dashboard overview: indexed counts, the grouped revenue and the latest messages, side by side. */
export async function getStats(now = new Date()): Promise<StatsDto> {
  const since = new Date(now.getTime() - REVENUE_DAYS * DAY);
  const [activeMembers, lessons, branches, trainers, revenueLast30Days, latestMessages] = await Promise.all([
    countActiveMembers(now),
    countLessons(),
    countBranches(),
    countTrainers(),
    revenueBetween(since, now),
    listMessages(LATEST_MESSAGES),
  ]);
  return {
    activeMembers,
    classes: lessons,
    sedes: branches,
    trainers,
    revenueLast30Days,
    latestMessages,
    generatedAt: now.toISOString(),
  };
}
