import mongoose, { type Types } from 'mongoose';
import { addDays, emptySessionState, effectiveCapacity, type SessionState, type SessionTerms } from '@pulso/shared';
import { withDocumentLock } from '../../lib/document-lock';
import { readCache } from '../../lib/read-cache';
import { SessionModel } from './bookings.model';

/**
 * Standing bookings: the spec's 'Añadir clase'. A member who adds a class to their schedule holds a
 * place in each of its sessions from that day on, while their membership lasts (or waits for one
 * when a session is full), until they remove the class.
 *
 * The class's standing members are one document (`standing_bookings`, `_id` = the class's id), in
 * the order they joined, each with the first and last date they hold (`since`, `until`: their
 * membership's end when they joined, moved when it is renewed). A session nothing happened to yet
 * is not stored (bookings.model.ts): its state is the one its standing members give it, the first
 * ones by the class's 'Cupo' holding places and the others waiting, in the order they joined
 * (`standingState`). The engine starts a session's first batch from that same state, so a session
 * read before and after it is first stored agrees. A member who joins when some sessions are
 * stored already is booked into each of them (`bookings.service.ts`).
 */

export const STANDING_BOOKINGS = 'standing_bookings';

export interface StandingMember {
  member: Types.ObjectId;
  /** The first and last dates (`YYYY-MM-DD`) the member holds a place in (until null: no end). */
  since: string;
  until: string | null;
  /** When they joined: the order places are given in. */
  at: Date;
  /** Dates in between they do not hold (their membership's pauses: membership-pauses.ts). */
  off?: DateWindow[];
}

/** A run of gym dates, first and last included (`YYYY-MM-DD`). */
export interface DateWindow {
  from: string;
  until: string;
}

/** Whether a standing member with these dates holds the class's session on `date`. */
export const holdsOn = (s: Pick<StandingMember, 'since' | 'until' | 'off'>, date: string) =>
  s.since <= date &&
  (s.until === null || s.until >= date) &&
  !(s.off ?? []).some((o) => o.from <= date && date <= o.until);

/** `windows` with `window` added (once). */
export const withWindow = (windows: readonly DateWindow[] | undefined, window: DateWindow): DateWindow[] =>
  (windows ?? []).some((o) => o.from === window.from && o.until === window.until)
    ? [...(windows ?? [])]
    : [...(windows ?? []), window].sort((a, b) => (a.from < b.from ? -1 : 1));

/**
 * Which of the class's sessions are stored: every date before `since` may be (the list forgot
 * them), and from `since` on exactly those in `dates`. A view of a date that is not stored needs no
 * read of it: its state is its standing members'.
 */
export interface StoredDates {
  since: string;
  dates: string[];
}

interface StandingDoc {
  _id: Types.ObjectId;
  members?: StandingMember[];
  /** Goes up by one with each change of `members` (the seats board keeps the latest: bookings.seats.ts). */
  v?: number;
  /** Appended by each session's first store, under the standing lock (bookings.engine.ts). */
  stored?: StoredDates;
}

/** The class's standing members and its stored sessions' dates, as views read them. */
export interface StandingView {
  members: StandingMember[];
  stored: StoredDates;
}

/** How long a stored session's date is kept on the list (older dates are read by `_id`). */
const STORED_KEEP_DAYS = 92;

const NONE_STORED: StoredDates = { since: '', dates: [] };

/** The class's standing members after a change, and the version of the document that holds them. */
export interface StandingChange {
  members: StandingMember[];
  version: number;
}

const standing = () => mongoose.connection.collection<StandingDoc>(STANDING_BOOKINGS);

/** The class's standing members as stored (what a session's first batch starts from). */
export async function readStanding(lessonId: Types.ObjectId): Promise<StandingMember[]> {
  return ((await standing().findOne({ _id: lessonId })) as StandingDoc | null)?.members ?? [];
}

/**
 * The class's standing members and stored dates, through the read cache (any write to them drops
 * it), for views.
 */
export function standingViewOf(lessonId: Types.ObjectId): Promise<StandingView> {
  return readCache.get(
    `standing:${lessonId.toString()}`,
    async () => {
      const doc = (await standing().findOne({ _id: lessonId })) as StandingDoc | null;
      return { members: doc?.members ?? [], stored: doc?.stored ?? NONE_STORED };
    },
    () => 1_000,
  );
}

/** The class's standing members, through the read cache, for views. */
export const standingOf = async (lessonId: Types.ObjectId) => (await standingViewOf(lessonId)).members;

/** Whether the class's session on `date` may be stored (else it is its standing members'). */
export const mayBeStored = (stored: StoredDates, date: string) => date < stored.since || stored.dates.includes(date);

/**
 * The class's session on `date` is being stored for the first time: its date goes on the list
 * (dates older than STORED_KEEP_DAYS leave it). The caller holds the class's standing lock.
 */
export async function recordStored(lessonId: Types.ObjectId, date: string, now: Date): Promise<void> {
  const doc = (await standing().findOne({ _id: lessonId }, { projection: { stored: 1 } })) as StandingDoc | null;
  const current = doc?.stored ?? NONE_STORED;
  if (mayBeStored(current, date)) return;
  const cutoff = addDays(now.toISOString().slice(0, 10), -STORED_KEEP_DAYS);
  const kept = current.dates.filter((d) => d >= cutoff);
  const since = kept.length < current.dates.length && cutoff > current.since ? cutoff : current.since;
  const stored: StoredDates = { since, dates: [...kept, date].sort() };
  await standing().updateOne({ _id: lessonId }, { $set: { stored } }, { upsert: true });
}

