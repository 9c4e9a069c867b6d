import type { Types } from 'mongoose';
import {
  branchChangeErrors,
  DEMO_BRANCHES,
  ERROR_CODES,
  hasErrors,
  MESSAGES,
  scheduleOf,
  type BranchDto,
  type NamedSchedule,
  type WeeklySchedule,
} from '@pulso/shared';
import { SCHEDULE_PROJECTION } from '../../lib/schedule-fields';
import { ignoreDuplicateKeys, onDuplicateKey } from '../../lib/db';
import { toObjectId } from '../../lib/object-id';
import { HttpError } from '../../lib/http-error';
import { updateWithImage, withStoredImage, type NewImage, type StorageDriver } from '../../lib/storage';
import { countLessonsAtBranch, lessonSchedulesAtBranch } from '../lessons/lessons.service';
import { toBranchDto } from './branches.mapper';
import { BranchModel, type BranchDoc } from './branches.model';

export interface BranchFields extends WeeklySchedule {
  name: string;
  location: string;
}

export const branchId = toObjectId;

const notFound = () => new HttpError(404, ERROR_CODES.NOT_FOUND, MESSAGES.branches.notFound);
const nameTaken = () => new HttpError(409, ERROR_CODES.CONFLICT, MESSAGES.branches.nameTaken);

export async function listBranches(): Promise<BranchDto[]> {
  const docs = await BranchModel.find().sort({ name: 1 }).lean<BranchDoc[]>();
  return docs.map(toBranchDto);
}

export async function getBranch(id: string): Promise<BranchDto> {
  const doc = await BranchModel.findById(branchId(id)).lean<BranchDoc>();
  if (!doc) throw notFound();
  return toBranchDto(doc);
}

/** A sede's id with its name, opening days and hours: what a class held there must fit. */
export interface BranchSchedule extends NamedSchedule {
  id: Types.ObjectId;
}

const SCHEDULE_FIELDS = { name: 1, ...SCHEDULE_PROJECTION } as const;

function toSchedule(doc: BranchDoc): BranchSchedule {
  return { id: doc._id, name: doc.name, ...scheduleOf(doc) };
}

/** A sede by name, for lesson forms that name it (the spec's `branchoffice`). */
export async function findBranchScheduleByName(name: string): Promise<BranchSchedule | null> {
  const doc = await BranchModel.findOne({ name }, SCHEDULE_FIELDS).lean<BranchDoc>();
  return doc ? toSchedule(doc) : null;
}

/** A sede by id, with its days and hours; null when it no longer exists. */
export async function findBranchSchedule(id: Types.ObjectId): Promise<BranchSchedule | null> {
  const doc = await BranchModel.findById(id, SCHEDULE_FIELDS).lean<BranchDoc>();
  return doc ? toSchedule(doc) : null;
}

/** A sede's name (a point read); null when it no longer exists. */
export async function branchName(id: Types.ObjectId): Promise<string | null> {
  const doc = await BranchModel.findById(id, { name: 1 }).lean<BranchDoc>();
  return doc?.name ?? null;
}

export async function createBranch(storage: StorageDriver, fields: BranchFields, image: NewImage): Promise<BranchDto> {
  if (await BranchModel.exists({ name: fields.name })) throw nameTaken();
  return onDuplicateKey(
    () =>
      withStoredImage(storage, image, async (imageFields) => {
        const doc = await BranchModel.create({ ...fields, ...imageFields });
        return toBranchDto(doc.toObject<BranchDoc>());
      }),
    nameTaken,
  );
}

/**
 * Updates a sede; a new image replaces the old one, which is then deleted. New days or hours that
 * would leave some of its available classes outside them are refused, naming those classes (as a
 * sede that still has classes cannot be deleted); retired and unavailable classes do not count.
 */
export async function updateBranch(
  storage: StorageDriver,
  id: string,
  fields: BranchFields,
  image: NewImage | undefined,
): Promise<BranchDto> {
  const _id = branchId(id);
  const current = await BranchModel.findById(_id, { imageKey: 1 }).lean<BranchDoc>();
  if (!current) throw notFound();
  const outside = branchChangeErrors(fields, await lessonSchedulesAtBranch(_id));
  if (hasErrors(outside)) throw HttpError.validation(outside);
  const updated = await updateWithImage(
    storage,
    image,
    current.imageKey || undefined,
    (imageFields) =>
      BranchModel.findOneAndUpdate({ _id }, { $set: { ...fields, ...imageFields } }, { new: true }).lean<BranchDoc>(),
    { taken: nameTaken, gone: notFound },
  );
  return toBranchDto(updated);
}

/** A sede that still has classes cannot be deleted: they would point nowhere. */
export async function deleteBranch(storage: StorageDriver, id: string): Promise<void> {
  const _id = branchId(id);
  const current = await BranchModel.findById(_id, { imageKey: 1 }).lean<BranchDoc>();
  if (!current) throw notFound();
  if ((await countLessonsAtBranch(_id)) > 0) throw new HttpError(409, ERROR_CODES.CONFLICT, MESSAGES.branches.inUse);
  await BranchModel.deleteOne({ _id });
  if (current.imageKey) await storage.remove(current.imageKey);
}

/** How many sedes the chain has, for the dashboard overview. */
export function countBranches(): Promise<number> {
  return BranchModel.countDocuments({});
}

/**
 * The demo sedes, into an empty sedes collection, each with its shipped image (stored by
 * `storeImage`); how many were written (none when it holds any).
 */
export async function seedDemoBranches(
  storeImage: (file: string) => Promise<{ image: string; imageKey: string }>,
): Promise<number> {
  if ((await BranchModel.estimatedDocumentCount()) > 0) return 0;
  const branches = await Promise.all(
    DEMO_BRANCHES.map(async ({ image, ...fields }) => ({ ...fields, ...(await storeImage(image)) })),
  );
  await BranchModel.insertMany(branches, { ordered: false }).catch(ignoreDuplicateKeys);
  return branches.length;
}

/** Every sede's id by its name (names are unique), for the demo classes. */
export async function branchIdsByName(): Promise<Map<string, Types.ObjectId>> {
  const docs = await BranchModel.find({}, { name: 1 }).lean<Pick<BranchDoc, '_id' | 'name'>[]>();
  return new Map(docs.map((d) => [d.name, d._id]));
}
