import axios, { AxiosError } from 'axios';
import { isApiErrorBody, MESSAGES, TOKEN_STORAGE_KEY } from '@pulso/shared';
import { env } from '../config/env';
import { es } from '../i18n/es';

/** The one HTTP client of the SPA. It sends the stored token and turns failures into Spanish text. */
export const api = axios.create({ baseURL: env.apiUrl });

api.interceptors.request.use((config) => {
  const token = localStorage.getItem(TOKEN_STORAGE_KEY);
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

/** A message a person can read for any failed call: the API's own Spanish message when it sent one. */
export function errorMessage(error: unknown): string {
  if (error instanceof AxiosError) {
    const body: unknown = error.response?.data;
    if (isApiErrorBody(body)) return body.message;
    if (!error.response) return es.common.networkError;
    return MESSAGES.api.internal;
  }
  return error instanceof Error ? error.message : String(error);
}

/** The HTTP status of a failed call, or undefined when no answer came back. */
export function errorStatus(error: unknown): number | undefined {
  return error instanceof AxiosError ? error.response?.status : undefined;
}
