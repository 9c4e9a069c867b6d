import type { BookingResultDto, ClassSessionDto, SessionRosterDto } from '../schemas/sessions';
import { MESSAGES } from '../validation/messages';

/**
 * The rules of a session's places, on its state alone: the server applies them to the stored
 * session under its lock (server/src/modules/bookings/bookings.engine.ts), the mock to its own
 * record, so both answer alike.
 *
 * - a member books: a place while fewer than the capacity are confirmed and nobody waits (or the
 *   late-cancel limit has passed: then a freed place is anyone's); otherwise the end of the waitlist;
 * - a member cancels: their place (or waitlist entry) goes; a place given up after the late-cancel
 *   limit is recorded as a late cancel;
 * - after every change the first waiting members take the free places, until the late-cancel limit
 *   (each promotion leaves a notice, to be mailed);
 * - a lower capacity keeps every confirmed place (the session is then full), a higher one promotes;
 * - a cancelled session takes no bookings; its members get a notice.
 */

export interface SeatEntry {
  member: string;
  seat: number;
  /** When the place was confirmed (booked, or promoted from the waitlist). */
  at: Date;
  /** Whether the member came off the waitlist. */
  promoted: boolean;
  /** When the member was checked in at the sede (null: not yet). */
  checkedIn: Date | null;
}

export interface WaitEntry {
  member: string;
  at: Date;
}

export interface CancelEntry {
  member: string;
  at: Date;
  /** Cancelled inside the late-cancel limit. */
  late: boolean;
  /** Whether they held a place (else they left the waitlist). */
  held: boolean;
}

/** A message owed to a member about the session; `id` is unique within the session. */
export interface SessionNotice {
  id: string;
  member: string;
  kind: 'promoted' | 'session-cancelled' | 'schedule-changed';
  at: Date;
}

export interface SessionState {
  /** The session's own capacity (null: its class's). */
  capacity: number | null;
  confirmed: SeatEntry[];
  waitlist: WaitEntry[];
  cancellations: CancelEntry[];
  notices: SessionNotice[];
  cancelledAt: Date | null;
  cancelReason: string;
  /** A substitute trainer's id for this session only (null: the class's). */
  trainer: string | null;
  /**
   * When attendance was closed after the session ended: from then on a confirmed place nobody
   * checked in to is a no-show (null: still open).
   */
  closedAt: Date | null;
  /** Incremented by every write. */
  version: number;
}

/** What the rules need to know of a session besides its state. */
export interface SessionTerms {
  /** The class's capacity ('Cupo'). */
  classCapacity: number;
  /** From this instant a cancel is late and freed places are no longer offered to the waitlist. */
  lateFrom: Date;
}

export type SessionRequest =
  | { op: 'book'; member: string }
  | { op: 'cancel'; member: string }
  | { op: 'capacity'; capacity: number | null }
  | { op: 'trainer'; trainer: string | null }
  | { op: 'cancel-session'; reason: string }
  | { op: 'check-in'; member: string }
  | { op: 'close' }
  /** Stores the session as it stands (a session nothing happened to: its standing members' places). */
  | { op: 'touch' };

export type SessionOutcome =
  | { result: 'confirmed'; seat: number; already: boolean }
  | { result: 'waitlisted'; position: number; already: boolean }
  | { result: 'cancelled'; late: boolean; held: boolean }
  | { result: 'not-booked' }
  | { result: 'session-cancelled' }
  | { result: 'checked-in'; seat: number; already: boolean }
  | { result: 'done' };

export const emptySessionState = (): SessionState => ({
  capacity: null,
  confirmed: [],
  waitlist: [],
  cancellations: [],
  notices: [],
  cancelledAt: null,
  cancelReason: '',
  trainer: null,
  closedAt: null,
  version: 0,
});

export const copySessionState = (s: SessionState): SessionState => ({
  ...s,
  confirmed: s.confirmed.map((e) => ({ ...e })),
  waitlist: s.waitlist.map((e) => ({ ...e })),
  cancellations: s.cancellations.map((e) => ({ ...e })),
  notices: s.notices.map((e) => ({ ...e })),
});

/** The places a session has left: none once cancelled, never fewer than none (a lowered capacity). */
export const seatsLeftOf = (capacity: number, taken: number, cancelled: boolean) =>
  cancelled ? 0 : Math.max(0, capacity - taken);

export const effectiveCapacity = (state: Pick<SessionState, 'capacity'>, terms: Pick<SessionTerms, 'classCapacity'>) =>
  state.capacity ?? terms.classCapacity;

/** The lowest seat from 1 to the capacity nobody holds (undefined: none). */
function freeSeat(state: SessionState, capacity: number): number | undefined {
  const held = new Set(state.confirmed.map((p) => p.seat));
  for (let seat = 1; seat <= capacity; seat++) if (!held.has(seat)) return seat;
  return undefined;
}

