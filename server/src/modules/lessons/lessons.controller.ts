import type { Request, Response } from 'express';
import { ERROR_CODES, lessonName, MESSAGES } from '@pulso/shared';
import type { AppContext } from '../../lib/context';
import { HttpError } from '../../lib/http-error';
import { sendCached } from '../../lib/read-cache';
import { uploadedImage } from '../../lib/upload';
import { validated } from '../../lib/validate';
import { findBranchSchedule } from '../branches/branches.service';
import { toLessonDto, toLessonFields, toLessonList, type LessonAttributes } from './lessons.mapper';
import * as lessons from './lessons.service';

const id = (req: Request) => String(req.params.id);

export function lessonsController(ctx: AppContext) {
  const listOf = async (scope: lessons.LessonScope) => toLessonList(await lessons.findLessons(scope));

  return {
    async listAvailable(_req: Request, res: Response) {
      await sendCached(res, 'lessons:available', () => listOf('available'));
    },
    async listAll(_req: Request, res: Response) {
      await sendCached(res, 'lessons:all', () => listOf('all'));
    },
    async listRetired(_req: Request, res: Response) {
      res.json(await listOf('retired'));
    },
    async byName(req: Request, res: Response) {
      // Express decodes the path segment: /api/lessons/Yoga%20Prenatal is 'Yoga Prenatal'.
      const name = lessonName(String(req.params.name));
      await sendCached(res, `lesson:name:${name}`, async () => toLessonDto(await lessons.findLessonByName(name)));
    },
    async byId(req: Request, res: Response) {
      const lessonId = id(req);
      await sendCached(res, `lesson:id:${lessonId}`, async () => toLessonDto(await lessons.findLessonById(lessonId)));
    },
    async create(req: Request, res: Response) {
      const { fields, branch } = await toLessonFields(validated<LessonAttributes>(req));
      const file = uploadedImage(req);
      if (!file) throw new HttpError(500, ERROR_CODES.INTERNAL_ERROR, MESSAGES.api.internal);
      const doc = await lessons.createLesson(ctx.storage, fields, file, branch);
      res.status(201).json({ message: MESSAGES.lessons.created, lesson: await toLessonDto(doc) });
    },
    async update(req: Request, res: Response) {
      const { fields, branch } = await toLessonFields(validated<LessonAttributes>(req));
      const doc = await lessons.updateLesson(ctx.storage, id(req), fields, uploadedImage(req), branch);
      res.json({ message: MESSAGES.lessons.updated, lesson: await toLessonDto(doc) });
    },
    async remove(req: Request, res: Response) {
      await lessons.retireLesson(id(req));
      res.json({ message: MESSAGES.lessons.deleted });
    },
    async restore(req: Request, res: Response) {
      const retired = await lessons.findRetiredLesson(id(req));
      await lessons.restoreLesson(retired, await findBranchSchedule(retired.office));
      res.json({ message: MESSAGES.lessons.restored });
    },
  };
}
