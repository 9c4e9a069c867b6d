import {
  endHourChoices,
  fieldErrors,
  HALF_HOUR_CHOICES,
  LESSON_CAPACITY,
  LESSON_START_HOURS,
  lessonScheduleErrors,
  schemas,
  SELECT_PLACEHOLDER,
  type FieldErrors,
  type LessonDto,
  type LessonListItemDto,
  type NamedSchedule,
} from '@pulso/shared';
import type { Body } from '../../lib/api-client';
import type { LessonAttributes } from './api/lessons-dashboard';

export type Availability = 'Activa' | 'Inactiva';

type LessonFields = Body<typeof schemas.lessonForm.create.fields>;

/**
 * The lesson form as the inputs hold it: the schema's fields, with selects at 'Seleccione'.
 * The trainer and sede selects (the form's `monitor` and `branchoffice`, where the rules judge the
 * choice) hold the chosen ids; the image is chosen apart, as a file.
 */
export type LessonFormValues = Omit<
  LessonFields,
  'image' | 'monitorId' | 'officeId' | 'effort' | 'isAvailable' | 'branchoffice' | 'capacity'
> & {
  effort: string;
  /** 'Cupo': places in each session. */
  capacity: string;
  isAvailable: Availability | typeof SELECT_PLACEHOLDER;
  branchoffice: string;
};

export const EMPTY_LESSON_FORM: LessonFormValues = {
  name: '',
  shortDescription: '',
  description: '',
  effort: '',
  capacity: String(LESSON_CAPACITY.default),
  types: [],
  goals: [],
  scheduleDays: [],
  scheduleHourStart: SELECT_PLACEHOLDER,
  scheduleHourFinish: SELECT_PLACEHOLDER,
  isAvailable: SELECT_PLACEHOLDER,
  monitor: SELECT_PLACEHOLDER,
  branchoffice: SELECT_PLACEHOLDER,
};

export function valuesOf(lesson: LessonDto): LessonFormValues {
  return {
    name: lesson.name,
    shortDescription: lesson.shortDescription,
    description: lesson.description,
    effort: lesson.effort,
    capacity: String(lesson.capacity),
    types: [...lesson.types],
    goals: [...lesson.goals],
    scheduleDays: [...lesson.scheduleDays],
    scheduleHourStart: lesson.scheduleHourStart || SELECT_PLACEHOLDER,
    scheduleHourFinish: lesson.scheduleHourFinish || SELECT_PLACEHOLDER,
    isAvailable: lesson.isAvailable ? 'Activa' : 'Inactiva',
    monitor: lesson.monitorId || SELECT_PLACEHOLDER,
    branchoffice: lesson.officeId || SELECT_PLACEHOLDER,
  };
}

/**
 * The start-hour choices: every half hour from 1:00 to 23:30 (the schedule's 1:00-24:00 less 24:00,
 * after which no end hour exists).
 */
export const START_HOURS = LESSON_START_HOURS;

/** End-hour choices never at or before the chosen start. */
export function finishHours(start: string): string[] {
  return start === SELECT_PLACEHOLDER ? [...HALF_HOUR_CHOICES] : endHourChoices(HALF_HOUR_CHOICES, start);
}

/**
 * The form's rules on its values, from the shared schema. `image` is the chosen file's name, or
 * the stored image's URL on the edit screen, so only the create screen requires a file.
 */
export function lessonFormErrors(values: LessonFormValues, image: string, requireImage: boolean): FieldErrors {
  const input = { ...values, image };
  const form = requireImage ? schemas.lessonForm.create : schemas.lessonForm.update;
  return fieldErrors(form.choose(undefined, input), input);
}

/** The fields the schedule rules speak about: a change to any of them makes the server's word on them stale. */
export const SCHEDULE_FIELDS = [
  'scheduleDays',
  'scheduleHourStart',
  'scheduleHourFinish',
  'monitor',
  'branchoffice',
  'isAvailable',
] as const;

/**
 * The server's schedule rules (issue 18), before sending: an available class inside its sede's days
 * and hours, and its trainer teaching no other available class at the same time. `lessons` is the
 * dashboard's list of current classes; the class being edited (`lessonId`) is not compared with itself.
 */
export function scheduleErrors(
  values: LessonFormValues,
  lessonId: string | undefined,
  branches: readonly (NamedSchedule & { id: string })[],
  lessons: readonly LessonListItemDto[],
): FieldErrors {
  return lessonScheduleErrors(
    { ...values, id: lessonId, trainer: values.monitor, isAvailable: values.isAvailable === 'Activa' },
    branches.find((o) => o.id === values.branchoffice),
    // Trainers are told apart by id: two may share a full name.
    lessons.map((lesson) => ({ ...lesson, trainer: lesson.monitorId ?? '' })),
  );
}

/** Every field filled in: the create button waits for this as well as for no errors. */
export function isComplete(values: LessonFormValues, hasImage: boolean): boolean {
  const filled = (v: string) => v.trim() !== '' && v !== SELECT_PLACEHOLDER;
  return (
    hasImage &&
    [
      values.name,
      values.shortDescription,
      values.description,
      values.effort,
      values.capacity,
      values.scheduleHourStart,
      values.scheduleHourFinish,
      values.isAvailable,
      values.monitor,
      values.branchoffice,
    ].every(filled) &&
    values.types.length > 0 &&
    values.goals.length > 0 &&
    values.scheduleDays.length > 0
  );
}

export function toAttributes(values: LessonFormValues): LessonAttributes {
  return {
    name: values.name.trim(),
    shortDescription: values.shortDescription.trim(),
    description: values.description.trim(),
    effort: values.effort.trim(),
    capacity: values.capacity.trim(),
    types: values.types,
    goals: values.goals,
    scheduleDays: values.scheduleDays,
    scheduleHourStart: values.scheduleHourStart,
    scheduleHourFinish: values.scheduleHourFinish,
    isAvailable: values.isAvailable === 'Activa',
    monitorId: values.monitor,
    officeId: values.branchoffice,
  };
}
