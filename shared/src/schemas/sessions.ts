import * as z from 'zod';
import { LESSON_CAPACITY } from '../constants';
import { MESSAGES } from '../validation/messages';
import { field, text, wire } from './core';

/** A member's part in a session. */
export const bookingState = z.enum(['confirmed', 'waitlisted']);

/** One session of a class as a member or a visitor sees it: its times, places and the caller's part. */
export const classSession = z.object({
  /** `<lessonId>:<YYYY-MM-DD>` */
  id: z.string(),
  lessonId: z.string(),
  lessonName: z.string(),
  /** The gym's date and local start and end (`YYYY-MM-DDTHH:mm`). */
  date: z.string(),
  start: z.string(),
  end: z.string(),
  capacity: z.number().int(),
  /** Confirmed places. */
  taken: z.number().int(),
  seatsLeft: z.number().int(),
  waiting: z.number().int(),
  cancelled: z.boolean(),
  /** Why the gym cancelled it ('' when it was not). */
  cancelReason: z.string(),
  /** A substitute trainer's full name, for this session only (null: the class's trainer teaches). */
  substitute: z.string().nullable(),
  /** Whether bookings are open now (from the chain's window until the start). */
  bookable: z.boolean(),
  /** The caller's booking, when signed in and booked or waiting. */
  mine: z.object({ state: bookingState, position: z.number().int().nullable() }).nullable(),
});
z.globalRegistry.add(classSession, { id: 'ClassSession' });

/** A class's next session as the class list shows it: when, and its places. */
export const nextSession = classSession.pick({
  lessonId: true,
  id: true,
  date: true,
  start: true,
  end: true,
  capacity: true,
  seatsLeft: true,
  waiting: true,
  cancelled: true,
});
z.globalRegistry.add(nextSession, { id: 'NextSession' });

/** A session of a sede's weekly timetable: its class's name, its places, and whether it has started. */
export const timetableSlot = nextSession.extend({
  lessonName: z.string(),
  /** Started (or over) already: its places no longer count. */
  started: z.boolean(),
});
z.globalRegistry.add(timetableSlot, { id: 'TimetableSlot' });

/** A sede's timetable for the 7 days from today (GET /sessions/branch/:branchId). */
export const branchTimetable = z.object({
  branchId: z.string(),
  branchName: z.string(),
  /** The gym's dates of the 7 days shown, today first (`YYYY-MM-DD`). */
  dates: z.array(z.string()),
  slots: z.array(timetableSlot),
});
z.globalRegistry.add(branchTimetable, { id: 'BranchTimetable' });

/** What a booking or a cancellation did, with the session as it is now. */
export const bookingResult = z.object({
  message: z.string(),
  result: z.enum(['confirmed', 'waitlisted', 'cancelled', 'cancelled-late', 'left-waitlist']),
  session: classSession,
});

/** A session changed by an admin. */
export const sessionSaved = z.object({ message: z.string(), session: classSession });

/** Who holds a place in a session, who waits, and who cancelled late: what the front desk and the admin see. */
export const sessionRoster = z.object({
  session: classSession,
  confirmed: z
    .object({
      memberId: z.string(),
      name: z.string(),
      seat: z.number().int(),
      /** When the place was confirmed (booked, or promoted from the waitlist). */
      at: z.string(),
      promoted: z.boolean(),
      /** When the member was checked in at the sede (null: not yet). */
      checkedIn: z.string().nullable(),
      /** Attendance was closed after the session and the member never came. */
      noShow: z.boolean(),
    })
    .array(),
  waiting: z.object({ memberId: z.string(), name: z.string(), position: z.number().int(), at: z.string() }).array(),
  lateCancels: z.object({ memberId: z.string(), name: z.string(), at: z.string() }).array(),
});
z.globalRegistry.add(sessionRoster, { id: 'SessionRoster' });

/**
 * A session a trainer teaches, as their 'Mis Clases' lists it: the session with its places, the
 * class's sede, and whether they teach it as a substitute for this date only.
 */
