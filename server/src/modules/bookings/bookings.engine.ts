import mongoose, { Types } from 'mongoose';
import {
  applySessionBatch,
  emptySessionState,
  type SeatEntry,
  type SessionOutcome,
  type SessionRequest,
  type SessionState,
  type SessionTerms,
} from '@pulso/shared';
import { CombinedWrites } from '../../lib/combined-writes';
import { LockedBatches } from '../../lib/locked-batches';
import {
  placeKey,
  PlaceKeyModel,
  SessionModel,
  waitlistOf,
  waitlistText,
  type PlaceKeyDoc,
  type SessionDoc,
} from './bookings.model';
import { storeNotices } from './bookings.notices';
import {
  mayBeStored,
  readStanding,
  recordStored,
  standingState,
  standingViewOf,
  withStandingLock,
} from './bookings.standing';
import { seatsChanged } from './bookings.seats';

/**
 * The places of one class session, changed by batches of requests under the session's document
 * lock (LockedBatches): requests are applied in the order they arrived, by the shared rules
 * (`applySessionBatch`, @pulso/shared sessions/rules.ts), so when bookings open the first ones get
 * the places and the rest wait in the order they came.
 *
 * Every new place is also inserted under its seat's key (`session_places`), which only one writer
 * can do: the hard guarantee that no seat is given twice, even if a lock holder stalled past its
 * lease while another one took over.
 */

export type { SessionOutcome, SessionRequest };

/** What the service knows of the session before it is stored: from its class and the chain's rules. */
export interface SessionFrame extends SessionTerms {
  id: string;
  lesson: Types.ObjectId;
  lessonName: string;
  date: string;
  start: string;
  end: string;
}

/** The stored session as the rules read it (members by their ids' text). */
export function stateOf(doc: SessionDoc | null): SessionState {
  if (!doc) return emptySessionState();
  return {
    capacity: doc.capacity ?? null,
    confirmed: doc.confirmed.map((p) => ({
      member: p.member.toString(),
      seat: p.seat,
      at: p.at,
      promoted: !!p.promoted,
      checkedIn: p.checkedIn ?? null,
    })),
    waitlist: waitlistOf(doc.waitlist),
    cancellations: doc.cancellations.map((c) => ({
      member: c.member.toString(),
      at: c.at,
      late: !!c.late,
      held: !!c.held,
    })),
    notices: doc.notices.map((n) => ({ id: n.id, member: n.member.toString(), kind: n.kind, at: n.at })),
    cancelledAt: doc.cancelledAt ?? null,
    cancelReason: doc.cancelReason ?? '',
    trainer: doc.trainer ? doc.trainer.toString() : null,
    closedAt: doc.closedAt ?? null,
    version: doc.version ?? 0,
  };
}

const oid = (id: string) => new Types.ObjectId(id);

function docOf(
  frame: SessionFrame,
  state: SessionState,
  stored: SessionDoc | null,
  now: Date,
): Omit<SessionDoc, '_id'> {
  return {
    lesson: frame.lesson,
    date: frame.date,
    start: frame.start,
    end: frame.end,
    capacity: state.capacity,
    confirmed: state.confirmed.map((p) => ({ ...p, member: oid(p.member) })),
    waitlist: waitlistText(state.waitlist),
    cancellations: state.cancellations.map((c) => ({ ...c, member: oid(c.member) })),
    notices: state.notices.map((n) => ({ ...n, member: oid(n.member) })),
    cancelledAt: state.cancelledAt,
    cancelReason: state.cancelReason,
    trainer: state.trainer ? oid(state.trainer) : null,
    closedAt: state.closedAt,
    version: state.version,
    createdAt: stored?.createdAt ?? now,
    updatedAt: now,
  } as Omit<SessionDoc, '_id'>;
}

const sessions = () => mongoose.connection.collection<SessionDoc>(SessionModel.collection.collectionName);
const places = () => mongoose.connection.collection<PlaceKeyDoc>(PlaceKeyModel.collection.collectionName);

/** Another writer holds a seat this batch meant to give: the stored state was stale; read it again. */
class StaleSessionError extends Error {}

/** The session was never stored and the batch may not store it first (see storeFirst). */
class NotStoredError extends Error {}

/** Seat keys inserted at the same moment go in one command. */
const placeWrites = new CombinedWrites(() => mongoose.connection.collection(PlaceKeyModel.collection.collectionName));

