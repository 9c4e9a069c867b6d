import * as z from 'zod';

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
  /** Whether bookings are open now (from the chain's window until the start). */
  bookable: z.boolean(),
  /** The caller's booking, when signed in and booked or waiting. */
  mine: z.object({ state: bookingState, position: z.number().int().nullable() }).nullable(),
});
z.globalRegistry.add(classSession, { id: 'ClassSession' });

/** What a booking or a cancellation did, with the session as it is now. */
export const bookingResult = z.object({
  message: z.string(),
  result: z.enum(['confirmed', 'waitlisted', 'cancelled', 'cancelled-late', 'left-waitlist']),
  session: classSession,
});

export type ClassSessionDto = z.infer<typeof classSession>;
export type BookingResultDto = z.infer<typeof bookingResult>;
