import { trusted, type Types } from 'mongoose';
import {
  DEMO_LESSONS,
  ERROR_CODES,
  hasErrors,
  lessonImageFile,
  lessonName,
  lessonNameKey,
  lessonScheduleErrors,
  MESSAGES,
  scheduleOf,
  toFieldErrorDetails,
  type FieldErrors,
  type LessonSummaryDto,
  type NamedSchedule,
  type ScheduledLesson,
  type WeeklySchedule,
} from '@pulso/shared';
import { ignoreDuplicateKeys, onDuplicateKey } from '../../lib/db';
import { toObjectId } from '../../lib/object-id';
import { HttpError } from '../../lib/http-error';
import { updateWithImage, withStoredImage, type NewImage, type StorageDriver } from '../../lib/storage';
import { SCHEDULE_PROJECTION } from '../../lib/schedule-fields';
import { LessonModel, type LessonDoc } from './lessons.model';

const SUMMARY_FIELDS = { name: 1, ...SCHEDULE_PROJECTION } as const;
type SummaryDoc = Pick<LessonDoc, '_id' | 'name' | keyof typeof SCHEDULE_PROJECTION>;

function toSummary(doc: SummaryDoc): LessonSummaryDto {
  return { id: doc._id.toString(), name: doc.name, ...scheduleOf(doc) };
}

export const lessonId = toObjectId;

export const lessonNotFound = () => new HttpError(404, ERROR_CODES.NOT_FOUND, MESSAGES.lessons.notFound);
const notFound = lessonNotFound;
const nameTaken = () => new HttpError(409, ERROR_CODES.CONFLICT, MESSAGES.lessons.nameTaken);

export type LessonScope = 'available' | 'all' | 'retired';

/** Lessons by name: available ones for the public list, all current ones for admin screens. */
export async function findLessons(scope: LessonScope): Promise<LessonDoc[]> {
  const filter =
    scope === 'available'
      ? { deletedAt: null, isAvailable: true }
      : scope === 'all'
        ? { deletedAt: null }
        : { deletedAt: trusted({ $ne: null }) };
  return LessonModel.find(filter).sort({ name: 1 }).lean<LessonDoc[]>();
}

/** A class by its name as its page's address gives it (decoded; any Unicode form of its accents). */
export async function findLessonByName(name: string): Promise<LessonDoc> {
  const doc = await LessonModel.findOne({ name: lessonName(name), deletedAt: null }).lean<LessonDoc>();
  if (!doc) throw notFound();
  return doc;
}

export async function findLessonById(id: string, includeRetired = false): Promise<LessonDoc> {
  // Exactly { _id }: the one filter the embedded engine answers from its index.
  const doc = await LessonModel.findById(lessonId(id)).lean<LessonDoc>();
  if (!doc || (doc.deletedAt && !includeRetired)) throw notFound();
  return doc;
}

/** A class's fields as stored; the trainer and the sede by id, under their stored names `monitor` and `office`. */
export interface LessonFields extends WeeklySchedule {
  name: string;
  shortDescription: string;
  description: string;
  effort: number;
  types: string[];
  goals: string[];
  isAvailable: boolean;
  /** Absent: a new class gets the default, an edited one keeps its own. */
  capacity?: number;
  monitor: Types.ObjectId;
  office: Types.ObjectId;
}

/**
 * Whether another class (retired ones included: they can be restored) has this name or one that
 * differs only in case, accents or spacing. The unique index on `name` is the backstop for exact
 * names written at the same moment; the variants are compared here (a few hundred names).
 */
async function nameIsTaken(name: string, except?: Types.ObjectId): Promise<boolean> {
  const key = lessonNameKey(name);
  const docs = await LessonModel.find({}, { name: 1 }).lean<Pick<LessonDoc, '_id' | 'name'>[]>();
  return docs.some((d) => lessonNameKey(d.name) === key && !(except && d._id.equals(except)));
}

/** The available, current classes of a trainer, as the schedule rules read them. */
async function trainerLessons(trainerId: Types.ObjectId): Promise<ScheduledLesson[]> {
  const docs = await LessonModel.find(
    { monitor: trainerId, deletedAt: null, isAvailable: trusted({ $ne: false }) },
    SUMMARY_FIELDS,
  ).lean<SummaryDoc[]>();
  return docs.map((d) => ({ ...toSummary(d), trainer: trainerId.toString(), isAvailable: true }));
}

/**
 * The schedule rules of issue 18 for an available class (shared `lessonScheduleErrors`): its days
 * and hours inside its sede's, and its trainer teaching no other available class at the same time.
 * Unavailable and retired classes are not held, so they neither need checking nor block others.
 * Not proof against two admins saving clashing classes at the same moment (no transactions here).
 */
