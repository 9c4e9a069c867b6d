import mongoose, { type Types } from 'mongoose';
import type { AttendanceKind, MemberAttendanceDto } from '@pulso/shared';

/**
 * What each member did with their places: the sessions they came to (checked in), did not come to
 * (no-show, marked when attendance closes after the session) and gave up late. One document a member
 * (`member_attendance`, `_id` = the member's id), so the admin's view of a member is one point read.
 *
 * Written only under the member's lock (bookings.service.ts `withMemberLock`), and idempotent: an
 * entry for a session and a kind is added once, however often the job or a retried request adds it.
 */

export const MEMBER_ATTENDANCE = 'member_attendance';

export interface AttendanceEntry {
  session: string;
  lessonName: string;
  /** The session's local start (`YYYY-MM-DDTHH:mm`). */
  start: string;
  kind: AttendanceKind;
  /** When it was recorded (the check-in, the late cancel, the close). */
  at: Date;
}

interface AttendanceDoc {
  _id: Types.ObjectId;
  entries: AttendanceEntry[];
}

/** Entries of sessions that started this long ago are dropped when the record is written. */
const KEEP_DAYS = 400;

const records = () => mongoose.connection.collection<AttendanceDoc>(MEMBER_ATTENDANCE);

/** Adds the entries the member's record lacks. The caller holds the member's lock. */
export async function addAttendance(member: Types.ObjectId, added: readonly AttendanceEntry[], now: Date) {
  const doc = (await records().findOne({ _id: member })) as AttendanceDoc | null;
  const entries = doc?.entries ?? [];
  const has = (e: AttendanceEntry) => entries.some((x) => x.session === e.session && x.kind === e.kind);
  const fresh = added.filter((e) => !has(e));
  if (fresh.length === 0) return;
  // A check-in and a no-show of the same session cannot both stand: the check-in wins.
  const attended = new Set([...entries, ...fresh].filter((e) => e.kind === 'attended').map((e) => e.session));
  const cutoff = new Date(now.getTime() - KEEP_DAYS * 86_400_000).toISOString().slice(0, 16);
  const next = [...entries, ...fresh]
    .filter((e) => !(e.kind === 'no-show' && attended.has(e.session)))
    .filter((e) => e.start >= cutoff)
    .sort((a, b) => a.start.localeCompare(b.start));
  await records().replaceOne({ _id: member }, { entries: next }, { upsert: true });
}

/** The member's attendance as the admin sees it: counts and the latest entries, newest first. */
export async function attendanceOf(member: Types.ObjectId, latest = 20): Promise<MemberAttendanceDto> {
  const doc = (await records().findOne({ _id: member })) as AttendanceDoc | null;
  const entries = doc?.entries ?? [];
  const count = (kind: AttendanceKind) => entries.filter((e) => e.kind === kind).length;
  return {
    attended: count('attended'),
    noShows: count('no-show'),
    lateCancels: count('late-cancel'),
    latest: [...entries]
      .reverse()
      .slice(0, latest)
      .map((e) => ({
        sessionId: e.session,
        lessonName: e.lessonName,
        start: e.start,
        kind: e.kind,
        at: e.at.toISOString(),
      })),
  };
}
