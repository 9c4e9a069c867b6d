import { schemas } from '@pulso/shared';
import type { AppContext } from '../../lib/context';
import { mountRoutes, routeTable, type QueryParameter } from '../../lib/route-table';
import { bookingsController } from './bookings.controller';
import { checkinAudit, sessionChangeAudit } from './bookings.audit';

const BOOK_NOTES =
  "A place while the session has free places and nobody waits (after the late-cancel limit a freed place is anyone's); otherwise the end of the waitlist. 403 without a membership active on the session's date; 409 outside the booking window, for a cancelled session, or when the member holds another session at an overlapping time.";
const CANCEL_NOTES =
  'Gives the place up (late inside LATE_CANCEL_HOURS of the start; before that the first waiting member takes it) or leaves the waitlist. 409 when the caller holds nothing in the session or it has started.';

const DAYS: QueryParameter[] = [
  {
    name: 'days',
    description:
      'Every session that has not started in the next `days` days (1 to 56), bookable yet or not, instead of those open for booking',
  },
];

const TEACHING_DAYS_QUERY: QueryParameter[] = [
  { name: 'days', description: 'How many days ahead (1 to 56; default 7)' },
];
const ROSTER_NOTES =
  "An admin reads any session's; a trainer only those they teach: their class's sessions, unless a substitute has that date (then the substitute's). 403 for anyone else.";

// prettier-ignore
export const bookingsRoutes = routeTable<ReturnType<typeof bookingsController>>('/sessions', [
  { route: 'GET /branch/:branchId', access: 'anyone', ok: [200, schemas.branchTimetable], errors: [400, 404], handler: (c) => c.timetable, summary: "A sede's timetable: the sessions of its available classes on the 7 days from today, with their places left" },
  { route: 'GET /next',           access: 'anyone', ok: [200, schemas.nextSession.array()], handler: (c) => c.next, summary: "Every available class's next session (not started) with its places left, for the class list" },
  { route: 'GET /demand',        access: 'manager', ok: [200, schemas.demandRow.array()], handler: (c) => c.demand, summary: 'Waiting demand per class, sede, weekday and hour: people on the waitlists of the sessions open for booking, and wider waits such a session would fulfil' },
  { route: 'GET /of/:lessonId',  access: 'anyone', query: DAYS, ok: [200, schemas.classSession.array()], errors: [400, 404], handler: (c) => c.upcoming, summary: "A class's sessions from today to the end of the booking window, with their places and the caller's bookings" },
  { route: 'GET /teaching',       access: 'staff', query: TEACHING_DAYS_QUERY, ok: [200, schemas.taughtSession.array()], errors: [400], handler: (c) => c.teaching, summary: "The sessions the caller teaches that have not ended, from today to `days` ahead: their classes' dates (less those given to a substitute) and those they substitute in" },
  { route: 'GET /:sessionId/roster',    access: 'staff', scope: { session: 'sessionId' }, ok: [200, schemas.sessionRoster], errors: [404], handler: (c) => c.roster, summary: 'Who holds a place in one session (by seat), who waits (in order) and who cancelled late, by name', notes: ROSTER_NOTES },
  { route: 'GET /:sessionId',          access: 'anyone', ok: [200, schemas.classSession], errors: [404], handler: (c) => c.get, summary: 'One session of a class (`<lessonId>:<YYYY-MM-DD>`): its places, waitlist and the caller\'s booking' },
  { route: 'PUT /:sessionId',           access: 'manager', scope: { session: 'sessionId' }, body: schemas.sessionChangeForm, ok: [200, schemas.sessionSaved], errors: [400, 404], audit: sessionChangeAudit('update'), handler: (c) => c.change, summary: "Change one session: its own capacity (a lower one keeps the places taken; a higher one promotes the waitlist) and a substitute trainer ('' for the class's)" },
  { route: 'POST /:sessionId/cancel',   access: 'manager', scope: { session: 'sessionId' }, body: schemas.sessionCancelForm, ok: [200, schemas.sessionSaved], errors: [400, 404, 409], audit: sessionChangeAudit('cancel'), handler: (c) => c.cancelSession, summary: 'Cancel one session (holiday, incident): it takes no more bookings and its members are e-mailed the reason' },
  { route: 'POST /:sessionId/checkin',  access: 'staff', scope: { session: 'sessionId' }, body: schemas.rosterCheckinForm, ok: [200, schemas.checkinResult], errors: [400, 404, 409], audit: checkinAudit, handler: (c) => c.checkIn, summary: 'Check a booked member in from the roster (an admin, or the trainer who teaches the session), while check-in is open' },
  { route: 'POST /:sessionId/booking',  access: 'member', ok: [200, schemas.bookingResult], errors: [403, 404, 409], handler: (c) => c.book, summary: 'Book a place in a session (or join its waitlist)', notes: BOOK_NOTES },
  { route: 'DELETE /:sessionId/booking', access: 'member', ok: [200, schemas.bookingResult], errors: [404, 409], handler: (c) => c.cancel, summary: 'Cancel a booking or leave the waitlist', notes: CANCEL_NOTES },
]);

export const bookingsRouter = (ctx: AppContext) => mountRoutes(bookingsRoutes, bookingsController(ctx));