async function scheduleErrors(
  fields: WeeklySchedule & Pick<LessonFields, 'isAvailable' | 'monitor'>,
  branch: NamedSchedule,
  id?: Types.ObjectId,
): Promise<FieldErrors> {
  if (!fields.isAvailable) return {};
  const lesson = { ...fields, id: id?.toString(), trainer: fields.monitor.toString() };
  return lessonScheduleErrors(lesson, branch, await trainerLessons(fields.monitor));
}

/** Creates a class held at `branch` (the sede `fields.office` names, with its days and hours). */
export async function createLesson(
  storage: StorageDriver,
  fields: LessonFields,
  image: NewImage,
  branch: NamedSchedule,
): Promise<LessonDoc> {
  if (await nameIsTaken(fields.name)) throw nameTaken();
  const schedule = await scheduleErrors(fields, branch);
  if (hasErrors(schedule)) throw HttpError.validation(schedule);
  return onDuplicateKey(
    () =>
      withStoredImage(storage, image, async (imageFields) => {
        const doc = await LessonModel.create({ ...fields, ...imageFields });
        return doc.toObject<LessonDoc>();
      }),
    nameTaken,
  );
}

/**
 * Updates a class held at `branch`; a new image replaces the old one, which is then deleted. A name
 * kept as it is is not compared again (classes named before variants were compared keep theirs).
 */
export async function updateLesson(
  storage: StorageDriver,
  id: string,
  fields: LessonFields,
  image: NewImage | undefined,
  branch: NamedSchedule,
): Promise<LessonDoc> {
  const _id = lessonId(id);
  // A point read, then the check: `{ _id, deletedAt }` would make the embedded engine read every class.
  const current = await LessonModel.findById(_id, { imageKey: 1, name: 1, deletedAt: 1 }).lean<LessonDoc>();
  if (!current || current.deletedAt) throw notFound();
  if (fields.name !== current.name && (await nameIsTaken(fields.name, _id))) throw nameTaken();
  const schedule = await scheduleErrors(fields, branch, _id);
  if (hasErrors(schedule)) throw HttpError.validation(schedule);
  const updated = await updateWithImage(
    storage,
    image,
    current.imageKey || undefined,
    (imageFields) =>
      LessonModel.findOneAndUpdate({ _id }, { $set: { ...fields, ...imageFields } }, { new: true }).lean<LessonDoc>(),
    { taken: nameTaken, gone: notFound },
  );
  return updated;
}

/** Retires a class: it leaves every list; members' schedules and reviews keep pointing at it. */
export async function retireLesson(id: string): Promise<void> {
  const result = await LessonModel.updateOne(
    { _id: lessonId(id), deletedAt: null },
    { $set: { deletedAt: new Date() } },
  );
  if (result.matchedCount === 0) throw notFound();
}

/** A retired class, for restoring it. */
export async function findRetiredLesson(id: string): Promise<LessonDoc> {
  const doc = await LessonModel.findOne({ _id: lessonId(id), deletedAt: trusted({ $ne: null }) }).lean<LessonDoc>();
  if (!doc) throw notFound();
  return doc;
}

/**
 * Restores a retired class held at `branch` (null: its sede was deleted meanwhile). An available
 * class must still fit its sede and its trainer's classes, which may have changed since it was
 * retired; otherwise 409 with the reasons (the admin changes them first).
 */
export async function restoreLesson(lesson: LessonDoc, branch: NamedSchedule | null): Promise<void> {
  const errors = branch
    ? await scheduleErrors({ ...lesson, isAvailable: lesson.isAvailable !== false }, branch, lesson._id)
    : { branchoffice: MESSAGES.lessons.unknownBranch };
  if (hasErrors(errors)) {
    const reasons = [MESSAGES.lessons.restoreConflict, ...Object.values(errors)].join('. ');
    throw new HttpError(409, ERROR_CODES.CONFLICT, reasons, toFieldErrorDetails(errors));
  }
  const result = await LessonModel.updateOne(
    { _id: lesson._id, deletedAt: trusted({ $ne: null }) },
    { $set: { deletedAt: null } },
  );
  if (result.matchedCount === 0) throw notFound();
}

/**
 * Copies a class's rating onto it for the lists. Concurrent reviews may finish in any order: a
 * rating computed from an older version of the class's reviews never replaces a newer one.
 */
export async function setRating(
  id: Types.ObjectId,
  rating: { average: number; count: number; version: number },
): Promise<void> {
  await LessonModel.updateOne(
    { _id: id, $or: [{ ratingVersion: trusted({ $lt: rating.version }) }, { ratingVersion: null }] },
    { $set: { averageStars: rating.average, reviewCount: rating.count, ratingVersion: rating.version } },
  );
}

