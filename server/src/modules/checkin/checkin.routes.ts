import { schemas } from '@pulso/shared';
import type { AppContext } from '../../lib/context';
import { mountRoutes, routeTable } from '../../lib/route-table';
import { checkinAudit } from '../bookings/bookings.audit';
import { checkinController } from './checkin.controller';

const CHECKIN_NOTES =
  "The code is the one the member's profile shows now (or showed in the last two minutes). The member is checked in to their booked session at that sede whose check-in is open (CHECKIN_OPENS_MINUTES before the start until the end). 403 MEMBERSHIP_INACTIVE when their membership is not active, or FORBIDDEN when a trainer does not teach that session; 404 CHECKIN_INVALID_CODE for an unknown or expired code; 409 CHECKIN_WRONG_BRANCH, CHECKIN_TOO_EARLY or CHECKIN_NO_BOOKING otherwise.";

// prettier-ignore
export const checkinRoutes = routeTable<ReturnType<typeof checkinController>>('/checkin', [
  { route: 'GET /card',               access: 'signed-in', ok: [200, schemas.checkinCard], handler: (c) => c.card, summary: "The caller's check-in code now (it changes every 30 seconds), for their profile's QR code" },
  { route: 'POST /',                  access: 'staff', body: schemas.checkinForm, ok: [200, schemas.checkinResult], errors: [400, 404, 409], audit: checkinAudit, handler: (c) => c.checkIn, summary: 'Check a member in at a sede by the code they show (front desk, trainer)', notes: CHECKIN_NOTES },
  { route: 'GET /members/:memberId',  access: 'manager', scope: { user: 'memberId' }, ok: [200, schemas.memberAttendance], errors: [400], handler: (c) => c.attendance, summary: "A member's attendance: sessions attended, no-shows and late cancels, with the latest ones" },
]);

export const checkinRouter = (ctx: AppContext) => mountRoutes(checkinRoutes, checkinController(ctx));
