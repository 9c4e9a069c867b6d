import type { Request, RequestHandler } from 'express';
import { validateBranchForm } from '@pulso/shared';
import { imageUpload, jsonField, requireImageContent } from '../../lib/upload';
import { validateBody } from '../../lib/validate';

const FIELDS = {
  name: 'string',
  location: 'string',
  scheduleDays: 'stringArray',
  scheduleHourStart: 'string',
  scheduleHourFinish: 'string',
} as const;

/** The uploaded file's name stands for the image in the form rules (required, jpg/jpeg/png). */
const imageName = (req: Request) => req.file?.originalname ?? '';

/** multipart: `image` + `officeAttributes` JSON text, checked with the branch form's rules. */
export function branchFormValidator(mode: 'create' | 'update'): RequestHandler[] {
  return [
    imageUpload,
    jsonField('officeAttributes'),
    ...validateBody(FIELDS, (input, req) =>
      validateBranchForm({ ...input, image: imageName(req) }, { requireImage: mode === 'create' }),
    ),
    requireImageContent,
  ];
}