/** Every class's stored sessions' dates made anew from the sessions (a migration). */
export async function rebuildStoredDates(): Promise<number> {
  const sessions = mongoose.connection
    .collection(SessionModel.collection.collectionName)
    .find({}, { projection: { lesson: 1, date: 1 } }) as unknown as AsyncIterable<{
    lesson: Types.ObjectId;
    date: string;
  }>;
  const byClass = new Map<string, { lesson: Types.ObjectId; dates: Set<string> }>();
  for await (const s of sessions) {
    const key = s.lesson.toString();
    const entry = byClass.get(key) ?? { lesson: s.lesson, dates: new Set<string>() };
    entry.dates.add(s.date);
    byClass.set(key, entry);
  }
  for (const { lesson, dates } of byClass.values()) {
    const stored: StoredDates = { since: '', dates: [...dates].sort() };
    await standing().updateOne({ _id: lesson }, { $set: { stored } }, { upsert: true });
  }
  return byClass.size;
}

/**
 * Runs `work` holding the class's standing lock: members join or leave one at a time, each booked
 * into (or out of) the stored sessions before the next, so every session gives its places in the
 * order members joined.
 */
export const withStandingLock = <T>(lessonId: Types.ObjectId, work: () => Promise<T>) =>
  withDocumentLock(`standing:${lessonId.toString()}`, work);

/** The standing members who hold the session on `date`, in the order they joined. */
export const standingOn = (members: readonly StandingMember[], date: string) =>
  members.filter((s) => holdsOn(s, date)).sort((a, b) => a.at.getTime() - b.at.getTime());

/**
 * The state of a session nothing happened to yet: its standing members on its date, the first ones
 * by its class's capacity holding seats 1, 2, ... and the others on the waitlist.
 */
export function standingState(
  members: readonly StandingMember[],
  date: string,
  terms: Pick<SessionTerms, 'classCapacity'>,
): SessionState {
  const state = emptySessionState();
  const capacity = effectiveCapacity(state, terms);
  standingOn(members, date).forEach((s, i) => {
    const member = s.member.toString();
    if (i < capacity) state.confirmed.push({ member, seat: i + 1, at: s.at, promoted: false, checkedIn: null });
    else state.waitlist.push({ member, at: s.at });
  });
  return state;
}

/**
 * Changes the class's standing members; the caller holds the class's standing lock. Answers them
 * after the change (null: `change` changed nothing).
 */
async function changeStanding(
  lessonId: Types.ObjectId,
  change: (members: StandingMember[]) => StandingMember[] | null,
): Promise<StandingChange | null> {
  const doc = (await standing().findOne({ _id: lessonId })) as StandingDoc | null;
  const members = change(doc?.members ?? []);
  if (!members) return null;
  const version = (doc?.v ?? 0) + 1;
  await standing().updateOne({ _id: lessonId }, { $set: { members, v: version } }, { upsert: true });
  return { members, version };
}

/**
 * The member holds the class from `since` to `until` but on the `off` dates (joining again keeps
 * their first place in line and the dates they were off).
 */
export function addStandingMember(
  lessonId: Types.ObjectId,
  member: Types.ObjectId,
  since: string,
  until: string | null,
  now: Date,
  off: readonly DateWindow[] = [],
): Promise<StandingChange | null> {
  return changeStanding(lessonId, (members) => {
    const current = members.find((s) => s.member.equals(member));
    const windows = off.reduce<DateWindow[]>((all, w) => withWindow(all, w), [...(current?.off ?? [])]);
    const offChanged = windows.length !== (current?.off ?? []).length;
    if (current && current.since <= since && current.until === until && !offChanged) return null;
    const others = members.filter((s) => !s.member.equals(member));
    const joined: StandingMember = { member, since: current ? current.since : since, until, at: current?.at ?? now };
    return [...others, windows.length > 0 ? { ...joined, off: windows } : joined];
  });
}

/**
 * The member does not hold the class on the dates of `window` (a pause); the sessions stored
 * already are changed by the caller, who holds the class's standing lock.
 */
export function setStandingOff(
  lessonId: Types.ObjectId,
  member: Types.ObjectId,
  window: DateWindow,
): Promise<StandingChange | null> {
  return changeStanding(lessonId, (members) => {
    const current = members.find((s) => s.member.equals(member));
    if (!current) return null;
    const off = withWindow(current.off, window);
    if (off.length === (current.off ?? []).length) return null;
    return members.map((s) => (s.member.equals(member) ? { ...s, off } : s));
  });
}

/** The member no longer holds the class (the sessions stored already are changed by the caller). */
export function removeStandingMember(lessonId: Types.ObjectId, member: Types.ObjectId): Promise<StandingChange | null> {
  return changeStanding(lessonId, (members) =>
    members.some((s) => s.member.equals(member)) ? members.filter((s) => !s.member.equals(member)) : null,
  );
}

/** The member's standing places now end on `until` (a membership renewed or ended). */
export function moveStandingEnd(
  lessonId: Types.ObjectId,
  member: Types.ObjectId,
  until: string | null,
): Promise<StandingChange | null> {
  return withStandingLock(lessonId, () =>
    changeStanding(lessonId, (members) => {
      const current = members.find((s) => s.member.equals(member));
      if (!current || current.until === until) return null;
      return members.map((s) => (s.member.equals(member) ? { ...s, until } : s));
    }),
  );
}

/**
 * Every class that has standing members or stored sessions, with them and their version, by the
 * class's id: one read of a collection with a document per such class (the attendance job, the seats
 * board made anew). A class not on it has neither.
 */
export async function allStandingViews(): Promise<Map<string, StandingView & { version: number }>> {
  const docs = (await standing().find({}).toArray()) as StandingDoc[];
  return new Map(
    docs.map((d) => [
      d._id.toString(),
      { members: d.members ?? [], stored: d.stored ?? NONE_STORED, version: d.v ?? 0 },
    ]),
  );
}