/** Gives free places to the first waiting members, while promotions are still made. */
function promote(state: SessionState, terms: SessionTerms, now: Date): void {
  if (state.cancelledAt || now >= terms.lateFrom) return;
  const capacity = effectiveCapacity(state, terms);
  while (state.waitlist.length > 0 && state.confirmed.length < capacity) {
    const seat = freeSeat(state, capacity);
    if (seat === undefined) return;
    const next = state.waitlist.shift() as WaitEntry;
    state.confirmed.push({ member: next.member, seat, at: now, promoted: true, checkedIn: null });
    state.notices.push({
      id: `promoted:${next.member}:${state.version + 1}:${seat}`,
      member: next.member,
      kind: 'promoted',
      at: now,
    });
  }
}

const holds = (state: SessionState, member: string) =>
  state.confirmed.some((p) => p.member === member) || state.waitlist.some((w) => w.member === member);

/** Applies one request to the state (in place). */
export function applySessionRequest(
  state: SessionState,
  terms: SessionTerms,
  request: SessionRequest,
  now: Date,
): void {
  switch (request.op) {
    case 'book': {
      if (state.cancelledAt || holds(state, request.member)) return;
      const capacity = effectiveCapacity(state, terms);
      const queueOpen = state.waitlist.length === 0 || now >= terms.lateFrom;
      const seat = queueOpen && state.confirmed.length < capacity ? freeSeat(state, capacity) : undefined;
      if (seat !== undefined) {
        state.confirmed.push({ member: request.member, seat, at: now, promoted: false, checkedIn: null });
      } else state.waitlist.push({ member: request.member, at: now });
      return;
    }
    case 'cancel': {
      const { member } = request;
      const place = state.confirmed.findIndex((p) => p.member === member);
      if (place >= 0) {
        state.confirmed.splice(place, 1);
        state.cancellations.push({ member, at: now, late: now >= terms.lateFrom, held: true });
      } else {
        const waiting = state.waitlist.findIndex((w) => w.member === member);
        if (waiting < 0) return;
        state.waitlist.splice(waiting, 1);
        state.cancellations.push({ member, at: now, late: false, held: false });
      }
      promote(state, terms, now);
      return;
    }
    case 'capacity':
      state.capacity = request.capacity;
      promote(state, terms, now);
      return;
    case 'check-in': {
      // Attendance is final once closed: a member marked no-show stays one.
      if (state.cancelledAt || state.closedAt) return;
      const place = state.confirmed.find((p) => p.member === request.member);
      if (place && !place.checkedIn) place.checkedIn = now;
      return;
    }
    case 'close':
      if (!state.closedAt) state.closedAt = now;
      return;
    case 'touch':
      return;
    case 'trainer':
      state.trainer = request.trainer;
      return;
    case 'cancel-session':
      if (state.cancelledAt) return;
      state.cancelledAt = now;
      state.cancelReason = request.reason;
      for (const entry of [...state.confirmed, ...state.waitlist]) {
        state.notices.push({
          id: `session-cancelled:${entry.member}`,
          member: entry.member,
          kind: 'session-cancelled',
          at: now,
        });
      }
  }
}

/**
 * A request's outcome, read from the state after its whole batch (`before`: the state the batch
 * started from), so a member promoted later in the batch shows confirmed.
 */
export function sessionOutcome(state: SessionState, request: SessionRequest, before: SessionState): SessionOutcome {
  if (request.op === 'check-in') return checkInOutcome(state, request.member, before);
  if (request.op !== 'book' && request.op !== 'cancel') return { result: 'done' };
  const { member } = request;
  const wasHeld = holds(before, member);
  if (request.op === 'cancel') {
    const entry = [...state.cancellations].reverse().find((c) => c.member === member);
    return entry && wasHeld ? { result: 'cancelled', late: entry.late, held: entry.held } : { result: 'not-booked' };
  }
  if (state.cancelledAt) return { result: 'session-cancelled' };
  const place = state.confirmed.find((p) => p.member === member);
  if (place) return { result: 'confirmed', seat: place.seat, already: wasHeld };
  const position = state.waitlist.findIndex((w) => w.member === member);
  if (position >= 0) return { result: 'waitlisted', position: position + 1, already: wasHeld };
  return { result: 'not-booked' };
}

/** A check-in's outcome: `already` when the member was checked in before this request (`before`). */
function checkInOutcome(state: SessionState, member: string, before: SessionState): SessionOutcome {
  const place = state.confirmed.find((p) => p.member === member);
  if (!place?.checkedIn) return state.cancelledAt ? { result: 'session-cancelled' } : { result: 'not-booked' };
  const earlier = before.confirmed.find((p) => p.member === member)?.checkedIn;
  return { result: 'checked-in', seat: place.seat, already: !!earlier };
}

