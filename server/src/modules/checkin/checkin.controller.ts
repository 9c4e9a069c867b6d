import type { Request, Response } from 'express';
import { Types } from 'mongoose';
import { ERROR_CODES, formatCheckinCode, MESSAGES } from '@pulso/shared';
import type { AppContext } from '../../lib/context';
import { HttpError } from '../../lib/http-error';
import { objectIdOrNull } from '../../lib/object-id';
import { validated } from '../../lib/validate';
import { outOfScope, sedeOf } from '../../middleware/scope';
import { branchName } from '../branches/branches.service';
import { attendanceOf } from '../bookings/bookings.attendance';
import { checkInAtBranch } from '../bookings/bookings.checkin';
import { findActiveAuthUser } from '../users/users.service';
import { cardOf, codeAt, codeKey, memberOfCode } from './checkin.card';

/** The signed-in caller (the route's access has checked there is one). */
function caller(req: Request): NonNullable<Request['user']> {
  if (!req.user) throw HttpError.unauthenticated();
  return req.user;
}

const invalidCode = () => new HttpError(404, ERROR_CODES.CHECKIN_INVALID_CODE, MESSAGES.checkin.invalidCode);

export function checkinController(ctx: AppContext) {
  const key = codeKey(ctx.config.jwtSecret);
  const rules = ctx.config.bookings;
  return {
    /** The caller's code now: never cached, it changes every step. */
    async card(req: Request, res: Response) {
      const card = await cardOf(new Types.ObjectId(caller(req).id));
      const { code, changesAt } = codeAt(key, card, new Date());
      res.set('Cache-Control', 'no-store');
      res.json({ code, display: formatCheckinCode(code), changesAt: changesAt.toISOString() });
    },

    /** The front desk checks a member in at a sede by their code. */
    async checkIn(req: Request, res: Response) {
      const staff = caller(req);
      const input = validated<{ code: string; branchId: string }>(req);
      const branch = objectIdOrNull(input.branchId);
      if (!branch || (await branchName(branch)) === null) {
        throw HttpError.validation({ branchId: MESSAGES.checkin.unknownBranch });
      }
      // A sede's manager or front desk checks in at their own sede.
      const sede = sedeOf(staff);
      if (sede && branch.toString() !== sede) throw outOfScope();
      const now = new Date();
      const member = await memberOfCode(key, input.code, now);
      if (!member) throw invalidCode();
      const account = await findActiveAuthUser(member.toString());
      if (!account) throw invalidCode();
      const membership = account.suspended ? null : account.membership;
      const who = { name: account.fullName, membership, schedule: account.schedule };
      res.json(await checkInAtBranch(member, who, branch, staff, rules, now));
    },

    /** A member's attendance, for the admin. */
    async attendance(req: Request, res: Response) {
      const member = objectIdOrNull(String(req.params.memberId));
      if (!member) throw HttpError.invalidId();
      res.json(await attendanceOf(member));
    },
  };
}
