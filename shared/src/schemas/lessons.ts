import * as z from 'zod';
import { HALF_HOUR_CHOICES, IMAGE_EXTENSIONS, LESSON_CAPACITY } from '../constants';
import { MESSAGES } from '../validation/messages';
import { field, isSelected, list, selected, text, toText, whenTyped, wire, type FormChoice } from './core';
import { imageUrl, lessonSummary } from './shared-dtos';
import { hourFields, hourOrder, weekdays, weeklySchedule } from './week';

const m = MESSAGES.lessonForm;

export function hasImageExtension(fileName: string): boolean {
  const ext = fileName.split('.').pop()?.toLowerCase() ?? '';
  return (IMAGE_EXTENSIONS as readonly string[]).includes(ext);
}

/** An image field's rules: a file name with jpg, jpeg or png, or the URL of the image kept. */
export const imageField = (options: { required: boolean; requiredMessage: string }) =>
  field(
    wire.text(),
    text(
      z
        .string()
        .refine((image) => !options.required || image !== '', { error: options.requiredMessage })
        .refine((image) => image === '' || /^https?:\/\//.test(image) || hasImageExtension(image), {
          error: m.imageType,
        }),
    ),
  );

/**
 * A class's name as it is stored and looked up: trimmed, in Unicode NFC (an accent typed as a
 * separate combining mark joins its letter, so 'Aeróbicos' is one spelling however it was typed).
 */
export function lessonName(value: unknown): string {
  return toText(value).normalize('NFC');
}

/**
 * The key two class names are compared by for uniqueness: without accents, case or repeated spaces,
 * so 'Yoga Prenatal', 'yoga prenatal' and 'Yóga Prenatal' are one name (a class page is addressed by it).
 */