/**
 * Applies a batch of requests in order and answers each one's outcome, from the state after the
 * whole batch; a check-in from the state just before it, so of two in one batch the second says
 * the member was already in.
 */
export function applySessionBatch(
  state: SessionState,
  terms: SessionTerms,
  requests: readonly SessionRequest[],
  now: Date,
): SessionOutcome[] {
  const before = copySessionState(state);
  const checkedBefore = requests.map((request) => {
    const previous = request.op === 'check-in' ? copySessionState(state) : null;
    applySessionRequest(state, terms, request, now);
    return previous;
  });
  return requests.map((request, i) => {
    const previous = checkedBefore[i];
    return request.op === 'check-in' && previous
      ? checkInOutcome(state, request.member, previous)
      : sessionOutcome(state, request, before);
  });
}

/** A session as a member (or a visitor: `member` null) sees it, from its state and its times. */
export function sessionView(args: {
  id: string;
  lessonId: string;
  lessonName: string;
  date: string;
  start: string;
  end: string;
  state: SessionState;
  terms: SessionTerms;
  /** When bookings open, and when the session starts (and they close). */
  opensAt: Date;
  startsAt: Date;
  member: string | null;
  now: Date;
  /** The substitute trainer's name, when the session has one. */
  substitute?: string | null;
}): ClassSessionDto {
  const { state, member, now } = args;
  const capacity = effectiveCapacity(state, args.terms);
  const cancelled = state.cancelledAt !== null;
  const position = member ? state.waitlist.findIndex((w) => w.member === member) : -1;
  const confirmed = member !== null && state.confirmed.some((p) => p.member === member);
  return {
    id: args.id,
    lessonId: args.lessonId,
    lessonName: args.lessonName,
    date: args.date,
    start: args.start,
    end: args.end,
    capacity,
    taken: state.confirmed.length,
    seatsLeft: seatsLeftOf(capacity, state.confirmed.length, cancelled),
    waiting: state.waitlist.length,
    cancelled,
    cancelReason: state.cancelReason,
    substitute: state.trainer ? (args.substitute ?? '') : null,
    bookable: !cancelled && now >= args.opensAt && now < args.startsAt,
    mine: confirmed
      ? { state: 'confirmed', position: null }
      : position >= 0
        ? { state: 'waitlisted', position: position + 1 }
        : null,
  };
}

/**
 * What a member is told of their booking or cancellation, with the session as it is now; null
 * when the request changed nothing of theirs (the caller answers it as a conflict).
 */
export function bookingResultOf(outcome: SessionOutcome, session: ClassSessionDto): BookingResultDto | null {
  const m = MESSAGES.bookings;
  switch (outcome.result) {
    case 'confirmed':
      return { message: outcome.already ? m.alreadyConfirmed : m.confirmed, result: 'confirmed', session };
    case 'waitlisted':
      return {
        message: outcome.already ? m.alreadyWaiting(outcome.position) : m.waitlisted(outcome.position),
        result: 'waitlisted',
        session,
      };
    case 'cancelled':
      if (!outcome.held) return { message: m.leftWaitlist, result: 'left-waitlist', session };
      return outcome.late
        ? { message: m.cancelledLate, result: 'cancelled-late', session }
        : { message: m.cancelled, result: 'cancelled', session };
    default:
      return null;
  }
}

/** Places given up inside the late-cancel limit (leaving the waitlist late is not one). */
const lateCancellations = (state: SessionState) => state.cancellations.filter((c) => c.late && c.held);

/**
 * Who is in a session, as the front desk and the admin see it: the places by seat, the waitlist in
 * order, and the late cancellations of places; `nameOf` names each member.
 */
export function sessionRosterOf(
  state: SessionState,
  nameOf: (member: string) => string,
): Omit<SessionRosterDto, 'session'> {
  return {
    confirmed: [...state.confirmed]
      .sort((a, b) => a.seat - b.seat)
      .map((e) => ({
        memberId: e.member,
        name: nameOf(e.member),
        seat: e.seat,
        at: e.at.toISOString(),
        promoted: e.promoted,
        checkedIn: e.checkedIn ? e.checkedIn.toISOString() : null,
        noShow: state.closedAt !== null && !e.checkedIn,
      })),
    waiting: state.waitlist.map((e, i) => ({
      memberId: e.member,
      name: nameOf(e.member),
      position: i + 1,
      at: e.at.toISOString(),
    })),
    lateCancels: lateCancellations(state).map((c) => ({
      memberId: c.member,
      name: nameOf(c.member),
      at: c.at.toISOString(),
    })),
  };
}

/** The members a roster names (each once). */
export function rosterMembers(state: SessionState): string[] {
  return [
    ...new Set([
      ...state.confirmed.map((e) => e.member),
      ...state.waitlist.map((e) => e.member),
      ...lateCancellations(state).map((c) => c.member),
    ]),
  ];
}
