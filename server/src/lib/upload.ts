import type { Request, RequestHandler } from 'express';
import multer from 'multer';
import { ERROR_CODES, MAX_IMAGE_BYTES, MESSAGES } from '@pulso/shared';
import { HttpError } from './http-error';
import type { NewImage } from './storage';

/**
 * Multipart forms with one optional `image` file, kept in memory until it has been checked, so a
 * refused request never leaves a file behind.
 */
export const imageUpload: RequestHandler = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12 },
}).single('image');

/** The real type of an image from its first bytes; the name and the declared type are not trusted. */
export function sniffImage(data: Buffer): 'jpg' | 'png' | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (data.length >= 8 && png.every((b, i) => data[i] === b)) return 'png';
  return null;
}

/** 415 unless the uploaded file (when there is one) really is a JPEG or PNG. */
export const requireImageContent: RequestHandler = (req, _res, next) => {
  if (req.file && !sniffImage(req.file.buffer)) {
    throw new HttpError(415, ERROR_CODES.UNSUPPORTED_MEDIA_TYPE, MESSAGES.lessonForm.imageType, [
      { field: 'image', message: MESSAGES.lessonForm.imageType },
    ]);
  }
  next();
};

/**
 * The spec's multipart forms carry their fields as JSON text in one field (`lessonAttributes`,
 * `officeAttributes`); this makes that object the body the validators read.
 */
export function jsonField(name: string): RequestHandler {
  return (req: Request, _res, next) => {
    const raw: unknown = (req.body as Record<string, unknown> | undefined)?.[name];
    if (typeof raw !== 'string') {
      throw new HttpError(400, ERROR_CODES.VALIDATION_FAILED, MESSAGES.api.validation, [
        { field: name, message: MESSAGES.api.missingAttributes },
      ]);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw new HttpError(400, ERROR_CODES.INVALID_JSON, MESSAGES.api.invalidJson);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new HttpError(400, ERROR_CODES.INVALID_JSON, MESSAGES.api.invalidJson);
    }
    req.body = parsed;
    next();
  };
}

/** The request's checked image, if it sent one. */
export function uploadedImage(req: Request): NewImage | undefined {
  if (!req.file) return undefined;
  const extension = sniffImage(req.file.buffer);
  return extension ? { data: req.file.buffer, extension } : undefined;
}