/** Inserts a seat's key; false when the key is there already. */
const insertKey = (_id: string, place: SeatEntry): Promise<boolean> =>
  placeWrites.insert({ _id, member: oid(place.member), at: place.at });

/**
 * Inserts the key of every place the batch gives. A key that exists already is this batch's own
 * (a retry), a leftover of a place given up whose key was not deleted (a crash between the two
 * writes: the session's document, written after the key, says the seat is free), or another
 * writer's: then the state this batch started from is stale, and the keys it inserted go again.
 * Every step is a point operation by `_id`.
 */
async function claimSeats(id: string, given: SeatEntry[], stored: SessionDoc | null): Promise<void> {
  // Every key is tried at once (one command: lib/combined-writes.ts); those already there are
  // looked at one by one.
  const first = await Promise.all(given.map((place) => insertKey(placeKey(id, place.seat), place)));
  const inserted: string[] = given.filter((_, i) => first[i]).map((place) => placeKey(id, place.seat));
  try {
    for (const [i, place] of given.entries()) {
      if (first[i]) continue;
      const _id = placeKey(id, place.seat);
      const existing = await places().findOne({ _id });
      if (existing?.member.toString() === place.member) continue;
      const storedAt = stored?.updatedAt ? new Date(stored.updatedAt).getTime() : 0;
      const leftover =
        existing && existing.at.getTime() < storedAt && !stored?.confirmed.some((p) => p.seat === place.seat);
      if (!leftover) throw new StaleSessionError(`seat ${place.seat} of ${id} is held by another writer`);
      await places().deleteOne({ _id });
      if (!(await insertKey(_id, place)))
        throw new StaleSessionError(`seat ${place.seat} of ${id} was taken meanwhile`);
      inserted.push(_id);
    }
  } catch (error) {
    if (error instanceof StaleSessionError) await Promise.all(inserted.map((_id) => places().deleteOne({ _id })));
    throw error;
  }
}

/** Deletes the key of a place given up, unless another writer holds that seat by now. */
async function releaseSeat(id: string, place: SeatEntry): Promise<void> {
  const _id = placeKey(id, place.seat);
  const existing = await places().findOne({ _id });
  if (existing?.member.toString() === place.member) await places().deleteOne({ _id });
}

/**
 * One batch: read the session, apply the requests in order, claim the seats given, write the
 * session, release the seats given up. A session never stored is stored only when `mayStoreFirst`
 * (its class's standing lock is held). Exported for the tests that play two processes whose locks
 * overlapped (the seat keys must still hold the capacity); everything else goes through
 * changeSession().
 */
export async function handleBatch(
  frame: SessionFrame,
  requests: SessionRequest[],
  now: Date,
  mayStoreFirst = true,
  hold: { stored?: SessionDoc } = {},
): Promise<BatchResult> {
  for (let attempt = 0; ; attempt++) {
    // In a hold of the lock that went on from an earlier batch, the session is as that batch wrote
    // it (no other writer could change it meanwhile): it is not read again.
    const carried = attempt === 0 ? hold.stored : undefined;
    hold.stored = undefined;
    const stored = carried ?? ((await sessions().findOne({ _id: frame.id })) as SessionDoc | null);
    if (!stored && !mayStoreFirst) throw new NotStoredError(frame.id);
    // The seats whose keys are held; a session stored for the first time (storeFirst, under the
    // class's standing lock) starts from its standing members' places, whose keys this batch claims.
    const before = stateOf(stored);
    const state = stored ? stateOf(stored) : standingState(await readStanding(frame.lesson), frame.date, frame);
    const outcomes = applySessionBatch(state, frame, requests, now);
    const placeId = (p: SeatEntry) => `${p.seat}:${p.member}`;
    const held = new Set(before.confirmed.map(placeId));
    const kept = new Set(state.confirmed.map(placeId));
    const given = state.confirmed.filter((p) => !held.has(placeId(p)));
    const gone = before.confirmed.filter((p) => !kept.has(placeId(p)));
    // A seat given up and given again in this batch changes hands: its key is deleted first.
    const regiven = new Set(given.map((p) => p.seat));
    await Promise.all(gone.filter((p) => regiven.has(p.seat)).map((place) => releaseSeat(frame.id, place)));
    try {
      await claimSeats(frame.id, given, stored);
    } catch (error) {
      if (error instanceof StaleSessionError && attempt < 3) continue;
      throw error;
    }
    state.version = before.version + 1;
    // A first store puts the date on its class's list first (views of the dates not on it read no
    // session); the class's standing lock is held.
    if (!stored) await recordStored(frame.lesson, frame.date, now);
    const written = docOf(frame, state, stored, now);
    await sessions().replaceOne({ _id: frame.id }, written, { upsert: true });
    hold.stored = { _id: frame.id, ...written } as SessionDoc;
    await Promise.all(gone.filter((p) => !regiven.has(p.seat)).map((place) => releaseSeat(frame.id, place)));
    const known = new Set(before.notices.map((n) => n.id));
    const notices = await storeNotices(
      { id: frame.id, lessonName: frame.lessonName, start: frame.start, reason: state.cancelReason },
      state.notices.filter((n) => !known.has(n.id)),
    );
    return { outcomes, notices, state };
  }
}