export const taughtSession = classSession.extend({
  /** The sede's name ('' when the sede no longer exists). */
  branch: z.string(),
  substituting: z.boolean(),
});
z.globalRegistry.add(taughtSession, { id: 'TaughtSession' });

/** An admin's change to one session: its own capacity, and a substitute trainer ('' or absent: the class's). */
export const sessionChangeForm = z.object({
  capacity: field(
    wire.textOrNumber(),
    text(
      z
        .string()
        .regex(/^\d{1,4}$/, MESSAGES.bookings.capacityRange)
        .refine((n) => Number(n) >= LESSON_CAPACITY.min && Number(n) <= LESSON_CAPACITY.max, {
          error: MESSAGES.bookings.capacityRange,
        }),
    ),
  ),
  trainerId: field(wire.text(), text(z.string().max(24))),
});

/** The gym cancels one session (holiday, incident): its members are e-mailed the reason. */
export const sessionCancelForm = z.object({
  reason: field(
    wire.text(),
    text(z.string().min(1, MESSAGES.bookings.reasonRequired).max(200, MESSAGES.bookings.reasonTooLong)),
  ),
});

/** What a member did with a place: came (checked in), did not come, or gave it up late. */
export const attendanceKind = z.enum(['attended', 'no-show', 'late-cancel']);

/** A member's attendance as the admin sees it: counts, and the latest entries newest first. */
export const memberAttendance = z.object({
  attended: z.number().int(),
  noShows: z.number().int(),
  lateCancels: z.number().int(),
  latest: z
    .object({
      sessionId: z.string(),
      lessonName: z.string(),
      /** The session's local start (`YYYY-MM-DDTHH:mm`). */
      start: z.string(),
      kind: attendanceKind,
      at: z.string(),
    })
    .array(),
});
z.globalRegistry.add(memberAttendance, { id: 'MemberAttendance' });

/** The member's check-in code now (it changes every `stepSeconds`), to show as a QR code and as text. */
export const checkinCard = z.object({
  /** What the QR code carries and the desk may type: 14 characters. */
  code: z.string(),
  /** The same, as people read it: `K7QX-M2PA-482913`. */
  display: z.string(),
  /** When this code is replaced by the next one (ISO). */
  changesAt: z.string(),
});
z.globalRegistry.add(checkinCard, { id: 'CheckinCard' });

/** The front desk checks a member in at a sede by their code. */
export const checkinForm = z.object({
  code: field(
    wire.text(),
    text(z.string().min(1, MESSAGES.checkin.codeRequired).max(40, MESSAGES.checkin.invalidCode)),
  ),
  branchId: field(
    wire.text(),
    text(z.string().min(1, MESSAGES.checkin.branchRequired).max(24, MESSAGES.checkin.unknownBranch)),
  ),
});

/** A trainer or an admin checks a booked member in from the session's roster. */
export const rosterCheckinForm = z.object({
  memberId: field(
    wire.text(),
    text(z.string().min(1, MESSAGES.checkin.memberRequired).max(24, MESSAGES.checkin.memberRequired)),
  ),
});

/** A check-in done (or done already): who, and the session with its places. */
export const checkinResult = z.object({
  message: z.string(),
  memberId: z.string(),
  memberName: z.string(),
  already: z.boolean(),
  session: classSession,
});

export type ClassSessionDto = z.infer<typeof classSession>;
export type NextSessionDto = z.infer<typeof nextSession>;
export type TimetableSlotDto = z.infer<typeof timetableSlot>;
export type BranchTimetableDto = z.infer<typeof branchTimetable>;
export type BookingResultDto = z.infer<typeof bookingResult>;
export type SessionRosterDto = z.infer<typeof sessionRoster>;
export type TaughtSessionDto = z.infer<typeof taughtSession>;
export type AttendanceKind = z.infer<typeof attendanceKind>;
export type MemberAttendanceDto = z.infer<typeof memberAttendance>;
export type CheckinCardDto = z.infer<typeof checkinCard>;
export type CheckinResultDto = z.infer<typeof checkinResult>;
