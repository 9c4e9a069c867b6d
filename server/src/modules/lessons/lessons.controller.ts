import type { Request, Response } from 'express';
import type { Types } from 'mongoose';
import { ERROR_CODES, lessonName, MESSAGES, type FieldErrors } from '@pulso/shared';
import type { AppContext } from '../../lib/context';
import { HttpError } from '../../lib/http-error';
import { sendCached } from '../../lib/read-cache';
import { uploadedImage } from '../../lib/upload';
import { validated } from '../../lib/validate';
import {
  branchNames,
  findBranchSchedule,
  findBranchScheduleByName,
  type BranchSchedule,
} from '../branches/branches.service';
import { unknownNames } from '../catalog/catalog.service';
import { reviewsForLesson } from '../reviews/reviews.service';
import { findMonitorIdByName, userNames } from '../users/users.service';
import type { LessonDoc } from './lessons.model';
import * as lessons from './lessons.service';

interface LessonBody {
  name: string;
  shortDescription: string;
  description: string;
  effort: string | number;
  types: string[];
  goals: string[];
  scheduleDays: string[];
  scheduleHourStart: string;
  scheduleHourFinish: string;
  isAvailable: boolean | string;
  monitor: string;
  branchoffice: string | string[];
}

const unique = (ids: Types.ObjectId[]) => [...new Map(ids.map((id) => [id.toString(), id])).values()];

/** Trainer and sede names for a page of lessons: two queries whatever the page size. */
async function refsFor(docs: LessonDoc[]): Promise<lessons.LessonRefs> {
  const [monitors, offices] = await Promise.all([
    userNames(unique(docs.map((d) => d.monitor))),
    branchNames(unique(docs.map((d) => d.office))),
  ]);
  return { monitors, offices };
}

/**
 * The form names the trainer and the sede; they must exist, and so must every type and goal. The
 * sede comes back with its days and hours, which the class must fit.
 */
async function resolveFields(req: Request): Promise<{ fields: lessons.LessonFields; branch: BranchSchedule }> {
  const input = validated<LessonBody>(req);
  const branchName = (Array.isArray(input.branchoffice) ? input.branchoffice[0] : input.branchoffice) ?? '';
  const [monitor, branch, badTypes, badGoals] = await Promise.all([
    findMonitorIdByName(input.monitor.trim()),
    findBranchScheduleByName(branchName.trim()),
    unknownNames('types', input.types),
    unknownNames('goals', input.goals),
  ]);
  const errors: FieldErrors = {};
  if (!monitor) errors.monitor = MESSAGES.lessons.unknownMonitor;
  if (!branch) errors.branchoffice = MESSAGES.lessons.unknownBranch;
  if (badTypes.length) errors.types = `${MESSAGES.lessons.unknownTypes}: ${badTypes.join(', ')}`;
  if (badGoals.length) errors.goals = `${MESSAGES.lessons.unknownGoals}: ${badGoals.join(', ')}`;
  if (!monitor || !branch || badTypes.length || badGoals.length) throw HttpError.validation(errors);
  const fields: lessons.LessonFields = {
    name: lessonName(input.name),
    shortDescription: input.shortDescription.trim(),
    description: input.description.trim(),
    effort: Number(input.effort),
    types: input.types,
    goals: input.goals,
    scheduleDays: input.scheduleDays,
    scheduleHourStart: input.scheduleHourStart,
    scheduleHourFinish: input.scheduleHourFinish,
    isAvailable: input.isAvailable === true || input.isAvailable === 'true' || input.isAvailable === 'Activa',
    monitor,
    office: branch.id,
  };
  return { fields, branch };
}

const id = (req: Request) => String(req.params.id);

export function lessonsController(ctx: AppContext) {
  async function detail(doc: LessonDoc) {
    const [refs, reviews] = await Promise.all([refsFor([doc]), reviewsForLesson(doc._id)]);
    return lessons.toLessonDto(doc, refs, reviews);
  }

  async function listOf(scope: lessons.LessonScope) {
    const docs = await lessons.findLessons(scope);
    const refs = await refsFor(docs);
    return docs.map((d) => lessons.toLessonListItem(d, refs));
  }

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
      await sendCached(res, `lesson:name:${name}`, async () => detail(await lessons.findLessonByName(name)));
    },
    async byId(req: Request, res: Response) {
      const lessonId = id(req);
      await sendCached(res, `lesson:id:${lessonId}`, async () => detail(await lessons.findLessonById(lessonId)));
    },
    async create(req: Request, res: Response) {
      const { fields, branch } = await resolveFields(req);
      const file = uploadedImage(req);
      if (!file) throw new HttpError(500, ERROR_CODES.INTERNAL_ERROR, MESSAGES.api.internal);
      const doc = await lessons.createLesson(ctx.storage, fields, file, branch);
      res.status(201).json({ message: MESSAGES.lessons.created, lesson: await detail(doc) });
    },
    async update(req: Request, res: Response) {
      const { fields, branch } = await resolveFields(req);
      const doc = await lessons.updateLesson(ctx.storage, id(req), fields, uploadedImage(req), branch);
      res.json({ message: MESSAGES.lessons.updated, lesson: await detail(doc) });
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
