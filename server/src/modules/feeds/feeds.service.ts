import { randomBytes } from 'node:crypto';
import mongoose, { Types } from 'mongoose';
import { addDays, CALENDAR_FEED, MESSAGES, type BranchDto, type LessonListItemDto } from '@pulso/shared';
import { withDocumentLock } from '../../lib/document-lock';
import { gymDate, gymInstant } from '../../lib/gym-time';
import { HttpError } from '../../lib/http-error';
import { getBranch } from '../branches/branches.service';
import { bookedSessions, type BookingRules } from '../bookings/bookings.service';
import { teachingSessions } from '../bookings/bookings.trainer';
import { currentLessonsWhere } from '../lessons/lessons.views';
import { findActiveAuthUser, type AuthUser } from '../users/users.service';
import { icalendar, type IcalEvent } from './feeds.ical';

/**
 * Private calendar feeds (iCal): each account has one secret address, which calendar apps fetch
 * without signing in. The token is 32 random bytes (base64url); `calendar_feeds` keeps each token
 * (`_id`) with its owner, and `calendar_feed_owners` the owner's current token (`_id` = the owner),
 * so the owner's address and a feed's owner are point reads. A new address deletes the old token:
 * from then on the old address answers 404. A token is honoured only while it is its owner's
 * current one and the owner's account is active.
 */

export const CALENDAR_FEEDS = 'calendar_feeds';
export const CALENDAR_FEED_OWNERS = 'calendar_feed_owners';

interface FeedDoc {
  _id: string;
  owner: Types.ObjectId;
  createdAt: Date;
}

interface FeedOwnerDoc {
  _id: Types.ObjectId;
  token: string;
  createdAt: Date;
}

const feeds = () => mongoose.connection.collection<FeedDoc>(CALENDAR_FEEDS);
const owners = () => mongoose.connection.collection<FeedOwnerDoc>(CALENDAR_FEED_OWNERS);

/** 32 random bytes in base64url: 43 characters. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface FeedToken {
  token: string;
  createdAt: Date;
}

const lockOf = (owner: Types.ObjectId) => `calendar-feed:${owner.toString()}`;

/** A new token for `owner`, made their current one; the one it replaces (if any) is deleted. */
async function issue(owner: Types.ObjectId, previous: string | null): Promise<FeedToken> {
  const token = randomBytes(32).toString('base64url');
  const createdAt = new Date();
  await feeds().insertOne({ _id: token, owner, createdAt });
  await owners().replaceOne({ _id: owner }, { token, createdAt }, { upsert: true });
  if (previous) await feeds().deleteOne({ _id: previous });
  return { token, createdAt };
}

/** The owner's current feed token, made on their first ask (under their lock: one, however many ask at once). */
export async function currentFeed(owner: Types.ObjectId): Promise<FeedToken> {
  const found = (await owners().findOne({ _id: owner })) as FeedOwnerDoc | null;
  if (found) return { token: found.token, createdAt: found.createdAt };
  return withDocumentLock(lockOf(owner), async () => {
    const again = (await owners().findOne({ _id: owner })) as FeedOwnerDoc | null;
    return again ? { token: again.token, createdAt: again.createdAt } : issue(owner, null);
  });
}

/** A new feed token for the owner; the old address stops working at once. */
export function renewFeed(owner: Types.ObjectId): Promise<FeedToken> {
  return withDocumentLock(lockOf(owner), async () => {
    const current = (await owners().findOne({ _id: owner })) as FeedOwnerDoc | null;
    return issue(owner, current?.token ?? null);
  });
}

/**
 * The active account whose current feed `token` is; null for anything else (a malformed or unknown
 * token, one replaced by a newer one, a suspended account). Two point reads and the account's.
 */
export async function feedOwner(token: string): Promise<AuthUser | null> {
  if (!TOKEN.test(token)) return null;
  const feed = (await feeds().findOne({ _id: token })) as FeedDoc | null;
  if (!feed) return null;
  const current = (await owners().findOne({ _id: feed.owner })) as FeedOwnerDoc | null;
  if (current?.token !== token) return null;
  const user = await findActiveAuthUser(feed.owner.toString());
  return user && !user.suspended ? user : null;
}

