import type { ErrorRequestHandler } from 'express';
import { isDuplicateKeyError } from '../lib/db';
import mongoose from 'mongoose';
import { ERROR_CODES, MESSAGES, type ApiErrorBody } from '@pulso/shared';
import { HttpError } from '../lib/http-error';

interface BodyParserError {
  type?: string;
  status?: number;
  expose?: boolean;
}

interface MongoServerError {
  code?: number;
  keyValue?: Record<string, unknown>;
}

const { mongo } = mongoose;

/**
 * The database is stopped, unreachable or was closed: no server could be selected within the
 * configured timeout, or the connection broke mid-operation. Nothing the client did wrong, and
 * worth retrying later: 503.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return (
    error instanceof mongoose.Error.MongooseServerSelectionError ||
    error instanceof mongo.MongoServerSelectionError ||
    // Also PoolClearedError and MongoNetworkTimeoutError, its subclasses.
    error instanceof mongo.MongoNetworkError ||
    error instanceof mongo.MongoNotConnectedError ||
    error instanceof mongo.MongoTopologyClosedError ||
    error instanceof mongo.MongoServerClosedError ||
    error instanceof mongo.MongoClientClosedError
  );
}

/** Turns anything thrown into the API's failure shape. The only writer of 4xx/5xx bodies. */
function toHttpError(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error;
  if (isDatabaseUnavailable(error)) {
    return new HttpError(503, ERROR_CODES.DATABASE_UNAVAILABLE, MESSAGES.api.databaseUnavailable);
  }
  const parserType = (error as BodyParserError | undefined)?.type;
  if (parserType === 'entity.parse.failed') {
    return new HttpError(400, ERROR_CODES.INVALID_JSON, MESSAGES.api.invalidJson);
  }
  if (parserType === 'entity.too.large') {
    return new HttpError(413, ERROR_CODES.PAYLOAD_TOO_LARGE, MESSAGES.api.payloadTooLarge);
  }
  if (parserType === 'encoding.unsupported' || parserType === 'charset.unsupported') {
    return new HttpError(415, ERROR_CODES.UNSUPPORTED_MEDIA_TYPE, MESSAGES.api.unsupportedMedia);
  }
  if (error instanceof Error && error.name === 'MulterError') {
    const code = (error as Error & { code?: string }).code;
    if (code === 'LIMIT_FILE_SIZE') {
      return new HttpError(413, ERROR_CODES.PAYLOAD_TOO_LARGE, MESSAGES.api.imageTooLarge, [
        { field: 'image', message: MESSAGES.api.imageTooLarge },
      ]);
    }
    return new HttpError(400, ERROR_CODES.VALIDATION_FAILED, MESSAGES.api.malformedUpload);
  }
  // busboy's own errors for broken multipart bodies ("Unexpected end of form", "Malformed part header").
  if (
    error instanceof Error &&
    /^(Unexpected end of form|Malformed part header|Multipart: Boundary not found)/.test(error.message)
  ) {
    return new HttpError(400, ERROR_CODES.VALIDATION_FAILED, MESSAGES.api.malformedUpload);
  }
  const status = (error as BodyParserError | undefined)?.status;
  if (status === 404) return HttpError.notFound();
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new HttpError(status, ERROR_CODES.VALIDATION_FAILED, MESSAGES.api.validation);
  }
  if (error instanceof mongoose.Error.CastError) return HttpError.invalidId();
  if (error instanceof mongoose.Error.ValidationError) {
    // Mongoose's own messages are English and echo the value: say it in Spanish instead.
    const details = Object.fromEntries(
      Object.entries(error.errors).map(([field, e]) => [
        field,
        (e as { kind?: string }).kind === 'maxlength' ? MESSAGES.api.tooLong : MESSAGES.api.invalidValue,
      ]),
    );
    return HttpError.validation(details);
  }
  if (isDuplicateKeyError(error)) {
    const fields = Object.keys((error as MongoServerError).keyValue ?? {});
    return new HttpError(409, ERROR_CODES.CONFLICT, MESSAGES.api.conflict, fields.length ? { fields } : undefined);
  }
  return undefined;
}

export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  const known = toHttpError(error);
  const status = known?.status ?? 500;
  if (!known || status >= 500) {
    req.log.error({ err: error }, 'request failed');
  }
  if (res.headersSent) {
    res.end();
    return;
  }
  const body: ApiErrorBody & Record<string, unknown> = {
    ...(known?.legacy ?? {}),
    code: known?.code ?? ERROR_CODES.INTERNAL_ERROR,
    message: known?.message ?? MESSAGES.api.internal,
  };
  if (known?.details) body.details = known.details;
  res.status(status).json(body);
};
