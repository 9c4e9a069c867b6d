import type { Request, Response } from 'express';
import { Types } from 'mongoose';
import { MESSAGES, type CalendarFeedDto } from '@pulso/shared';
import type { AppContext } from '../../lib/context';
import { HttpError } from '../../lib/http-error';
import * as feeds from './feeds.service';

/** The signed-in caller (the routes' access has checked there is one). */
function caller(req: Request): NonNullable<Request['user']> {
  if (!req.user) throw HttpError.unauthenticated();
  return req.user;
}

export function feedsController(ctx: AppContext) {
  const { config } = ctx;
  /**
   * The feed's address: under PUBLIC_URL when it is set, else at the address this request came to
   * (a site that works wherever it is opened, as .env.example says).
   */
  const urlOf = (req: Request, token: string) => {
    const base = config.publicUrlConfigured ? config.publicUrl : `${req.protocol}://${req.get('host') ?? 'localhost'}`;
    return `${base.replace(/\/$/, '')}/api/calendar/feed/${token}.ics`;
  };
  const dto = (req: Request, feed: feeds.FeedToken): CalendarFeedDto => ({
    url: urlOf(req, feed.token),
    createdAt: feed.createdAt.toISOString(),
  });

  return {
    /** The caller's feed address (made on the first ask). */
    async mine(req: Request, res: Response) {
      const feed = await feeds.currentFeed(new Types.ObjectId(caller(req).id));
      res.set('Cache-Control', 'private, no-store').json(dto(req, feed));
    },

    /** A new address for the caller's feed; the old one answers 404 from now on. */
    async renew(req: Request, res: Response) {
      const feed = await feeds.renewFeed(new Types.ObjectId(caller(req).id));
      res.set('Cache-Control', 'private, no-store').json({ message: MESSAGES.feeds.renewed, feed: dto(req, feed) });
    },

    /** The feed itself, for calendar apps: no session, the token is the key. */
    async feed(req: Request, res: Response) {
      const token = /^(.*)\.ics$/.exec(String(req.params.file))?.[1] ?? '';
      const owner = await feeds.feedOwner(token);
      if (!owner) throw feeds.feedNotFound();
      const text = await feeds.feedText(owner, config.bookings, config.gymName);
      res
        .set('Content-Type', 'text/calendar; charset=utf-8')
        .set('Content-Disposition', 'inline; filename="pulso.ics"')
        // The address is a secret: no shared cache keeps it, nor the answer.
        .set('Cache-Control', 'private, no-store')
        .set('X-Robots-Tag', 'noindex, nofollow')
        .send(text);
    },
  };
}
