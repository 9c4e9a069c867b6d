import mongoose from 'mongoose';
import { addDays, daysOf, insightDays, type GymClock, type InsightDay } from '@pulso/shared';
import type { Logger } from 'pino';
import { gymDate, gymInstant } from '../../lib/gym-time';
import { heldSessionsForInsights } from '../bookings/bookings.insights';
import { paidPaymentsForInsights } from '../payments/payments.service';
import { membershipHistories } from '../users/membership-history';

/**
 * The overview's daily sums (issue 24, item 1). Reading a year of payments, memberships and
 * sessions on every request would read whole growing collections (the embedded engine pushes no
 * filter down but `_id`), so the job runner sums each gym day once into `insight_days` (`_id` = the
 * date), and the overview reads a period's days by `_id`. Each run sums the latest REFRESH_DAYS
 * again (today's sales, the sessions that just ended, a refund of last week); once a day, and when
 * the rule's VERSION changes, it sums the whole HISTORY_DAYS. A sum is a pure function of what is
 * stored (shared `insightDays`), so two servers summing the same day write the same document.
 */

export const INSIGHT_DAYS = 'insight_days';
/** Days summed again by every run, today included. */
export const REFRESH_DAYS = 35;
/** Days of history summed (a year and a little, for the year view's day before). */
export const HISTORY_DAYS = 400;
/** Bumped when a rule of the sums changes: the next run sums the whole history again. */
const VERSION = 1;
const FULL_EVERY_MS = 24 * 3_600_000;
const META_ID = 'meta';

export interface StoredDay extends InsightDay {
  _id: string;
  /** When it was summed. */
  at: Date;
}

interface Meta {
  _id: string;
  version: number;
  fullAt: Date;
}

export const insightStore = () => mongoose.connection.collection<StoredDay>(INSIGHT_DAYS);
const metaStore = () => mongoose.connection.collection<Meta>(INSIGHT_DAYS);

/** The gym's calendar in `timeZone`, at `now`. */
export function gymClock(timeZone: string, now: Date): GymClock {
  const closes = new Map<string, number>();
  return {
    dateOf: (ms) => gymDate(new Date(ms), timeZone),
    closeOf: (date) => {
      let close = closes.get(date);
      if (close === undefined) {
        close = gymInstant(`${addDays(date, 1)}T00:00`, timeZone).getTime() - 1;
        closes.set(date, close);
      }
      return close;
    },
    now: now.getTime(),
  };
}

/** Sums the days from `from` to `to` (gym dates) from what is stored, and stores them. */
export async function sumDays(
  from: string,
  to: string,
  settings: { timeZone: string; currency: string },
  now: Date,
): Promise<InsightDay[]> {
  const clock = gymClock(settings.timeZone, now);
  const [payments, members, sessions] = await Promise.all([
    // Only the summed days' payments; every member's history, which decides who was covered when.
    paidPaymentsForInsights(settings.currency, gymInstant(`${from}T00:00`, settings.timeZone)),
    membershipHistories(),
    heldSessionsForInsights(from, to, settings.timeZone, now),
  ]);
  const days = insightDays({ payments, members, sessions }, daysOf(from, to), clock);
  await insightStore().bulkWrite(
    days.map((day) => ({
      replaceOne: { filter: { _id: day.date }, replacement: { ...day, at: now }, upsert: true },
    })),
    { ordered: false },
  );
  return days;
}

/**
 * The job: the latest days summed again, and the whole history when it was never summed, when a
 * day has passed since it last was, or when the rule changed. Answers how many days it summed.
 */
export async function refreshInsights(
  settings: { timeZone: string; currency: string },
  logger?: Pick<Logger, 'debug'>,
  now = new Date(),
  /** Sum the whole history whatever was summed before (the seed, after writing a year of it). */
  force = false,
): Promise<number> {
  const today = gymDate(now, settings.timeZone);
  const meta = await metaStore().findOne({ _id: META_ID });
  const full = force || !meta || meta.version !== VERSION || now.getTime() - meta.fullAt.getTime() >= FULL_EVERY_MS;
  const from = addDays(today, -((full ? HISTORY_DAYS : REFRESH_DAYS) - 1));
  const days = await sumDays(from, today, settings, now);
  if (full) {
    await metaStore().replaceOne({ _id: META_ID }, { version: VERSION, fullAt: now }, { upsert: true });
  }
  logger?.debug({ from, to: today, full }, 'overview days summed');
  return days.length;
}

/** The stored days among `dates`, each read by `_id`. */
export async function storedDays(dates: readonly string[]): Promise<StoredDay[]> {
  const found = await Promise.all(dates.map((date) => insightStore().findOne({ _id: date })));
  return found.filter((day): day is StoredDay => day !== null);
}