/** Shows this rating on the class, whatever it showed before (written under the class's reviews lock: reviews.service). */
export async function replaceRating(
  id: Types.ObjectId,
  rating: { average: number; count: number; version: number },
): Promise<void> {
  await LessonModel.updateOne(
    { _id: id },
    { $set: { averageStars: rating.average, reviewCount: rating.count, ratingVersion: rating.version } },
  );
}

/**
 * Summaries of the given lessons, in the order of `ids` (missing ones left out): one point read
 * each, since a query on several ids reads the whole collection on the embedded engine. Callers
 * pass a member's schedule or a page of users' classes (a few dozen at most).
 */
export async function lessonSummaries(ids: readonly Types.ObjectId[]): Promise<LessonSummaryDto[]> {
  const unique = [...new Map(ids.map((id) => [id.toString(), id])).values()];
  const docs = await Promise.all(unique.map((id) => LessonModel.findById(id, SUMMARY_FIELDS).lean<SummaryDoc>()));
  const byId = new Map(docs.flatMap((d) => (d ? [[d._id.toString(), toSummary(d)] as const] : [])));
  return ids.flatMap((id) => byId.get(id.toString()) ?? []);
}

/** Lessons taught by each of the given trainers (one query), keyed by trainer id. */
export async function lessonsByTrainer(
  trainerIds: readonly Types.ObjectId[],
): Promise<Map<string, LessonSummaryDto[]>> {
  const result = new Map<string, LessonSummaryDto[]>();
  if (trainerIds.length === 0) return result;
  const docs = await LessonModel.find(
    { monitor: trusted({ $in: trainerIds }), deletedAt: null },
    { ...SUMMARY_FIELDS, monitor: 1 },
  )
    .sort({ name: 1 })
    .lean<(SummaryDoc & { monitor: Types.ObjectId })[]>();
  for (const doc of docs) {
    const key = doc.monitor.toString();
    result.set(key, [...(result.get(key) ?? []), toSummary(doc)]);
  }
  return result;
}

/** The current classes held at a sede, as the sede's schedule rule reads them. */
export async function lessonSchedulesAtBranch(
  branchId: Types.ObjectId,
): Promise<(NamedSchedule & { isAvailable: boolean })[]> {
  const docs = await LessonModel.find(
    { office: branchId, deletedAt: null },
    { ...SUMMARY_FIELDS, isAvailable: 1 },
  ).lean<(SummaryDoc & { isAvailable?: boolean })[]>();
  return docs.map((d) => ({ ...toSummary(d), isAvailable: d.isAvailable !== false }));
}

/** Classes (not retired) held at a sede. */
export async function countLessonsAtBranch(branchId: Types.ObjectId): Promise<number> {
  return LessonModel.countDocuments({ office: branchId, deletedAt: null });
}

/** Classes that are not retired, for the dashboard overview. */
export function countLessons(): Promise<number> {
  return LessonModel.countDocuments({ deletedAt: null });
}

/**
 * The demo classes, into an empty classes collection, each given to the trainer and held at the sede
 * its demo entry names (`trainers` and `branches` map those names to ids; a class whose trainer or
 * sede is missing is left out) with its shipped image. Returns the ids of the classes by name, or
 * null when the collection already held classes.
 */
export async function seedDemoLessons(
  trainers: ReadonlyMap<string, Types.ObjectId>,
  branches: ReadonlyMap<string, Types.ObjectId>,
  storeImage: (file: string) => Promise<{ image: string; imageKey: string }>,
): Promise<Map<string, Types.ObjectId> | null> {
  if ((await LessonModel.estimatedDocumentCount()) > 0) return null;
  const lessons = await Promise.all(
    DEMO_LESSONS.filter((l) => trainers.has(l.trainer) && branches.has(l.branch)).map(
      async ({ trainer, branch, ...fields }) => ({
        ...fields,
        isAvailable: fields.isAvailable ?? true,
        monitor: trainers.get(trainer),
        office: branches.get(branch),
        ...(await storeImage(lessonImageFile(fields.name))),
      }),
    ),
  );
  await LessonModel.insertMany(lessons, { ordered: false }).catch(ignoreDuplicateKeys);
  const docs = await LessonModel.find({}, { name: 1 }).lean<Pick<LessonDoc, '_id' | 'name'>[]>();
  return new Map(docs.map((l) => [l.name, l._id]));
}

/** Keeps these sessions of the class at their own date and hours (a schedule change left them). */
export async function setPinnedSessions(
  id: Types.ObjectId,
  pinned: readonly { date: string; start: string; end: string }[],
): Promise<void> {
  await LessonModel.updateOne({ _id: id }, { $set: { pinnedSessions: [...pinned] } });
}

/** The demo chain's classes as running since `since` (its year of history); by `_id`, once, by the seed. */
export async function backdateLessons(ids: readonly Types.ObjectId[], since: Date): Promise<void> {
  for (const _id of ids) await LessonModel.collection.updateOne({ _id }, { $set: { createdAt: since } });
}
