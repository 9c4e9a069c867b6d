import type { HttpHandler } from 'msw';
import type { MockApi } from './api';
import { bookingsHandlers, checkinHandlers } from './handlers/bookings';
import { wishesHandlers } from './handlers/wishes';
import { branchesHandlers } from './handlers/branches';
import { calendarHandlers } from './handlers/calendar';
import { catalogHandlers } from './handlers/catalog';
import { contactHandlers } from './handlers/contact';
import { feedsHandlers } from './handlers/feeds';
import { lessonsHandlers } from './handlers/lessons';
import { paymentsHandlers } from './handlers/payments';
import { plansHandlers } from './handlers/plans';
import { subscriptionsHandlers } from './handlers/subscriptions';
import { reviewsHandlers } from './handlers/reviews';
import { siteHandlers } from './handlers/site';
import { statsHandlers } from './handlers/stats';
import { auditHandlers } from './handlers/audit';
import { announcementsHandlers } from './handlers/announcements';
import { usersHandlers } from './handlers/users';
import { router } from './route';

/**
 * The mock API's MSW handlers under the API's base address (e.g. `http://localhost:5173/api`): one
 * per route of the server, grouped by its modules and in its order (so '/lessons/all' comes before
 * '/lessons/:name'), then the server's 404 for any other call there. Anything else (the app's own
 * files, images) passes through.
 */
export function createHandlers(api: MockApi, apiBase: string): HttpHandler[] {
  const { route, notFound } = router(api, apiBase);
  return [
    ...siteHandlers(route),
    ...usersHandlers(route),
    ...plansHandlers(route),
    ...branchesHandlers(route),
    ...lessonsHandlers(route),
    ...bookingsHandlers(route),
    ...checkinHandlers(route),
    ...wishesHandlers(route),
    ...catalogHandlers(route),
    ...reviewsHandlers(route),
    ...calendarHandlers(route),
    ...feedsHandlers(route),
    ...paymentsHandlers(route),
    ...subscriptionsHandlers(route),
    ...contactHandlers(route),
    ...statsHandlers(route),
    ...auditHandlers(route),
    ...announcementsHandlers(route),
    notFound,
  ];
}
