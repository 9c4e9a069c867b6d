import { randomBytes } from 'node:crypto';
import mongoose, { type Types } from 'mongoose';
import type { Logger } from 'pino';
import {
  addDays,
  effectiveCapacity,
  ERROR_CODES,
  hourToMinutes,
  MESSAGES,
  sessionDates,
  sessionDayLabel,
  sessionIdOf,
  sessionTimes,
  weekdayOf,
  type DemandRowDto,
  type WishDto,
} from '@pulso/shared';
import { isDuplicateKeyError } from '../../lib/db';
import { withDocumentLock } from '../../lib/document-lock';
import { gymDate } from '../../lib/gym-time';
import { HttpError } from '../../lib/http-error';
import { objectIdOrNull } from '../../lib/object-id';
import { branchName } from '../branches/branches.service';
import { findLessons } from '../lessons/lessons.service';
import { findActiveAuthUser } from '../users/users.service';
import { storeNotices } from './bookings.notices';
import {
  bookSession,
  cancelBooking,
  memberPart,
  sessionContext,
  sessionStateOf,
  storedSession,
  withMemberLock,
  type BookingRules,
  type NoticeDelivery,
  type SessionContext,
} from './bookings.service';

/**
 * Wider waits: a member waits for any session of one class, or of one exercise type, on some
 * weekdays, starting within an hour band, at any sede ("any Spinning, Monday to Friday, 18:00 to
 * 20:00"); the first matching place that frees anywhere in the chain is theirs.
 *
 * - The member's waits are one document (`member_wishes/<memberId>`), written under their lock.
 * - Each class and each exercise type has an index of the waits on it (`wish_index/lesson:<id>`,
 *   `wish_index/type:<name>`), in the order they were made, written under its own lock: when a place
 *   frees in a session, its class's index and its types' are read by `_id`, never the waits.
 * - A wait is fulfilled once: the process that books its place first inserts `wish_claims/<wishId>`,
 *   an insert only one writer can make; a booking that fails gives the claim back.
 */

export const MEMBER_WISHES = 'member_wishes';
export const WISH_INDEX = 'wish_index';
export const WISH_CLAIMS = 'wish_claims';
/** How many waits a member may keep at once. */
export const MAX_WISHES = 5;

interface WishEntry {
  id: string;
  kind: 'lesson' | 'type';
  target: string;
  targetName: string;
  days: string[];
  from: string;
  to: string;
  at: Date;
  session: string | null;
}

interface IndexEntry {
  wish: string;
  member: Types.ObjectId;
  days: string[];
  from: string;
  to: string;
  at: Date;
}

const memberWishes = () => mongoose.connection.collection<{ _id: Types.ObjectId; wishes: WishEntry[] }>(MEMBER_WISHES);
const index = () => mongoose.connection.collection<{ _id: string; entries: IndexEntry[] }>(WISH_INDEX);
const claims = () => mongoose.connection.collection<{ _id: string; at: Date }>(WISH_CLAIMS);

const keyOf = (wish: Pick<WishEntry, 'kind' | 'target'>) => `${wish.kind}:${wish.target}`;

const toDto = (w: WishEntry): WishDto => ({
  id: w.id,
  kind: w.kind,
  target: w.target,
  targetName: w.targetName,
  days: w.days,
  from: w.from,
  to: w.to,
  createdAt: w.at.toISOString(),
  session: w.session,
});

async function readWishes(member: Types.ObjectId): Promise<WishEntry[]> {
  return (await memberWishes().findOne({ _id: member }))?.wishes ?? [];
}

/** The member's waits, newest first. */
export async function wishesOf(member: Types.ObjectId): Promise<WishDto[]> {
  return (await readWishes(member)).map(toDto).reverse();
}

async function changeIndex(key: string, change: (entries: IndexEntry[]) => IndexEntry[]): Promise<void> {
  await withDocumentLock(`wish-index:${key}`, async () => {
    const entries = (await index().findOne({ _id: key }))?.entries ?? [];
    await index().replaceOne({ _id: key }, { entries: change(entries) }, { upsert: true });
  });
}

