import axios, { AxiosError } from 'axios';
import type * as z from 'zod';
import {
  ERROR_CODES,
  fieldErrorsOf,
  isApiErrorBody,
  MESSAGES,
  TOKEN_STORAGE_KEY,
  type FieldErrors,
  type FormValues,
} from '@pulso/shared';
import { env } from '../config/env';
import { es } from '../i18n/es';

/**
 * The one HTTP client of the SPA: it sends the stored token. Each call is one small function in
 * `features/<f>/api/`, typed with `Answer` and `Body` from the shared schemas.
 */
export const api = axios.create({ baseURL: env.apiUrl });

api.interceptors.request.use((config) => {
  const token = localStorage.getItem(TOKEN_STORAGE_KEY);
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

/** What a route answers, as its schema in @pulso/shared says (`Answer<typeof schemas.lessonSaved>`). */
export type Answer<S extends z.ZodType> = z.output<S>;

/** A request body: the fields of a form schema as the wire takes them (`Body<typeof schemas.planForm>`). */
export type Body<S extends z.ZodType> = FormValues<S>;

/**
 * Every failed call in one shape: the Spanish message a person reads (the API's own when it sent
 * one), the HTTP status and error code when an answer came back, and the field messages of its
 * `details`, keyed by field.
 */
export interface ApiFailure {
  message: string;
  status?: number;
  code?: string;
  fieldErrors: FieldErrors;
  /** The thing asked for does not exist, or its id is malformed (404, NOT_FOUND, INVALID_ID). */
  notFound: boolean;
}

export function failureOf(error: unknown): ApiFailure {
  if (!(error instanceof AxiosError)) {
    return { message: error instanceof Error ? error.message : String(error), fieldErrors: {}, notFound: false };
  }
  const status = error.response?.status;
  const body: unknown = error.response?.data;
  if (!isApiErrorBody(body)) {
    const message = error.response ? MESSAGES.api.internal : es.common.networkError;
    return { message, status, fieldErrors: {}, notFound: status === 404 };
  }
  // A taken e-mail comes without field details: it still belongs under the e-mail field.
  const fieldErrors = body.code === ERROR_CODES.EMAIL_TAKEN ? { email: body.message } : fieldErrorsOf(body);
  const notFound = status === 404 || body.code === ERROR_CODES.NOT_FOUND || body.code === ERROR_CODES.INVALID_ID;
  return { message: body.message, status, code: body.code, fieldErrors, notFound };
}