/**
 * A batch's outcomes, one per request, the messages its notices became (bookings.notices.ts), and
 * the session as the batch stored it.
 */
export interface BatchResult {
  outcomes: SessionOutcome[];
  notices: string[];
  state: SessionState;
}

interface Queued {
  frame: SessionFrame;
  request: SessionRequest;
  /** The caller holds the class's standing lock (the batch may store the session for the first time). */
  standingHeld: boolean;
}

/** What one request's batch did: its outcome, the batch's notices, and the session as stored after it. */
export interface SessionChange {
  outcome: SessionOutcome;
  notices: string[];
  state: SessionState;
}

const batches = new LockedBatches<Queued, SessionChange>(
  (id) => `session:${id}`,
  async (_id, items, hold) => {
    const frame = (items.at(-1) as Queued).frame;
    const { outcomes, notices, state } = await handleBatch(
      frame,
      items.map((i) => i.request),
      new Date(),
      items.some((i) => i.standingHeld),
      hold as { stored?: SessionDoc },
    );
    return outcomes.map((outcome) => ({ outcome, notices, state }));
  },
);

/** Sessions of this process being stored for the first time: one store each, whoever asks. */
const firstStores = new Map<string, Promise<unknown>>();

/**
 * Stores a session that never was, from its class's standing members (a `touch` batch), holding the
 * class's standing lock: members join and leave the class under that lock too, so a session's first
 * state never misses one who joined meanwhile (joinStanding books only the sessions stored already).
 */
function storeFirst(frame: SessionFrame): Promise<unknown> {
  let pending = firstStores.get(frame.id);
  if (!pending) {
    pending = withStandingLock(frame.lesson, async () => {
      // Another server may have stored it while this one waited for the lock.
      if (await sessions().findOne({ _id: frame.id }, { projection: { _id: 1 } })) return;
      await batches.submit(frame.id, { frame, request: { op: 'touch' }, standingHeld: true });
    }).finally(() => firstStores.delete(frame.id));
    firstStores.set(frame.id, pending);
  }
  return pending;
}

/**
 * Applies `request` to the session `frame.id`, in the order requests for it arrived; resolves with
 * its outcome and the messages its batch left to send (every request of the batch gets them: sending
 * one twice is refused by its lease). A session never stored is stored first (storeFirst), and the
 * request then goes again; `standingHeld`: the caller holds the class's standing lock, so the batch
 * may store it itself.
 */
export async function changeSession(
  frame: SessionFrame,
  request: SessionRequest,
  {
    standingHeld = false,
    alongside,
  }: {
    standingHeld?: boolean;
    /** Work that follows the change, run at the same time as the seats board's write. */
    alongside?: (change: SessionChange) => Promise<unknown>;
  } = {},
): Promise<SessionChange> {
  // A session its class's list says was never stored is stored first: its first batch would only
  // find it missing and give up (three round trips more for the first requests when bookings open).
  if (!standingHeld && !mayBeStored((await standingViewOf(frame.lesson)).stored, frame.date)) await storeFirst(frame);
  for (;;) {
    try {
      const change = await batches.submit(frame.id, { frame, request, standingHeld });
      // The class list's seats (bookings.seats.ts) follow before the request is answered, outside
      // the session's lock (the board's writes gather every session's changes meanwhile).
      await Promise.all([seatsChanged(frame.id, change.state), alongside?.(change)]);
      return change;
    } catch (error) {
      if (!(error instanceof NotStoredError)) throw error;
      await storeFirst(frame);
    }
  }
}