/** Whether a session of `lesson` on `date` falls in the wait's days and hour band. */
function matches(entry: Pick<IndexEntry, 'days' | 'from' | 'to'>, weekday: string, start: string): boolean {
  const minutes = hourToMinutes(start.slice(11));
  return entry.days.includes(weekday) && hourToMinutes(entry.from) <= minutes && minutes < hourToMinutes(entry.to);
}

/** Whether the session has a place free for anyone now: open, before the late-cancel limit, nobody waiting. */
async function freePlaces(context: SessionContext, now: Date): Promise<number> {
  if (now < context.opensAt || now >= context.startsAt || now >= context.frame.lateFrom) return 0;
  const state = await sessionStateOf(context.frame, await storedSession(context.frame.id));
  if (state.cancelledAt || state.waitlist.length > 0) return 0;
  return effectiveCapacity(state, context.frame) - state.confirmed.length;
}

/**
 * Books the wait's member into the session, once: claims the wait, books, and on success marks it
 * fulfilled and leaves them a notice (the same e-mail as a place from the waitlist). Answers whether
 * they got a place.
 */
async function fulfil(
  entry: IndexEntry,
  key: string,
  context: SessionContext,
  rules: BookingRules,
  delivery: NoticeDelivery,
  logger?: Pick<Logger, 'debug'>,
): Promise<boolean> {
  // A session they hold a place in (or wait for) already is not what they wait for.
  if (await memberPart(context.frame.id, entry.member, rules)) return false;
  try {
    await claims().insertOne({ _id: entry.wish, at: new Date() });
  } catch (error) {
    if (isDuplicateKeyError(error)) return false;
    throw error;
  }
  const release = () => claims().deleteOne({ _id: entry.wish });
  const account = await findActiveAuthUser(entry.member.toString());
  if (!account || account.suspended) {
    await release();
    return false;
  }
  try {
    const result = await bookSession(context.frame.id, account, rules);
    if (result.result !== 'confirmed') {
      // Somebody took the place meanwhile: the member does not wait in that session's line instead.
      await cancelBooking(context.frame.id, entry.member, rules, delivery).catch(() => undefined);
      await release();
      return false;
    }
  } catch (error) {
    logger?.debug({ err: error, wish: entry.wish }, 'a wider wait could not take a freed place');
    await release();
    return false;
  }
  await withMemberLock(entry.member, async () => {
    const wishes = await readWishes(entry.member);
    const next = wishes.map((w) => (w.id === entry.wish ? { ...w, session: context.frame.id } : w));
    await memberWishes().replaceOne({ _id: entry.member }, { wishes: next }, { upsert: true });
  });
  await changeIndex(key, (entries) => entries.filter((e) => e.wish !== entry.wish));
  const notices = await storeNotices(
    { id: context.frame.id, lessonName: context.lesson.name, start: context.frame.start, reason: '' },
    [{ id: `wish:${entry.wish}`, member: entry.member.toString(), kind: 'promoted', at: new Date() }],
  );
  delivery.send(notices);
  return true;
}

/**
 * Offers the places freed in these sessions to wider waits once the request has answered: a failure
 * is logged, never the request's.
 */
export function offerFreedPlacesAfter(
  sessions: readonly string[],
  rules: BookingRules,
  delivery: NoticeDelivery,
  logger: Pick<Logger, 'warn' | 'debug'>,
): void {
  for (const id of sessions) {
    offerFreedPlaces(id, rules, delivery, logger).catch((error: unknown) =>
      logger.warn({ err: error, session: id }, 'freed places could not be offered to wider waits'),
    );
  }
}

/**
 * A place may have freed in session `id` (a cancellation, a higher capacity, a class left): while it
 * has free places and nobody on its own waitlist, the oldest matching waits take them. Reads: the
 * session, and the index of its class and of each of its exercise types, by `_id`.
 */
