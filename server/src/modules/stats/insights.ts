import mongoose, { Types } from 'mongoose';
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
 * stored (shared `insightDays`), so two servers summing the same day write the same facts. Only a
 * day whose facts changed is written, under a new revision the meta document lists, so readers
 * keep the days they have read while their revision holds (storedDays).
 */

export const INSIGHT_DAYS = 'insight_days';
/** Days summed again by every run, today included. */
export const REFRESH_DAYS = 35;
/** Days of history summed (a year and a little, for the year view's day before). */
export const HISTORY_DAYS = 400;
/** Bumped when a rule of the sums changes: the next run sums the whole history again. */
const VERSION = 2;
const FULL_EVERY_MS = 24 * 3_600_000;
const META_ID = 'meta';
const REVS_ID = 'revs';
/** Days kept in this process (the history twice over: a year asked, and the year before). */
const CACHED_DAYS = 2 * HISTORY_DAYS;

export interface StoredDay extends InsightDay {
  _id: string;
  /** The run that last changed it. */
  rev: string;
}

/**
 * What the runs have summed: the rule's version, when the whole history and the latest days were
 * last summed, and the revision of the latest run that changed a day (`stamp`): a reader whose
 * days were checked at that stamp reads nothing more than this small document.
 */
export interface InsightsMeta {
  _id: string;
  version: number;
  fullAt: Date;
  summedAt: Date;
  stamp: string;
}

/** Each stored day's revision (the run that last changed it), in one document beside the days. */
interface InsightRevs {
  _id: string;
  revs: Record<string, string>;
}

export const insightStore = () => mongoose.connection.collection<StoredDay>(INSIGHT_DAYS);
const metaStore = () => mongoose.connection.collection<InsightsMeta>(INSIGHT_DAYS);
const revsStore = () => mongoose.connection.collection<InsightRevs>(INSIGHT_DAYS);

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

const factsOf = (day: InsightDay) => JSON.stringify([day.revenue, day.members, day.sessions]);

/** Days compared with the stored ones and written in one go (a day of a big chain is tens of KB). */
const WRITE_DAYS = 31;

/**
 * The days from `from` to `to` summed from what is stored. Its own function so that what it read
 * (a chain's payments, every member's history, a year of sessions) is garbage once it returns.
 */
async function summed(
  from: string,
  to: string,
  settings: { timeZone: string; currency: string },
  now: Date,
): Promise<InsightDay[]> {
  const clock = gymClock(settings.timeZone, now);
  // One read after the other, each a document at a time: a server's memory holds one collection's
  // rows at a time (a whole history summed at once took a 50,000-member chain's server from about
  // 220 to 377 MB). Only the summed days' payments; every member's history, which decides who was
  // covered when.
  const payments = await paidPaymentsForInsights(settings.currency, gymInstant(`${from}T00:00`, settings.timeZone));
  const members = await membershipHistories();
  const sessions = await heldSessionsForInsights(from, to, settings.timeZone, now);
  return insightDays({ payments, members, sessions }, daysOf(from, to), clock);
}

/**
 * Sums the days from `from` to `to` (gym dates) from what is stored, and stores those whose facts
 * changed under a new revision (a day summed again to the same facts is left as it is, so that
 * readers keep it). Answers the days and the revisions written. The stored days are read, compared
 * and written WRITE_DAYS at a time: a year of a 3,000-class chain is 35 MB of days, which read,
 * turned to text for the comparison and sent as one command, took as much memory again three times.
 */
