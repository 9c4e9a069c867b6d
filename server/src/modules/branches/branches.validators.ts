import type { RequestHandler } from 'express';
import { schemas } from '@pulso/shared';
import { imageUpload, jsonField, requireImageContent } from '../../lib/upload';
import { validate } from '../../lib/validate';

/** multipart: `image` + `officeAttributes` JSON text, judged by the branch form (the file's name as `image`). */
export function branchFormValidator(mode: 'create' | 'update'): RequestHandler[] {
  return [
    imageUpload,
    jsonField('officeAttributes'),
    ...validate(schemas.branchForm[mode], { extra: (req) => ({ image: req.file?.originalname ?? '' }) }),
    requireImageContent,
  ];
}
