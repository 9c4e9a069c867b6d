import type { RequestHandler } from 'express';
import { ERROR_CODES, MESSAGES } from '@pulso/shared';
import { HttpError } from '../lib/http-error';

/** Unknown /api paths get a JSON 404, never the SPA. */
export const apiNotFound: RequestHandler = () => {
  throw new HttpError(404, ERROR_CODES.ROUTE_NOT_FOUND, MESSAGES.api.routeNotFound);
};
