import type { RequestHandler } from 'express';
import { validateLessonForm } from '@pulso/shared';
import { imageUpload, jsonField, requireImageContent } from '../../lib/upload';
import { validateBody } from '../../lib/validate';

const FIELDS = {
  name: 'string',
  shortDescription: 'string',
  description: 'string',
  effort: 'numberOrString',
  types: 'stringArray',
  goals: 'stringArray',
  scheduleDays: 'stringArray',
  scheduleHourStart: 'string',
  scheduleHourFinish: 'string',
  isAvailable: 'booleanOrString',
  monitor: 'string',
  branchoffice: 'stringOrStringArray',
} as const;

/** multipart: `image` + `lessonAttributes` JSON text, checked with the lesson form's rules (SPEC §5). */
export function lessonFormValidator(mode: 'create' | 'update'): RequestHandler[] {
  return [
    imageUpload,
    jsonField('lessonAttributes'),
    ...validateBody(FIELDS, (input, req) =>
      validateLessonForm({ ...input, image: req.file?.originalname ?? '' }, { requireImage: mode === 'create' }),
    ),
    requireImageContent,
  ];
}
