import * as z from 'zod';
import { schemas } from '@pulso/shared';
import type { AppContext } from '../../lib/context';
import { mountRoutes, routeTable } from '../../lib/route-table';
import { feedsController } from './feeds.controller';

const FEED_NOTES =
  'No session: the secret token in the address is the key (32 random bytes, base64url). Subscribed to by Google Calendar, Apple Calendar and Outlook. The sessions the owner holds a place in from 30 days ago to the booking horizon (not those they wait for), and for a trainer the sessions they teach up to 28 days ahead; one VEVENT per session (UID `<sessionId>@pulso`, UTC times, STATUS:CANCELLED when the gym cancelled it). 404 for an unknown or replaced token, or a suspended owner.';

// prettier-ignore
export const feedsRoutes = routeTable<ReturnType<typeof feedsController>>('/calendar', [
  { route: 'GET /feed',       access: 'signed-in', ok: [200, schemas.calendarFeed], handler: (c) => c.mine, summary: "The caller's private calendar feed address (made on the first ask)" },
  { route: 'POST /feed',      access: 'signed-in', ok: [200, schemas.calendarFeedRenewed], handler: (c) => c.renew, summary: "A new address for the caller's calendar feed: the old one stops working (404)" },
  { route: 'GET /feed/:file', access: 'anyone', ok: [200, z.string()], okContentType: 'text/calendar', errors: [404], handler: (c) => c.feed, summary: 'A calendar feed (`<token>.ics`, iCalendar) of booked and taught sessions', notes: FEED_NOTES },
]);

export const feedsRouter = (ctx: AppContext) => mountRoutes(feedsRoutes, feedsController(ctx));
