import { Schema, model, type InferSchemaType, type Types } from 'mongoose';

/**
 * The places of class sessions. A session is one date of a class's weekly pattern; it is stored
 * (`lesson_sessions`, `_id` = `<lessonId>:<YYYY-MM-DD>`) once something happens to it: a booking, a
 * cancellation, a capacity of its own. Its document holds who has a place and who waits, so the
 * seats left, the roster and the waitlist are one point read. It is written only under its
 * document lock (bookings.engine.ts), a batch of requests at a time.
 *
 * Each confirmed place is also an insert into `session_places` under `<sessionId>#<seat>`, seat 1
 * to the capacity: a key only one writer can insert on any engine. Should a lock holder stall past
 * its lease and a second one take over, the two can still never hand out the same seat, so a
 * session never holds more confirmed places than its capacity.
 */

const placeEntrySchema = new Schema(
  {
    member: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    seat: { type: Number, required: true, min: 1 },
    /** When the place was confirmed (booked, or promoted from the waitlist). */
    at: { type: Date, required: true },
    /** Whether the member came off the waitlist. */
    promoted: { type: Boolean, default: false },
    /** When the member was checked in at the sede (null: not yet). */
    checkedIn: { type: Date, default: null },
  },
  { _id: false },
);

const cancelEntrySchema = new Schema(
  {
    member: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    at: { type: Date, required: true },
    /** Cancelled after the late-cancel limit. */
    late: { type: Boolean, default: false },
    /** Whether they held a place (else they left the waitlist). */
    held: { type: Boolean, default: true },
  },
  { _id: false },
);

/** A message owed to a member about this session, sent by the job runner (bookings.notices.ts). */
const noticeSchema = new Schema(
  {
    /** Unique within the session: the mail sent for it is keyed by it, so it goes once. */
    id: { type: String, required: true },
    member: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    kind: { type: String, enum: ['promoted', 'session-cancelled', 'schedule-changed'], required: true },
    at: { type: Date, required: true },
  },
  { _id: false },
);

const sessionSchema = new Schema(
  {
    _id: { type: String, required: true },
    lesson: { type: Schema.Types.ObjectId, ref: 'Lesson', required: true },
    /** The session's date at the gym (YYYY-MM-DD) and its local start and end (`YYYY-MM-DDTHH:mm`). */
    date: { type: String, required: true },
    start: { type: String, required: true },
    end: { type: String, required: true },
    /** This session's own capacity (null: the class's). */
    capacity: { type: Number, default: null, min: 0 },
    confirmed: { type: [placeEntrySchema], default: [] },
    /**
     * The waitlist in order, as one string: `<member id>.<when they joined, ms in base 36>` separated
     * by spaces (waitlistText). Hundreds of waiting members as objects made the document cost the
     * embedded engine several times more to read and write in every batch (docs/performance.md);
     * older documents hold an array of { member, at }, which is read alike.
     */
    waitlist: { type: Schema.Types.Mixed, default: '' },
    cancellations: { type: [cancelEntrySchema], default: [] },
    notices: { type: [noticeSchema], default: [] },
    cancelledAt: { type: Date, default: null },
    cancelReason: { type: String, default: '' },
    /** A substitute trainer for this date only (null: the class's). */
    trainer: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    /** When attendance was closed after the session ended (unchecked places are then no-shows). */
    closedAt: { type: Date, default: null },
    /** Incremented by every write. */
    version: { type: Number, default: 0 },
  },
  { versionKey: false, timestamps: true },
);

/** A waiting member as older session documents stored them. */
export interface StoredWaitEntry {
  member: Types.ObjectId;
  at: Date;
}

export type SessionDoc = Omit<InferSchemaType<typeof sessionSchema>, 'waitlist'> & {
  _id: string;
  waitlist: string | StoredWaitEntry[];
};

/** The stored form of a waitlist (see `waitlist` above). */
export function waitlistText(waitlist: readonly { member: string; at: Date }[]): string {
  return waitlist.map((w) => `${w.member}.${w.at.getTime().toString(36)}`).join(' ');
}

/** A stored waitlist read back, in order (either form). */
export function waitlistOf(stored: SessionDoc['waitlist'] | undefined | null): { member: string; at: Date }[] {
  if (!stored) return [];
  if (Array.isArray(stored)) return stored.map((w) => ({ member: w.member.toString(), at: w.at }));
  return stored
    .split(' ')
    .filter((entry) => entry !== '')
    .map((entry) => {
      const [member = '', at = '0'] = entry.split('.');
      return { member, at: new Date(parseInt(at, 36)) };
    });
}
export const SessionModel = model('LessonSession', sessionSchema, 'lesson_sessions');

/** One confirmed place: `_id` = `<sessionId>#<seat>`. */
const placeKeySchema = new Schema(
  {
    _id: { type: String, required: true },
    member: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    at: { type: Date, required: true },
  },
  { versionKey: false },
);
export type PlaceKeyDoc = InferSchemaType<typeof placeKeySchema> & { _id: string };
export const PlaceKeyModel = model('SessionPlace', placeKeySchema, 'session_places');

export const placeKey = (sessionId: string, seat: number) => `${sessionId}#${seat}`;
