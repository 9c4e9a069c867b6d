import { MESSAGES, schemas, type CalendarFeedDto } from '@pulso/shared';
import type { MockData } from '../db';
import type { Route } from '../route';

/**
 * The calendar feeds module (server/src/modules/feeds): each account's private feed address, made
 * on the first ask, and a new one that replaces it. The feed itself is not answered here: calendar
 * apps fetch it from a server, and the mock lives in this browser only.
 */

interface StoredFeed {
  token: string;
  createdAt: string;
}

/** 32 random bytes in base64url, as the server makes them. */
function newToken(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  let binary = '';
  bytes.forEach((b) => (binary += String.fromCharCode(b)));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The feeds by owner (kept beside the rest, added when first needed). */
function feedsOf(data: MockData): Record<string, StoredFeed> {
  data.calendarFeeds ??= {};
  return data.calendarFeeds;
}

function issue(data: MockData, owner: string): StoredFeed {
  const feed = { token: newToken(), createdAt: new Date().toISOString() };
  feedsOf(data)[owner] = feed;
  return feed;
}

/** The address as the server gives it: under the API this request went to. */
const dto = (url: URL, feed: StoredFeed): CalendarFeedDto => ({
  url: `${url.origin}${url.pathname.replace(/\/$/, '')}/${feed.token}.ics`,
  createdAt: feed.createdAt,
});

export const feedsHandlers = (route: Route) => [
  route('GET /calendar/feed', { access: 'signed-in', ok: [200, schemas.calendarFeed] }, ({ user, data, db, url }) => {
    const found = feedsOf(data)[user.id];
    if (found) return dto(url, found);
    const feed = issue(data, user.id);
    // A GET that makes the address: saved here, as other GETs change nothing.
    db.save();
    return dto(url, feed);
  }),

  route(
    'POST /calendar/feed',
    { access: 'signed-in', ok: [200, schemas.calendarFeedRenewed] },
    ({ user, data, url }) => ({
      message: MESSAGES.feeds.renewed,
      feed: dto(url, issue(data, user.id)),
    }),
  ),
];
