import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import type { ApiErrorBody, PlanDto } from '@pulso/shared';

export const STANDAR: PlanDto = {
  id: 'a'.repeat(24),
  name: 'Standar',
  duration: 1,
  benefits: 'Sala de musculación',
  price: 29.99,
  deletedAt: null,
};

export const PLUS: PlanDto = {
  id: 'b'.repeat(24),
  name: 'Plus',
  duration: 3,
  benefits: 'Todas las sedes',
  price: 79.99,
  deletedAt: null,
};

export const RETIRED: PlanDto = {
  id: 'c'.repeat(24),
  name: 'Verano',
  duration: 2,
  benefits: 'Piscina',
  price: 50,
  deletedAt: '2026-01-10T10:00:00.000Z',
};

/** A failed call as axios reports it, with the API's `{ code, message, details? }` body. */
export function apiError(status: number, body: ApiErrorBody): AxiosError {
  const response = {
    data: body,
    status,
    statusText: '',
    headers: {},
    config: { headers: new AxiosHeaders() },
  } as AxiosResponse;
  return new AxiosError(body.message, 'ERR_BAD_REQUEST', undefined, undefined, response);
}
