import type { RequestHandler } from 'express';
import { schemas } from '@pulso/shared';
import { imageUpload, jsonField, requireImageContent } from '../../lib/upload';
import { validate } from '../../lib/validate';

/** multipart: `image` + `lessonAttributes` JSON text, judged by the lesson form (the file's name as `image`). */
export function lessonFormValidator(mode: 'create' | 'update'): RequestHandler[] {
  return [
    imageUpload,
    jsonField('lessonAttributes'),
    ...validate(schemas.lessonForm[mode], { extra: (req) => ({ image: req.file?.originalname ?? '' }) }),
    requireImageContent,
  ];
}
