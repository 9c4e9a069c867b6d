import type { Request, Response } from 'express';
import { ERROR_CODES, MESSAGES, memberSessionEvents, parseDate, planEvent } from '@pulso/shared';
import { Types } from 'mongoose';
import { HttpError } from '../../lib/http-error';
import { sendCached } from '../../lib/read-cache';
import { validated } from '../../lib/validate';
import type { AppContext } from '../../lib/context';
import { heldBookings, type BookingRules } from '../bookings/bookings.service';
import { getUser } from '../users/users.service';
import * as calendar from './calendar.service';

const DAY = 86_400_000;

/**
 * What the calendar shows the caller in [start, end): the gym's events for everyone signed in, and
 * for a member also their plan event, their classes on their weekdays and the sessions they booked
 * or wait for.
 */
async function list(req: Request, res: Response, bookingRules: BookingRules): Promise<void> {
  const user = req.user;
  if (!user) throw HttpError.unauthenticated();
  const from = parseDate(req.query.start);
  const to = parseDate(req.query.end);
  if (!from || !to || to <= from) {
    throw new HttpError(400, ERROR_CODES.VALIDATION_FAILED, MESSAGES.events.rangeRequired);
  }
  if (to.getTime() - from.getTime() > calendar.MAX_RANGE_DAYS * DAY) {
    throw new HttpError(400, ERROR_CODES.VALIDATION_FAILED, MESSAGES.events.rangeTooLong);
  }
  await sendCached(res, `events:${user.id}:${from.getTime()}:${to.getTime()}`, async (cache) => {
    // The range's dates, a day wider each side: sessions are kept by the gym's local date.
    const since = new Date(from.getTime() - DAY).toISOString().slice(0, 10);
    const until = new Date(to.getTime() + DAY).toISOString().slice(0, 10);
    const [gym, me, held] = await Promise.all([
      calendar.gymEvents(from, to),
      getUser(user.id, cache),
      heldBookings(new Types.ObjectId(user.id), since, until, bookingRules, user.schedule),
    ]);
    // A paused membership still shows its plan and the classes after the pause.
    const active = me.membresia?.status === 'Activo' || me.membresia?.state === 'Pausada' ? me.membresia : null;
    return [
      ...planEvent(active, me.lessonDetails, from, to),
      ...memberSessionEvents(active, me.lessonDetails, held, from, to),
      ...gym,
    ];
  });
}

async function create(req: Request, res: Response): Promise<void> {
  const input = validated<{ title: string; start: string; end: string }>(req);
  const event = await calendar.createEvent(
    input.title.trim(),
    new Date(input.start),
    new Date(input.end),
    String(req.user?.id),
  );
  res.status(201).json({ message: MESSAGES.events.created, event });
}

async function remove(req: Request, res: Response): Promise<void> {
  await calendar.deleteEvent(String(req.params.id));
  res.json({ message: MESSAGES.events.deleted });
}

/** The calendar's handlers; the member's sessions are read by the chain's booking rules. */
export function calendarController(ctx: AppContext) {
  return {
    list: (req: Request, res: Response) => list(req, res, ctx.config.bookings),
    create,
    remove,
  };
}