export async function offerFreedPlaces(
  id: string,
  rules: BookingRules,
  delivery: NoticeDelivery,
  logger?: Pick<Logger, 'debug'>,
  now = new Date(),
): Promise<number> {
  const context = await sessionContext(id, rules).catch(() => null);
  if (!context) return 0;
  let free = await freePlaces(context, now);
  if (free <= 0) return 0;
  const { lesson, frame } = context;
  const keys = [`lesson:${lesson._id.toString()}`, ...(lesson.types ?? []).map((t) => `type:${t}`)];
  const found = await Promise.all(keys.map(async (key) => ({ key, doc: await index().findOne({ _id: key }) })));
  const weekday = weekdayOf(frame.date);
  const candidates = found
    .flatMap(({ key, doc }) => (doc?.entries ?? []).map((entry) => ({ key, entry })))
    .filter(({ entry }) => matches(entry, weekday, frame.start))
    .sort((a, b) => a.entry.at.getTime() - b.entry.at.getTime());
  let booked = 0;
  for (const { key, entry } of candidates) {
    if (free <= 0) break;
    if (await fulfil(entry, key, context, rules, delivery, logger)) {
      booked += 1;
      free -= 1;
    }
  }
  return booked;
}

/**
 * A member starts a wider wait. When a matching session open for booking has a place free now, it
 * is booked at once (and the wait is fulfilled by it); otherwise the wait joins its index.
 */
export async function createWish(
  member: Types.ObjectId,
  input: { lessonId: string; type: string; days: string[]; from: string; to: string },
  rules: BookingRules,
  delivery: NoticeDelivery,
  now = new Date(),
): Promise<{ message: string; wish: WishDto }> {
  const lessons = await findLessons('available');
  let kind: WishEntry['kind'];
  let target: string;
  let targetName: string;
  let matching: typeof lessons;
  if (input.lessonId) {
    const lessonId = objectIdOrNull(input.lessonId);
    const lesson = lessonId ? lessons.find((l) => l._id.equals(lessonId)) : undefined;
    if (!lesson) throw HttpError.validation({ lessonId: MESSAGES.wishes.unknownLesson });
    [kind, target, targetName, matching] = ['lesson', lesson._id.toString(), lesson.name, [lesson]];
  } else {
    matching = lessons.filter((l) => (l.types ?? []).includes(input.type));
    if (matching.length === 0) throw HttpError.validation({ type: MESSAGES.wishes.unknownType });
    [kind, target, targetName] = ['type', input.type, input.type];
  }
  const days = input.days;
  const entry: WishEntry = {
    id: randomBytes(8).toString('hex'),
    kind,
    target,
    targetName,
    days,
    from: input.from,
    to: input.to,
    at: now,
    session: null,
  };
  await withMemberLock(member, async () => {
    const wishes = await readWishes(member);
    if (wishes.filter((w) => !w.session).length >= MAX_WISHES) {
      throw new HttpError(409, ERROR_CODES.CONFLICT, MESSAGES.wishes.tooMany(MAX_WISHES));
    }
    await memberWishes().replaceOne({ _id: member }, { wishes: [...wishes, entry] }, { upsert: true });
  });
  const key = keyOf(entry);
  const indexed: IndexEntry = { wish: entry.id, member, days, from: entry.from, to: entry.to, at: now };
  await changeIndex(key, (entries) => [...entries, indexed]);

  // A matching session open for booking with a place free now: it is theirs at once.
  const today = gymDate(now, rules.timeZone);
  const sessions = matching
    .flatMap((lesson) =>
      sessionDates(lesson, today, addDays(today, rules.opensDays + 1)).map((date) => ({ lesson, date })),
    )
    .filter(({ lesson, date }) => matches(indexed, weekdayOf(date), sessionTimes(lesson, date).start))
    .map(({ lesson, date }) => ({
      id: sessionIdOf(lesson._id.toString(), date),
      start: sessionTimes(lesson, date).start,
    }))
    .sort((a, b) => a.start.localeCompare(b.start));
  for (const session of sessions) {
    const context = await sessionContext(session.id, rules).catch(() => null);
    if (!context || (await freePlaces(context, now)) <= 0) continue;
    if (await fulfil(indexed, key, context, rules, delivery)) {
      const label = `${context.lesson.name}, ${sessionDayLabel(context.frame.date)} a las ${context.frame.start.slice(11)}`;
      return { message: MESSAGES.wishes.bookedNow(label), wish: toDto({ ...entry, session: session.id }) };
    }
  }
  return { message: MESSAGES.wishes.created, wish: toDto(entry) };
}

