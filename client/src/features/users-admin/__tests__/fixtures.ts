import { AxiosError, AxiosHeaders } from 'axios';
import type { ApiErrorBody, PlanDto, UserListItemDto } from '@pulso/shared';
import type { ContactMessageDto } from '@pulso/shared';

let counter = 0;

/** A row of GET /users with sensible defaults. */
export function user(overrides: Partial<UserListItemDto> = {}): UserListItemDto {
  counter += 1;
  const id = (overrides.id ?? String(counter).padStart(24, '0')).slice(0, 24);
  return {
    id,
    fullName: `Usuario ${counter}`,
    email: `usuario${counter}@example.com`,
    phone: '5512345678',
    isMonitor: false,
    isAdmin: false,
    deletedAt: null,
    statusMemberShipIdStatus: 'Inactivo',
    membresia: null,
    lessonDetails: [],
    ...overrides,
  };
}

export const STANDAR: PlanDto = { id: 'p'.repeat(24), name: 'Standar', duration: 1, benefits: 'Una sede', price: 30 };
export const PLUS: PlanDto = { id: 'q'.repeat(24), name: 'Plus', duration: 3, benefits: 'Todas las sedes', price: 80 };
export const PLANS: PlanDto[] = [STANDAR, PLUS];

export function message(overrides: Partial<ContactMessageDto> = {}): ContactMessageDto {
  counter += 1;
  return {
    id: String(counter).padStart(24, 'm'),
    name: 'Ana Torres',
    subject: 'Horario de Navidad',
    email: 'ana@example.com',
    company: '',
    message: '¿Abren el 24?',
    status: 'sent',
    attempts: 1,
    createdAt: '2026-03-05T14:07:00.000Z',
    sentAt: '2026-03-05T14:07:30.000Z',
    ...overrides,
  };
}

/** A failed call as axios reports it, with the API's `{ code, message, details? }` body. */
export function apiError(status: number, body: ApiErrorBody): AxiosError {
  return new AxiosError('failed', 'ERR_BAD_REQUEST', undefined, undefined, {
    status,
    statusText: '',
    data: body,
    headers: {},
    config: { headers: new AxiosHeaders() },
  });
}
