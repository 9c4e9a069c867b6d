import type { Request, Response } from 'express';
import { Types } from 'mongoose';
import type { AppContext } from '../../lib/context';
import { ERROR_CODES, MESSAGES, planningDays, TEACHING_DAYS } from '@pulso/shared';
import { sedeOf } from '../../middleware/scope';
import { HttpError } from '../../lib/http-error';
import { objectIdOrNull } from '../../lib/object-id';
import { validated } from '../../lib/validate';
import { checkInFromRoster } from './bookings.checkin';
import { noticeDelivery } from './bookings.notices';
import { offerFreedPlacesAfter, waitingDemand } from './bookings.wishes';
import { sendBranchTimetable, sendNextSessions } from './bookings.seats';
import { branchName } from '../branches/branches.service';
import * as bookings from './bookings.service';
import { upcomingTeaching } from './bookings.trainer';

const sessionId = (req: Request) => String(req.params.sessionId);
const lessonIdOf = (req: Request) => String(req.params.lessonId);

/** `?days=N` (see planningDays), or undefined when absent. */
function daysOf(req: Request): number | undefined {
  const { days, error } = planningDays(req.query.days);
  if (error) throw HttpError.validation({ days: error });
  return days;
}

/** The signed-in caller (the routes' `member` access has checked there is one). */
function caller(req: Request): NonNullable<Request['user']> {
  if (!req.user) throw HttpError.unauthenticated();
  return req.user;
}

export function bookingsController(ctx: AppContext) {
  const rules = ctx.config.bookings;
  const delivery = (req: Request) => noticeDelivery(ctx, req.log);
  /** After the answer: free places of the session go to matching wider waits (never fails the request). */
  const offerAfter = (req: Request, id: string) => offerFreedPlacesAfter([id], rules, delivery(req), req.log);
  return {
    /** A session with its places; a signed-in caller also sees their own booking. */
    async get(req: Request, res: Response) {
      const member = req.user ? new Types.ObjectId(req.user.id) : null;
      res.json(await bookings.getSession(sessionId(req), rules, member));
    },

    /** The chain's waiting demand (admin). */
    async demand(req: Request, res: Response) {
      // A sede manager's table: their sede's classes.
      res.json(await waitingDemand(rules, sedeOf(req.user)));
    },

    /** Every available class's next session with its places (the class list). */
    async next(_req: Request, res: Response) {
      await sendNextSessions(res, rules);
    },

    /** A sede's timetable: its classes' sessions of the 7 days from today, with their places. */
    async timetable(req: Request, res: Response) {
      const id = objectIdOrNull(String(req.params.branchId));
      if (!id) throw HttpError.invalidId();
      if ((await branchName(id)) === null) throw new HttpError(404, ERROR_CODES.NOT_FOUND, MESSAGES.branches.notFound);
      await sendBranchTimetable(res, id, rules);
    },

    /** The class's sessions open for booking now or soon (or every one in the next `days` days). */
    async upcoming(req: Request, res: Response) {
      const member = req.user ? new Types.ObjectId(req.user.id) : null;
      res.json(await bookings.upcomingSessions(lessonIdOf(req), rules, member, new Date(), daysOf(req)));
    },

    /** Who is booked, waiting or cancelled late in one session (an admin, or the session's trainer). */
    async roster(req: Request, res: Response) {
      res.json(await bookings.sessionRoster(sessionId(req), rules, caller(req)));
    },

    /** The caller's sessions to teach, from now to `days` days ahead ('Mis Clases'). */
    async teaching(req: Request, res: Response) {
      const days = daysOf(req) ?? TEACHING_DAYS.default;
      res.json(await upcomingTeaching(new Types.ObjectId(caller(req).id), days, rules));
    },

    async book(req: Request, res: Response) {
      res.json(await bookings.bookSession(sessionId(req), caller(req), rules));
    },

    /** An admin's change to one session (capacity, substitute trainer). */
    async change(req: Request, res: Response) {
      const input = validated<{ capacity: string; trainerId?: string }>(req);
      const session = await bookings.changeSessionByAdmin(
        sessionId(req),
        // No trainerId (or ''): the class's trainer teaches it.
        { capacity: Number(input.capacity), trainerId: input.trainerId ?? '' },
        rules,
        delivery(req),
      );
      res.json({ message: MESSAGES.bookings.sessionUpdated, session });
      // A higher capacity may leave places free: the wider waits take them.
      offerAfter(req, sessionId(req));
    },

    /** The gym cancels one session. */
    async cancelSession(req: Request, res: Response) {
      const { reason } = validated<{ reason: string }>(req);
      const session = await bookings.cancelSessionByAdmin(sessionId(req), reason, rules, delivery(req));
      res.json({ message: MESSAGES.bookings.sessionCancelledDone, session });
    },

    /** A trainer or an admin checks a booked member in from the roster. */
    async checkIn(req: Request, res: Response) {
      const { memberId } = validated<{ memberId: string }>(req);
      const member = objectIdOrNull(memberId);
      if (!member) throw HttpError.validation({ memberId: MESSAGES.checkin.memberRequired });
      res.json(await checkInFromRoster(sessionId(req), member, caller(req), rules));
    },

    async cancel(req: Request, res: Response) {
      res.json(await bookings.cancelBooking(sessionId(req), new Types.ObjectId(caller(req).id), rules, delivery(req)));
      // The place given up may be free for anyone: the wider waits take it first.
      offerAfter(req, sessionId(req));
    },
  };
}
