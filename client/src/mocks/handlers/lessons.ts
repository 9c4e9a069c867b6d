import {
  ERROR_CODES,
  hasErrors,
  LESSON_CAPACITY,
  lessonName,
  lessonNameKey,
  lessonReferences,
  lessonScheduleErrors,
  MESSAGES,
  schemas,
  toFieldErrorDetails,
  toText,
  type FieldErrors,
  type NamedSchedule,
} from '@pulso/shared';
import { auditChange, auditCreate, lessonSnapshot } from '../audit';
import type { BranchRec, LessonRec, MockData } from '../db';
import { MockHttpError, type Submitted } from '../http';
import { findLesson, findRetired } from '../lookups';
import { byName, toLessonDto, toLessonListItem } from '../mappers';
import type { Route } from '../route';
import { pinnedAfterChange } from './bookings';

/** The lessons module (server/src/modules/lessons): the classes, retired and restored. */

type LessonFields = Omit<LessonRec, 'id' | 'image' | 'averageStars' | 'reviewCount' | 'deletedAt' | 'capacity'> & {
  /** Absent: a new class gets the default, an edited one keeps its own. */
  capacity?: number;
};
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v) => typeof v === 'string') : []);

/**
 * The server's lessons mapper: the lesson form becomes the class's fields, with its trainer and its
 * branch chosen by id (the SPA) or by name (the spec's clients). Every reference must exist (an
 * active trainer, a branch, known types and goals), and a trainer's name that several trainers share
 * is refused; the failures are reported together under the form's fields.
 */
function toLessonFields(
  data: MockData,
  input: Submitted<typeof schemas.lessonForm.create.fields>,
): { fields: LessonFields; branch: BranchRec } {
  const refs = lessonReferences(input);
  const trainers = data.users.filter(
    (u) =>
      u.isMonitor &&
      !u.deletedAt &&
      ('id' in refs.trainer ? u.id === refs.trainer.id : u.fullName === refs.trainer.name),
  );
  const trainer = trainers.length === 1 ? trainers[0] : undefined;
  const branch = data.branches.find((b) =>
    'id' in refs.branch ? b.id === refs.branch.id : b.name === refs.branch.name,
  );
  const unknown = (sent: string[], known: { name: string }[]) => sent.filter((s) => !known.some((k) => k.name === s));
  const badTypes = unknown(strings(input.types), data.types);
  const badGoals = unknown(strings(input.goals), data.goals);
  const errors: FieldErrors = {};
  if (!trainer)
    errors.monitor =
      'name' in refs.trainer && trainers.length > 1
        ? MESSAGES.lessons.ambiguousTrainer(refs.trainer.name, trainers.length)
        : MESSAGES.lessons.unknownTrainer;
  if (!branch) errors.branchoffice = MESSAGES.lessons.unknownBranch;
  if (badTypes.length) errors.types = `${MESSAGES.lessons.unknownTypes}: ${badTypes.join(', ')}`;
  if (badGoals.length) errors.goals = `${MESSAGES.lessons.unknownGoals}: ${badGoals.join(', ')}`;
  if (!trainer || !branch || hasErrors(errors)) throw MockHttpError.validation(errors);
  const { isAvailable } = input;
  return {
    branch,
    fields: {
      ...schemas.weeklySchedule.parse(input),
      name: lessonName(input.name),
      shortDescription: toText(input.shortDescription),
      description: toText(input.description),
      effort: Number(input.effort),
      types: strings(input.types),
      goals: strings(input.goals),
      isAvailable: isAvailable === true || isAvailable === 'true' || isAvailable === 'Activa',
      ...(toText(input.capacity) === '' ? {} : { capacity: Number(toText(input.capacity)) }),
      trainer: trainer.id,
      branch: branch.id,
    },
  };
}

/** As the server's lessons service: another class (retired too) with the name in any case or accents. */
function ensureNameFree(data: MockData, name: string, except?: string) {
  if (data.lessons.some((l) => lessonNameKey(l.name) === lessonNameKey(name) && l.id !== except))
    throw MockHttpError.conflict(MESSAGES.lessons.nameTaken);
}

/** The shared schedule rules: the class within its branch's days and hours, its trainer not booked twice. */
function scheduleErrors(data: MockData, lesson: LessonFields & { id?: string }, branch: NamedSchedule): FieldErrors {
  const taught = data.lessons.filter((l) => !l.deletedAt && l.trainer === lesson.trainer);
  return lessonScheduleErrors(lesson, branch, taught);
}

