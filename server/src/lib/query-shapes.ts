/**
 * Which queries a request may send, by the shape the database engine can serve without reading a
 * whole collection. The embedded engine (FerretDB 1.24 over SQLite, as Pulso builds it) pushes a
 * filter down to SQL only when it is exactly `{ _id: <value> }` or `{ _id: { $in: [<values>] } }`
 * (FERRETDB_PATCHES in lib/database-engine.ts); any other filter, and every count, sort, skip and limit, makes
 * it read and decode every document of the collection. That is harmless on the catalogue's small
 * collections and ruinous on the ones that grow with the chain, so a request path may read a growing
 * collection only by `_id` (or by an index, on MongoDB) unless it is listed below with its reason.
 *
 * Checked by src/__tests__/query-shapes.api.test.ts, which runs every request path against the engine,
 * records every command it sends and asks the engine to explain each query. The job runner,
 * migrations and scripts are not request paths and are not checked.
 */

/**
 * Collections that grow with the chain (members, their payments, reviews, sign-in traffic, one job
 * lease per e-mail sent, one claim per payment step). `bookings` and `sessions` are the collections
 * issue 22 adds; listed now so their first reads are checked.
 */
export const GROWING_COLLECTIONS: readonly string[] = [
  'users',
  'lessonreviews',
  'payments',
  'membership_links',
  'events',
  'identities',
  'user_emails',
  'contactmessages',
  'passwordresets',
  'passwordresetuses',
  'ratelimitwindows',
  'ratelimithits',
  'job_leases',
  'fulfilments',
  'lesson_sessions',
  'session_places',
  'member_sessions',
  'trainer_sessions',
  'calendar_feeds',
  'calendar_feed_owners',
  'member_attendance',
  'checkin_cards',
  'member_wishes',
  'wish_index',
  'reviewer_lessons',
  'contact_senders',
  'identity_owners',
  'receipts',
  'subscriptions',
  'audit_entries',
  'audit_history',
  'announcements',
  'announcement_recipients',
  'announcement_deliveries',
];

/** A request path allowed to read growing collections by a filter the engine cannot push down. */
export interface AllowedScan {
  /** The route as 'METHOD /api/path', with ':param' for parameters, as the route tables write it. */
  route: string;
  collections: string[];
  /**
   * The keys of the filters allowed (any order), when the route's other queries must still be
   * checked: a whole-chain rule on a route that also reads one document.
   */
  filterKeys?: string[][];
  why: string;
}

/**
 * The one list of request paths allowed to scan a growing collection. Each is an administrator's
 * list, report or whole-chain rule, called by a few people a day; an entry excuses only requests
 * signed in as an administrator, so a route members call too is still checked for them.
 */
export const ALLOWED_SCANS: readonly AllowedScan[] = [
  {
    route: 'GET /api/users',
    collections: ['users'],
    why: 'admin list of active users: a page of the whole chain, sorted and counted; searched or filtered, the users directory (every active account, read once into the read cache)',
  },
  {
    route: 'GET /api/users/csv',
    collections: ['users'],
    why: 'admin export of the filtered users list: the users directory (every active account, read once into the read cache)',
  },
  {
    route: 'GET /api/users/deleted',
    collections: ['users'],
    why: 'admin list of suspended users: a page of the whole chain, sorted and counted',
  },
  {
    route: 'GET /api/subscriptions',
    collections: ['subscriptions'],
    why: 'admin list of renewing plans: the newest of the whole chain, sorted',
  },
  {
    route: 'GET /api/payments',
    collections: ['payments', 'users'],
    why: 'admin list of payments: a page of the whole chain, filtered, newest first, counted; members named from the users directory (every active account, read once into the read cache)',
  },
  {
    route: 'GET /api/payments/csv',
    collections: ['payments', 'users'],
    why: 'admin export of the filtered payments list, its members named from the users directory',
  },
  {
    route: 'POST /api/announcements/preview',
    collections: ['users'],
    why: "admin's announcement: its audience from the users directory (every active account, read once into the read cache), or a class's schedule holders",
  },
  {
    route: 'POST /api/announcements',
    collections: ['users'],
    why: "admin's announcement: its recipients from the users directory, frozen when it is written",
  },
  {
    route: 'GET /api/announcements',
    collections: ['announcements'],
    why: 'admin list of the announcements sent, newest first',
  },
  {
    route: 'GET /api/audit',
    collections: ['audit_entries'],
    why: "admin browse of the audit trail: a page of the whole chain, newest first, filtered and counted (a record's own history is read by `_id` through audit_history)",
  },
  {
    route: 'GET /api/stats',
    collections: ['users', 'payments', 'contactmessages'],
    why: 'admin dashboard: counts active members and trainers, sums revenue, lists the latest messages',
  },
  {
    route: 'GET /api/stats/overview',
    collections: ['users', 'subscriptions'],
    why: "admin overview: its figures are the job runner's daily sums read by `_id`; the expirations from the users directory (every active account, read once into the read cache), the failed renewals from the renewing plans",
  },
  {
    route: 'PUT /api/users/update/:id',
    collections: ['users'],
    filterKeys: [
      ['isAdmin', 'deletedAt', '_id'],
      ['isAdmin', 'deletedAt'],
    ],
    why: 'last-admin rule: an admin taking the role from an admin counts the active admins of the chain',
  },
  {
    route: 'DELETE /api/users/delete/:id',
    collections: ['users'],
    filterKeys: [
      ['isAdmin', 'deletedAt', '_id'],
      ['isAdmin', 'deletedAt'],
    ],
    why: 'last-admin rule: an admin suspending an admin counts the active admins of the chain',
  },
  {
    route: 'GET /api/contact',
    collections: ['contactmessages'],
    why: 'admin list of contact messages, newest first',
  },
];