export async function sumDays(
  from: string,
  to: string,
  settings: { timeZone: string; currency: string },
  now: Date,
): Promise<{ days: InsightDay[]; revs: Record<string, string> }> {
  const days = await summed(from, to, settings, now);
  const rev = new Types.ObjectId().toString();
  const revs: Record<string, string> = {};
  for (let first = 0; first < days.length; first += WRITE_DAYS) {
    const part = days.slice(first, first + WRITE_DAYS);
    const stored = await Promise.all(part.map((day) => insightStore().findOne({ _id: day.date })));
    const before = new Map(stored.flatMap((day) => (day ? [[day._id, factsOf(day)] as const] : [])));
    const changed = part.filter((day) => before.get(day.date) !== factsOf(day));
    if (changed.length === 0) continue;
    await insightStore().bulkWrite(
      changed.map((day) => ({
        replaceOne: {
          filter: { _id: day.date },
          replacement: { date: day.date, revenue: day.revenue, members: day.members, sessions: day.sessions, rev },
          upsert: true,
        },
      })),
      { ordered: false },
    );
    for (const day of changed) revs[day.date] = rev;
  }
  return { days, revs };
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
  const full =
    force || !meta?.stamp || meta.version !== VERSION || now.getTime() - meta.fullAt.getTime() >= FULL_EVERY_MS;
  const from = addDays(today, -((full ? HISTORY_DAYS : REFRESH_DAYS) - 1));
  const { days, revs } = await sumDays(from, today, settings, now);
  const changed = Object.entries(revs);
  // Revisions of days long out of every period asked go (their days stay, read as never summed).
  const forgotten = full
    ? Object.keys((await revsStore().findOne({ _id: REVS_ID }))?.revs ?? {}).filter(
        (date) => date < addDays(today, -(CACHED_DAYS - 1)),
      )
    : [];
  if (changed.length > 0 || forgotten.length > 0) {
    await revsStore().updateOne(
      { _id: REVS_ID },
      {
        ...(changed.length ? { $set: Object.fromEntries(changed.map(([date, rev]) => [`revs.${date}`, rev])) } : {}),
        ...(forgotten.length ? { $unset: Object.fromEntries(forgotten.map((date) => [`revs.${date}`, ''])) } : {}),
      },
      { upsert: true },
    );
  }
  // Last, so that a reader who sees the new stamp finds the days and revisions it stands for.
  await metaStore().updateOne(
    { _id: META_ID },
    {
      $set: {
        version: VERSION,
        summedAt: now,
        ...(full ? { fullAt: now } : {}),
        ...(changed.length || !meta?.stamp ? { stamp: changed[0]?.[1] ?? new Types.ObjectId().toString() } : {}),
      },
    },
    { upsert: true },
  );
  logger?.debug({ from, to: today, full, changed: changed.length }, 'overview days summed');
  return days.length;
}

/** The days this process has read, by date: used while the meta gives them the same revision. */
const kept = new Map<string, StoredDay>();

function keep(day: StoredDay) {
  kept.delete(day._id);
  kept.set(day._id, day);
  if (kept.size > CACHED_DAYS) kept.delete(kept.keys().next().value as string);
}

/** The revisions this process last read, and the stamp they were read at. */
let revsRead: { stamp: string; revs: Record<string, string> } | null = null;

/**
 * The stored days among `dates` and what was summed (null before a whole history was summed by
 * this rule: the days are then not all there, or not all by it). One small read of the meta; the
 * revisions again only when a run changed a day since; then only the days this process does not
 * keep at their current revision, each by `_id`. A year asked again reads one small document,
 * not 367 days (megabytes, which the embedded engine reads at about 2 MB a second).
 */
export async function storedDays(dates: readonly string[]): Promise<{ days: StoredDay[]; meta: InsightsMeta | null }> {
  const meta = await metaStore().findOne({ _id: META_ID });
  if (!meta?.stamp || meta.version !== VERSION) return { days: [], meta: null };
  if (revsRead?.stamp !== meta.stamp) {
    revsRead = { stamp: meta.stamp, revs: (await revsStore().findOne({ _id: REVS_ID }))?.revs ?? {} };
  }
  const revs = revsRead.revs;
  const stale = dates.filter((date) => revs[date] !== undefined && kept.get(date)?.rev !== revs[date]);
  const read = await Promise.all(stale.map((date) => insightStore().findOne({ _id: date })));
  const fresh = new Map<string, StoredDay>();
  for (const day of read) {
    if (!day) continue;
    fresh.set(day._id, day);
    keep(day);
  }
  const days = dates.flatMap((date) => {
    const day = fresh.get(date) ?? (revs[date] !== undefined ? kept.get(date) : undefined);
    return day ? [day] : [];
  });
  return { days, meta };
}
