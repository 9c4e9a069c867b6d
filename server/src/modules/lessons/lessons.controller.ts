import type { Request, Response } from 'express';
import { ERROR_CODES, MESSAGES } from '@pulso/shared';
import type { AppContext } from '../../lib/context';
import type { Types } from 'mongoose';
import { HttpError } from '../../lib/http-error';
import { outOfScope, sedeOf } from '../../middleware/scope';
import { uploadedImage } from '../../lib/upload';
import { validated } from '../../lib/validate';
import { findBranchSchedule } from '../branches/branches.service';
import { noticeDelivery } from '../bookings/bookings.notices';
import { scheduleChanged } from '../bookings/bookings.service';
import { toLessonDto, toLessonFields, toLessonList, type LessonAttributes } from './lessons.mapper';
import * as lessons from './lessons.service';
import { refreshLesson, sendLessonById, sendLessonByName, sendLessonList } from './lessons.views';

const id = (req: Request) => String(req.params.id);

/** A sede manager creates and keeps classes at their own sede only. */
function assertOwnSede(req: Request, office: Types.ObjectId | string): void {
  const sede = sedeOf(req.user);
  if (sede && office.toString() !== sede) throw outOfScope();
}

export function lessonsController(ctx: AppContext) {
  return {
    listAvailable: sendLessonList('available'),
    listAll: sendLessonList('all'),
    async listRetired(req: Request, res: Response) {
      const sede = sedeOf(req.user);
      const retired = await lessons.findLessons('retired');
      // A sede manager's list: their sede's classes.
      res.json(await toLessonList(sede ? retired.filter((doc) => doc.office.toString() === sede) : retired));
    },
    byName: sendLessonByName,
    byId: sendLessonById,
    async create(req: Request, res: Response) {
      const { fields, branch } = await toLessonFields(validated<LessonAttributes>(req));
      assertOwnSede(req, branch.id);
      const file = uploadedImage(req);
      if (!file) throw new HttpError(500, ERROR_CODES.INTERNAL_ERROR, MESSAGES.api.internal);
      const doc = await lessons.createLesson(ctx.storage, fields, file, branch);
      res.status(201).json({
        message: MESSAGES.lessons.created,
        lesson: (await refreshLesson(doc._id)) ?? (await toLessonDto(doc)),
      });
    },
    async update(req: Request, res: Response) {
      const { fields, branch } = await toLessonFields(validated<LessonAttributes>(req));
      // The route's scope checked the class is theirs; it must stay at their sede too.
      assertOwnSede(req, branch.id);
      const before = await lessons.findLessonById(id(req));
      const doc = await lessons.updateLesson(ctx.storage, id(req), fields, uploadedImage(req), branch);
      // New days or hours: booked sessions keep theirs, and the people booked are told.
      await scheduleChanged(before, doc, ctx.config.bookings, noticeDelivery(ctx, req.log));
      res.json({
        message: MESSAGES.lessons.updated,
        lesson: (await refreshLesson(doc._id)) ?? (await toLessonDto(doc)),
      });
    },
    async remove(req: Request, res: Response) {
      await lessons.retireLesson(id(req));
      await refreshLesson(lessons.lessonId(id(req)));
      res.json({ message: MESSAGES.lessons.deleted });
    },
    async restore(req: Request, res: Response) {
      const retired = await lessons.findRetiredLesson(id(req));
      await lessons.restoreLesson(retired, await findBranchSchedule(retired.office));
      await refreshLesson(retired._id);
      res.json({ message: MESSAGES.lessons.restored });
    },
  };
}