type Scope = 'available' | 'all' | 'retired';
const inScope: Record<Scope, (l: LessonRec) => boolean> = {
  available: (l) => !l.deletedAt && l.isAvailable,
  all: (l) => !l.deletedAt,
  retired: (l) => !!l.deletedAt,
};
export const listOf = (data: MockData, scope: Scope) =>
  data.lessons
    .filter(inScope[scope])
    .sort(byName)
    .map((l) => toLessonListItem(data, l));

const lessonList = schemas.lessonListItem.array();

export const lessonsHandlers = (route: Route) => [
  route('GET /lessons', { access: 'anyone', ok: [200, lessonList] }, ({ data }) => listOf(data, 'available')),
  route('GET /lessons/all', { access: 'anyone', ok: [200, lessonList] }, ({ data }) => listOf(data, 'all')),
  route('GET /lessons/retired', { access: 'manager', ok: [200, lessonList] }, ({ data }) => listOf(data, 'retired')),

  route('GET /lessons/detail/:id', { access: 'anyone', ok: [200, schemas.lesson] }, ({ params, data }) =>
    toLessonDto(data, findLesson(data, params.id)),
  ),

  route(
    'POST /lessons/create',
    {
      access: 'manager',
      audit: auditCreate('lesson', lessonSnapshot, (a: { lesson: { id: string } }) => a.lesson.id),
      body: schemas.lessonForm.create,
      multipart: 'lessonAttributes',
      ok: [201, schemas.lessonSaved],
    },
    ({ input, image, data, db }) => {
      const { fields, branch } = toLessonFields(data, input);
      ensureNameFree(data, fields.name);
      const schedule = scheduleErrors(data, fields, branch);
      if (hasErrors(schedule)) throw MockHttpError.validation(schedule);
      const lesson: LessonRec = {
        id: db.id(),
        ...fields,
        capacity: fields.capacity ?? LESSON_CAPACITY.default,
        image: image ?? '',
        averageStars: 0,
        reviewCount: 0,
        deletedAt: null,
      };
      data.lessons.push(lesson);
      return { message: MESSAGES.lessons.created, lesson: toLessonDto(data, lesson) };
    },
  ),

  route(
    'PUT /lessons/update/:id',
    {
      access: 'manager',
      audit: auditChange('lesson', 'update', lessonSnapshot),
      body: schemas.lessonForm.update,
      multipart: 'lessonAttributes',
      ok: [200, schemas.lessonSaved],
    },
    ({ input, image, params, data }) => {
      const { fields, branch } = toLessonFields(data, input);
      const lesson = findLesson(data, params.id);
      if (fields.name !== lesson.name) ensureNameFree(data, fields.name, lesson.id);
      const schedule = scheduleErrors(data, { ...fields, id: lesson.id }, branch);
      if (hasErrors(schedule)) throw MockHttpError.validation(schedule);
      const before = { ...lesson };
      Object.assign(lesson, fields, image ? { image } : {});
      lesson.pinnedSessions = pinnedAfterChange(data, before, lesson, new Date());
      return { message: MESSAGES.lessons.updated, lesson: toLessonDto(data, lesson) };
    },
  ),

  route(
    'DELETE /lessons/delete/:id',
    { access: 'manager', audit: auditChange('lesson', 'delete', lessonSnapshot), ok: [200, schemas.message] },
    ({ params, data }) => {
      findLesson(data, params.id).deletedAt = new Date().toISOString();
      return { message: MESSAGES.lessons.deleted };
    },
  ),

  route(
    'PUT /lessons/restore/:id',
    { access: 'manager', audit: auditChange('lesson', 'restore', lessonSnapshot), ok: [200, schemas.message] },
    ({ params, data }) => {
      const lesson = findRetired(data.lessons, params.id, MESSAGES.lessons.notFound);
      const branch = data.branches.find((b) => b.id === lesson.branch);
      const errors = branch ? scheduleErrors(data, lesson, branch) : { branchoffice: MESSAGES.lessons.unknownBranch };
      if (hasErrors(errors)) {
        const reasons = [MESSAGES.lessons.restoreConflict, ...Object.values(errors)].join('. ');
        throw new MockHttpError(409, ERROR_CODES.CONFLICT, reasons, toFieldErrorDetails(errors));
      }
      lesson.deletedAt = null;
      return { message: MESSAGES.lessons.restored };
    },
  ),

  // Routed after '/all' and '/retired', as on the server; MSW decodes the name ('Yoga%20Prenatal').
  route('GET /lessons/:name', { access: 'anyone', ok: [200, schemas.lesson] }, ({ params, data }) => {
    const name = lessonName(params.name);
    const lesson = data.lessons.find((l) => l.name === name && !l.deletedAt);
    if (!lesson) throw MockHttpError.notFound(MESSAGES.lessons.notFound);
    return toLessonDto(data, lesson);
  }),
];
