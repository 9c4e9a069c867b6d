import type { StatsDto } from '@pulso/shared';
import { countBranches } from '../branches/branches.service';
import { listMessages } from '../contact/contact.service';
import { Types } from 'mongoose';
import { countLessons, findLessons } from '../lessons/lessons.service';
import { userDirectory } from '../users/user-directory';
import { revenueBetween } from '../payments/payments.service';
import { countActiveMembers, countTrainers } from '../users/users.service';

const DAY = 86_400_000;
export const REVENUE_DAYS = 30;
export const LATEST_MESSAGES = 5;

/**
 * A sede manager's overview: their sede's active members (from the users directory), classes and
 * the trainers who teach them, and its members' revenue; the chain's contact messages are not theirs.
 */
async function sedeStats(sede: string, now: Date): Promise<StatsDto> {
  const since = new Date(now.getTime() - REVENUE_DAYS * DAY);
  const [directory, lessons] = await Promise.all([userDirectory(), findLessons('all')]);
  const members = directory.filter((row) => row.homeBranch?.id === sede);
  const classes = lessons.filter((lesson) => lesson.office.toString() === sede);
  return {
    activeMembers: members.filter((row) => row.membership && new Date(row.membership.end) > now).length,
    classes: classes.length,
    sedes: 1,
    trainers: new Set(classes.map((lesson) => lesson.monitor.toString())).size,
    revenueLast30Days: await revenueBetween(
      since,
      now,
      members.map((row) => new Types.ObjectId(row.id)),
    ),
    latestMessages: [],
    generatedAt: now.toISOString(),
  };
}

/**
 * The dashboard overview: indexed counts, the grouped revenue and the latest messages, side by side;
 * a sede manager's are their sede's.
 */
export async function getStats(now = new Date(), sede: string | null = null): Promise<StatsDto> {
  if (sede) return sedeStats(sede, now);
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
