import type { Types } from 'mongoose';
import {
  LESSON_CAPACITY,
  lessonName,
  lessonReferences,
  MESSAGES,
  scheduleOf,
  toText,
  type FieldErrors,
  type LessonDto,
  type LessonListItemDto,
  type Reference,
  type WeeklySchedule,
} from '@pulso/shared';
import { HttpError } from '../../lib/http-error';
import { objectIdOrNull } from '../../lib/object-id';
import {
  branchName,
  findBranchSchedule,
  findBranchScheduleByName,
  type BranchSchedule,
} from '../branches/branches.service';
import { unknownNames } from '../catalog/catalog.service';
import { reviewsForLesson } from '../reviews/reviews.service';
import { findTrainerIdsByName, isActiveTrainer, userName } from '../users/users.service';
import type { LessonDoc } from './lessons.model';
import type { LessonFields } from './lessons.service';

/**
 * The edge of the lessons module: the lesson form as it arrives (`lessonAttributes`) becomes the
 * service's fields, and stored classes become the answers' shapes, where a class names its trainer
 * and its sede (the spec's `monitor` and `branchoffice`) next to their ids.
 */

/** The lesson form's fields, once the shared lessonForm has accepted them. */
export interface LessonAttributes extends WeeklySchedule {
  name: string;
  shortDescription: string;
  description: string;
  effort: string | number;
  types: string[];
  goals: string[];
  isAvailable: boolean | string;
  /** 'Cupo': absent from the spec's clients (a new class then gets the default, an edit keeps its own). */
  capacity?: string | number | null;
  monitorId?: string;
  officeId?: string;
  monitor?: string;
  branchoffice?: string | string[];
}

/** A trainer chosen by id or by full name: its id, or the message saying why there is none. */
async function trainerOf(ref: Reference): Promise<Types.ObjectId | string> {
  if ('id' in ref) {
    const id = objectIdOrNull(ref.id);
    return id && (await isActiveTrainer(id)) ? id : MESSAGES.lessons.unknownTrainer;
  }
  const ids = await findTrainerIdsByName(ref.name);
  if (ids.length > 1) return MESSAGES.lessons.ambiguousTrainer(ref.name, ids.length);
  return ids[0] ?? MESSAGES.lessons.unknownTrainer;
}

/** A sede chosen by id or by name, with the days and hours a class held there must fit. */
async function branchOf(ref: Reference): Promise<BranchSchedule | null> {
  if ('name' in ref) return findBranchScheduleByName(ref.name);
  const id = objectIdOrNull(ref.id);
  return id ? findBranchSchedule(id) : null;
}

/**
 * The one adapter from the lesson form to the service: text trimmed, the effort a number, the
 * availability a boolean, and the trainer and the sede as ids. The SPA sends the ids; the spec's
 * clients name them (`monitor`, `branchoffice`), and the names are looked up here. Every reference
 * must exist (an active trainer, a sede, known types and goals), and a trainer name that several
 * active trainers share is refused: only the id tells which. The failures are reported together
 * under the form's fields. The sede comes back with its days and hours, which the class must fit.
 */
export async function toLessonFields(
  input: LessonAttributes,
): Promise<{ fields: LessonFields; branch: BranchSchedule }> {
  const refs = lessonReferences(input as unknown as Record<string, unknown>);
  const [trainer, branch, badTypes, badGoals] = await Promise.all([
    trainerOf(refs.trainer),
    branchOf(refs.branch),
    unknownNames('types', input.types),
    unknownNames('goals', input.goals),
  ]);
  const errors: FieldErrors = {};
  if (typeof trainer === 'string') errors.monitor = trainer;
  if (!branch) errors.branchoffice = MESSAGES.lessons.unknownBranch;
  if (badTypes.length) errors.types = `${MESSAGES.lessons.unknownTypes}: ${badTypes.join(', ')}`;
  if (badGoals.length) errors.goals = `${MESSAGES.lessons.unknownGoals}: ${badGoals.join(', ')}`;
  if (typeof trainer === 'string' || !branch || badTypes.length || badGoals.length) throw HttpError.validation(errors);
  const fields: LessonFields = {
    name: lessonName(input.name),
    shortDescription: input.shortDescription.trim(),
    description: input.description.trim(),
    effort: Number(input.effort),
    types: input.types,
    goals: input.goals,
    ...scheduleOf(input),
    isAvailable: input.isAvailable === true || input.isAvailable === 'true' || input.isAvailable === 'Activa',
    ...(toText(input.capacity) === '' ? {} : { capacity: Number(toText(input.capacity)) }),
    monitor: trainer,
    office: branch.id,
  };
  return { fields, branch };
}

/** Names of the trainers and sedes a page of lessons points to. */
interface LessonRefs {
  trainers: Map<string, string>;
  branches: Map<string, string>;
}

const unique = (ids: Types.ObjectId[]) => [...new Map(ids.map((id) => [id.toString(), id])).values()];

/**
 * Trainer and sede names for a page of lessons, each read by its id (a point read: a query on
 * several ids would read the whole users collection on the embedded engine). A page names a few
 * dozen trainers and sedes at most.
 */
async function refsFor(docs: readonly LessonDoc[]): Promise<LessonRefs> {
  const named = async (ids: Types.ObjectId[], name: (id: Types.ObjectId) => Promise<string | null>) =>
    new Map(
      (await Promise.all(unique(ids).map(async (id) => [id.toString(), await name(id)] as const))).flatMap(([id, n]) =>
        n === null ? [] : [[id, n] as const],
      ),
    );
  const [trainers, branches] = await Promise.all([
    named(
      docs.map((d) => d.monitor),
      userName,
    ),
    named(
      docs.map((d) => d.office),
      branchName,
    ),
  ]);
  return { trainers, branches };
}

function toLessonListItem(doc: LessonDoc, refs: LessonRefs): LessonListItemDto {
  return {
    id: doc._id.toString(),
    name: doc.name,
    shortDescription: doc.shortDescription,
    image: doc.image ?? '',
    effort: String(doc.effort),
    types: doc.types,
    exercisesTypes: doc.types.map((name) => ({ name })),
    goals: doc.goals,
    ...scheduleOf(doc),
    isAvailable: doc.isAvailable ?? true,
    capacity: doc.capacity ?? LESSON_CAPACITY.default,
    monitor: refs.trainers.get(doc.monitor.toString()) ?? '',
    monitorId: doc.monitor?.toString() ?? null,
    branchoffice: refs.branches.get(doc.office.toString()) ?? '',
    officeId: doc.office?.toString() ?? null,
    averageStars: doc.averageStars ?? 0,
  };
}

/** Lessons as list screens show them, with their trainers' and sedes' names. */
export async function toLessonList(docs: readonly LessonDoc[]): Promise<LessonListItemDto[]> {
  const refs = await refsFor(docs);
  return docs.map((d) => toLessonListItem(d, refs));
}

/** A lesson with everything its page shows: names, description and its newest reviews. */
export async function toLessonDto(doc: LessonDoc, reviewerNames?: ReadonlyMap<string, string>): Promise<LessonDto> {
  const [refs, reviews] = await Promise.all([refsFor([doc]), reviewsForLesson(doc._id, reviewerNames)]);
  return {
    ...toLessonListItem(doc, refs),
    description: doc.description,
    reviewCount: doc.reviewCount ?? 0,
    reviews,
    deletedAt: doc.deletedAt ? doc.deletedAt.toISOString() : null,
  };
}