/** The member stops a wait (a fulfilled one is only taken off their list). */
export async function removeWish(member: Types.ObjectId, wishId: string): Promise<void> {
  const removed = await withMemberLock(member, async () => {
    const wishes = await readWishes(member);
    const wish = wishes.find((w) => w.id === wishId);
    if (!wish) throw new HttpError(404, ERROR_CODES.NOT_FOUND, MESSAGES.wishes.notFound);
    await memberWishes().replaceOne(
      { _id: member },
      { wishes: wishes.filter((w) => w.id !== wishId) },
      { upsert: true },
    );
    return wish;
  });
  await changeIndex(keyOf(removed), (entries) => entries.filter((e) => e.wish !== wishId));
}

/**
 * The waiting demand of the chain, for the admin: per class, sede, weekday and start hour, the people
 * on the waitlists of the sessions from today to the end of the booking window, and the wider waits
 * such a session would fulfil. Reads: the classes, each of those sessions and the wait indexes, by `_id`.
 */
export async function waitingDemand(
  rules: BookingRules,
  sede: string | null = null,
  now = new Date(),
): Promise<DemandRowDto[]> {
  const lessons = (await findLessons('available')).filter((l) => !sede || l.office.toString() === sede);
  const today = gymDate(now, rules.timeZone);
  const branches = new Map<string, string>();
  const rows: DemandRowDto[] = [];
  const indexOf = new Map<string, IndexEntry[]>();
  const entriesOf = async (key: string) => {
    if (!indexOf.has(key)) indexOf.set(key, (await index().findOne({ _id: key }))?.entries ?? []);
    return indexOf.get(key) ?? [];
  };
  for (const lesson of lessons) {
    const office = lesson.office.toString();
    if (!branches.has(office)) branches.set(office, (await branchName(lesson.office)) ?? '');
    const waits = [
      ...(await entriesOf(`lesson:${lesson._id.toString()}`)),
      ...(await Promise.all((lesson.types ?? []).map((t) => entriesOf(`type:${t}`)))).flat(),
    ];
    for (const weekday of lesson.scheduleDays) {
      const dates = sessionDates(lesson, today, addDays(today, rules.opensDays + 1)).filter(
        (d) => weekdayOf(d) === weekday,
      );
      let waiting = 0;
      for (const date of dates) {
        const context = await sessionContext(sessionIdOf(lesson._id.toString(), date), rules).catch(() => null);
        if (!context || context.startsAt <= now) continue;
        const state = await sessionStateOf(context.frame, await storedSession(context.frame.id));
        waiting += state.waitlist.length;
      }
      const start = `2000-01-01T${String(lesson.scheduleHourStart).padStart(5, '0')}`;
      const wishes = new Set(waits.filter((w) => matches(w, weekday, start)).map((w) => w.wish)).size;
      if (waiting === 0 && wishes === 0) continue;
      rows.push({
        lessonId: lesson._id.toString(),
        lessonName: lesson.name,
        branchName: branches.get(office) ?? '',
        weekday,
        hour: lesson.scheduleHourStart,
        waiting,
        wishes,
      });
    }
  }
  return rows.sort((a, b) => b.waiting + b.wishes - (a.waiting + a.wishes));
}