export function lessonNameKey(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Letters (accents included) and hyphens, in words separated by single spaces (issue 18). */
const LESSON_NAME_CHARS = /^[\p{L}\- ]+$/u;

const nonEmptyList = (message: string) => field(wire.textList(), list(z.array(z.string()).min(1, message)));

/** The fields of the lesson form (the spec's Lesson form), in the order the form reports them. */
function lessonFields(requireImage: boolean) {
  return {
    name: field(
      wire.text(),
      z.preprocess(
        lessonName,
        z
          .string()
          .min(1, m.nameRequired)
          .regex(LESSON_NAME_CHARS, m.nameLetters)
          .refine((n) => !n.includes('  '), { error: m.nameSpaces })
          .refine((n) => n.length > 3, { error: m.nameTooShort })
          .refine((n) => n.length < 20, { error: m.nameTooLong }),
      ),
    ),
    description: field(
      wire.text(),
      text(
        z
          .string()
          .min(1, m.descriptionRequired)
          .refine((d) => d.length >= 3 && d.length <= 200, { error: m.descriptionLength }),
      ),
    ),
    shortDescription: field(
      wire.text(),
      text(
        z
          .string()
          .min(1, m.shortDescriptionRequired)
          .refine((d) => d.length >= 3 && d.length <= 50, { error: m.shortDescriptionLength }),
      ),
    ),
    effort: field(
      wire.textOrNumber(),
      text(
        z
          .string()
          .min(1, m.effortRequired)
          .regex(/^[1-5]$/, m.effortRange),
      ),
    ),
    image: imageField({ required: requireImage, requiredMessage: m.imageRequired }),
    ...hourFields(m, HALF_HOUR_CHOICES),
    isAvailable: field(wire.boolOrText(), selected(m.isAvailableRequired)),
    // 'Cupo' (issue 22): optional on the wire, as the spec's clients do not send it.
    capacity: field(wire.textOrNumber(), text(z.string().superRefine(whenTyped(capacityRule)))),
    // The trainer and the sede are chosen by id or by name (see lessonReferences): the rules judge
    // the choice under the form's own fields, `monitor` and `branchoffice`.
    monitorId: field(wire.text(), z.unknown()),
    officeId: field(wire.text(), z.unknown()),
    monitor: field(wire.text(), selected(m.trainerRequired)),
    branchoffice: field(
      wire.textOrTextList(),
      z.unknown().refine((v) => selectedOne(Array.isArray(v) ? v[0] : v), { error: m.branchRequired }),
    ),
    scheduleDays: weekdays(m.daysRequired),
    types: nonEmptyList(m.typesRequired),
    goals: nonEmptyList(m.goalsRequired),
  };
}

const capacityRule = z
  .string()
  .regex(/^\d{1,4}$/, MESSAGES.bookings.capacityRange)
  .refine((n) => Number(n) >= LESSON_CAPACITY.min && Number(n) <= LESSON_CAPACITY.max, {
    error: MESSAGES.bookings.capacityRange,
  });

const selectedOne = (v: unknown) => selected('').safeParse(v).success;

/** How a lesson form names its trainer or its sede: by id (the SPA) or by name (the spec's clients). */
export type Reference = { id: string } | { name: string };

/**
 * The trainer and the sede a lesson form chose. The SPA sends their ids (`monitorId`, `officeId`);
 * the spec's clients send the trainer's full name (`monitor`) and the sede's name (`branchoffice`,
 * a one-item list). An id that was chosen wins; otherwise the name (trimmed) is the choice.
 */
export function lessonReferences(input: Record<string, unknown>): { trainer: Reference; branch: Reference } {
  const chosenId = (value: unknown) => (typeof value === 'string' && isSelected(value) ? value.trim() : undefined);
  const trainerId = chosenId(input.monitorId);
  const branchId = chosenId(input.officeId);
  const branchName = Array.isArray(input.branchoffice) ? input.branchoffice[0] : input.branchoffice;
  return {
    trainer: trainerId !== undefined ? { id: trainerId } : { name: toText(input.monitor) },
    branch: branchId !== undefined ? { id: branchId } : { name: toText(branchName) },
  };
}

/** The form's values with the chosen ids under `monitor` and `branchoffice`, where the rules judge them. */
function judgedReferences(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const values = input as Record<string, unknown>;
  const { trainer, branch } = lessonReferences(values);
  return {
    ...values,
    ...('id' in trainer ? { monitor: trainer.id } : {}),
    ...('id' in branch ? { branchoffice: branch.id } : {}),
  };
}

function lessonFormOf(requireImage: boolean) {
  const fields = z.object(lessonFields(requireImage)).superRefine(hourOrder(m, HALF_HOUR_CHOICES));
  const form = z.preprocess(judgedReferences, fields);
  const choice: FormChoice<unknown, typeof fields> = { fields, choose: () => form };
  return choice;
}

/**
 * The lesson form: create needs an image; edit keeps the current one when none is sent. `image` is
 * the chosen file's name (the server puts the uploaded file's name there). The trainer and the sede
 * are chosen by id or by name (lessonReferences), with the same messages either way.
 */
export const lessonForm = {
  create: lessonFormOf(true),
  update: lessonFormOf(false),
};

// ---------- answers ----------

/** A class as list screens and filters show it. */
export const lessonListItem = z.object({
  id: z.string(),
  name: z.string(),
  shortDescription: z.string(),
  image: imageUrl,
  /** Intensity 1-5, held as a string. */
  effort: z.string(),
  types: z.array(z.string()),
  exercisesTypes: z.array(z.object({ name: z.string() })),
  goals: z.array(z.string()),
  ...weeklySchedule.shape,
  isAvailable: z.boolean(),
  /** Places in each session ('Cupo'). */
  capacity: z.number().int(),
  /** The trainer's full name (two trainers may share it: `monitorId` tells them apart). */
  monitor: z.string(),
  monitorId: z.string().nullable(),
  /** The sede's name. */
  branchoffice: z.string(),
  officeId: z.string().nullable(),
  averageStars: z.number(),
});
z.globalRegistry.add(lessonListItem, { id: 'LessonListItem' });

export const lessonReview = z.object({
  id: z.string(),
  user: z.string(),
  userId: z.string(),
  stars: z.number(),
  description: z.string(),
  createdAt: z.string(),
});
z.globalRegistry.add(lessonReview, { id: 'Review' });

/** One class with everything the detail screen shows. */
export const lesson = lessonListItem.extend({
  description: z.string(),
  reviewCount: z.number(),
  reviews: z.array(lessonReview),
  deletedAt: z.string().nullable(),
});
z.globalRegistry.add(lesson, { id: 'Lesson' });

/** A class created or changed. */
export const lessonSaved = z.object({ message: z.string(), lesson });

/** An exercise type or a training goal. */
export const namedItem = z.object({ id: z.string(), name: z.string() });
z.globalRegistry.add(namedItem, { id: 'NamedItem' });

export { lessonSummary };
export type LessonListItemDto = z.infer<typeof lessonListItem>;
export type LessonReviewDto = z.infer<typeof lessonReview>;
export type LessonDto = z.infer<typeof lesson>;
