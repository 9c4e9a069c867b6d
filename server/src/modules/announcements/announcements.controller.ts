import type { Request, Response } from 'express';
import { MESSAGES } from '@pulso/shared';
import type { AppContext } from '../../lib/context';
import { HttpError } from '../../lib/http-error';
import { validated } from '../../lib/validate';
import { sedeOf } from '../../middleware/scope';
import {
  createAnnouncement,
  listAnnouncements,
  previewAnnouncement,
  type AnnouncementInput,
} from './announcements.service';

export function announcementsController(ctx: AppContext) {
  return {
    async list(req: Request, res: Response) {
      res.json(await listAnnouncements(50, sedeOf(req.user) ? (req.user?.id ?? null) : null));
    },
    /** How many it would reach and the e-mail the first would get; nothing is sent. */
    async preview(req: Request, res: Response) {
      res.json(await previewAnnouncement(validated<AnnouncementInput>(req), ctx.config.gymName, sedeOf(req.user)));
    },
    /** Written with its recipients, to be sent by the job runner at its pace. */
    async create(req: Request, res: Response) {
      const caller = req.user;
      if (!caller) throw HttpError.unauthenticated();
      const { announcement, created } = await createAnnouncement(validated<AnnouncementInput>(req), {
        id: caller.id,
        name: caller.fullName,
        sede: sedeOf(caller),
      });
      res
        .status(created ? 201 : 200)
        .json({ message: MESSAGES.announcements.queued(announcement.total), announcement });
    },
  };
}