export const feedNotFound = () => HttpError.notFound(MESSAGES.feeds.notFound);

const f = MESSAGES.feeds;

/** The product that writes the feeds (whatever brand the gym shows: that is the calendar's name). */
const PRODUCT_ID = '-//Pulso//Calendario de clases//ES';

/** Where a class is given: its sede's name and address, each sede read once. */
function placesOf(lessons: ReadonlyMap<string, LessonListItemDto>) {
  const branches = new Map<string, Promise<BranchDto | null>>();
  return async (lessonId: string): Promise<string> => {
    const lesson = lessons.get(lessonId);
    if (!lesson?.officeId) return lesson?.branchoffice ?? '';
    let branch = branches.get(lesson.officeId);
    if (!branch) {
      branch = getBranch(lesson.officeId).catch(() => null);
      branches.set(lesson.officeId, branch);
    }
    const found = await branch;
    return found ? [found.name, found.location].filter(Boolean).join(', ') : lesson.branchoffice;
  };
}

/**
 * The owner's calendar as iCalendar text: the sessions they hold a place in (not those they wait
 * for; standing bookings of their schedule included) from CALENDAR_FEED.pastDays ago to the booking horizon, and for a trainer the sessions they
 * teach from then to CALENDAR_FEED.teachingDays ahead. Each is one event with the session's id as
 * its UID; a session the gym cancelled stays, as cancelled, so the apps show it called off.
 */
export async function feedText(
  owner: AuthUser,
  rules: BookingRules,
  gymName: string,
  now = new Date(),
): Promise<string> {
  const id = new Types.ObjectId(owner.id);
  const today = gymDate(now, rules.timeZone);
  const since = addDays(today, -CALENDAR_FEED.pastDays);
  const [booked, taught, lessons] = await Promise.all([
    bookedSessions(id, since, addDays(today, rules.opensDays), rules, owner.schedule),
    owner.isMonitor
      ? teachingSessions(id, since, addDays(today, CALENDAR_FEED.teachingDays), rules, now)
      : Promise.resolve([]),
    currentLessonsWhere(() => true),
  ]);
  const byId = new Map(lessons.map((l) => [l.id, l]));
  const placeOf = placesOf(byId);
  const about = (lessonId: string) => byId.get(lessonId)?.shortDescription ?? '';
  const instant = (local: string) => gymInstant(local, rules.timeZone);
  const lines = (...parts: string[]) => parts.filter(Boolean).join('\n');

  const events = new Map<string, IcalEvent>();
  for (const s of taught) {
    events.set(s.id, {
      uid: `${s.id}@pulso`,
      start: instant(s.start),
      end: instant(s.end),
      summary: s.lessonName,
      location: await placeOf(s.lessonId),
      description: lines(
        s.cancelled ? f.cancelled(s.cancelReason) : '',
        s.substituting ? f.substituting : f.teaching,
        s.cancelled ? '' : f.places(s.taken, s.capacity, s.waiting),
        about(s.lessonId),
      ),
      cancelled: s.cancelled,
    });
  }
  for (const b of booked) {
    // A session they teach and hold a place in is listed once, as taught.
    if (events.has(b.session)) continue;
    events.set(b.session, {
      uid: `${b.session}@pulso`,
      start: instant(b.start),
      end: instant(b.end),
      summary: b.lessonName,
      location: await placeOf(b.lessonId),
      description: lines(b.cancelled ? f.cancelled(b.cancelReason) : f.booked(b.seat), about(b.lessonId)),
      cancelled: b.cancelled,
    });
  }
  const sorted = [...events.values()].sort((a, b) => a.start.getTime() - b.start.getTime());
  return icalendar({ name: gymName, prodId: PRODUCT_ID, events: sorted, now });
}
