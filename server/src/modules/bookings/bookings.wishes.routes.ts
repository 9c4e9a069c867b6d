import { MESSAGES, schemas } from '@pulso/shared';
import type { Request, Response } from 'express';
import { Types } from 'mongoose';
import type { AppContext } from '../../lib/context';
import { HttpError } from '../../lib/http-error';
import { mountRoutes, routeTable } from '../../lib/route-table';
import { validated } from '../../lib/validate';
import { noticeDelivery } from './bookings.notices';
import { createWish, removeWish, wishesOf } from './bookings.wishes';

function caller(req: Request): NonNullable<Request['user']> {
  if (!req.user) throw HttpError.unauthenticated();
  return req.user;
}

/** The wider waits' handlers (bookings.wishes.ts). */
export function wishesController(ctx: AppContext) {
  const rules = ctx.config.bookings;
  return {
    async mine(req: Request, res: Response) {
      res.json(await wishesOf(new Types.ObjectId(caller(req).id)));
    },
    async create(req: Request, res: Response) {
      const input = validated<{ lessonId: string; type: string; days: string[]; from: string; to: string }>(req);
      const user = caller(req);
      if (!user.hasActiveMembership) throw HttpError.forbidden(MESSAGES.lessons.membershipRequired);
      const answer = await createWish(new Types.ObjectId(user.id), input, rules, noticeDelivery(ctx, req.log));
      res.status(201).json(answer);
    },
    async remove(req: Request, res: Response) {
      await removeWish(new Types.ObjectId(caller(req).id), String(req.params.wishId));
      res.json({ message: MESSAGES.wishes.removed });
    },
  };
}

const CREATE_NOTES =
  'Exactly one of lessonId and type. When a matching session open for booking has a place free now, it is booked at once (the answer says which); otherwise the first matching place that frees (a cancellation, a higher capacity, a class left) is booked for the oldest matching wait, once, and e-mailed. At most 5 waits at once (409).';

// prettier-ignore
export const wishesRoutes = routeTable<ReturnType<typeof wishesController>>('/wishes', [
  { route: 'GET /mine',        access: 'signed-in', ok: [200, schemas.wish.array()], handler: (c) => c.mine, summary: "The caller's wider waits, newest first" },
  { route: 'POST /',           access: 'member', body: schemas.wishForm, ok: [201, schemas.wishSaved], errors: [400, 403, 409], handler: (c) => c.create, summary: 'Wait for any session of a class (or of an exercise type) on some weekdays in an hour band, at any sede', notes: CREATE_NOTES },
  { route: 'DELETE /:wishId',  access: 'signed-in', ok: [200, schemas.message], errors: [404], handler: (c) => c.remove, summary: 'Stop waiting' },
]);

export const wishesRouter = (ctx: AppContext) => mountRoutes(wishesRoutes, wishesController(ctx));
