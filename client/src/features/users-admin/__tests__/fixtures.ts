import { vi } from 'vitest';
import type { ContactMessageDto, PlanDto, UserListItemDto } from '@pulso/shared';
import * as usersApi from '../api/users-admin';
import { useUsersAdminStore } from '../store';

export { apiError } from '../../../test/helpers';

/** The API module's calls, mocked by each test file with `vi.mock('../api/users-admin')`. */
export const api = vi.mocked(usersApi);

/** Before each test: the store as new and every API mock forgotten. */
export function resetUsersAdmin() {
  useUsersAdminStore.setState(useUsersAdminStore.getInitialState(), true);
  for (const fn of Object.values(api)) fn.mockReset();
  // The list's plan filter reads the plans; a test that needs some sets them.
  api.getPlans.mockResolvedValue([]);
}

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
    staffRole: null,
    deletedAt: null,
    erasedAt: null,
    statusMemberShipIdStatus: 'Inactivo',
    membresia: null,
    homeBranch: null,
    lessonDetails: [],
    ...overrides,
  };
}

export const STANDAR: PlanDto = {
  id: 'p'.repeat(24),
  name: 'Standar',
  duration: 1,
  benefits: 'Una sede',
  price: 30,
  renewing: true,
};
export const PLUS: PlanDto = {
  id: 'q'.repeat(24),
  name: 'Plus',
  duration: 3,
  benefits: 'Todas las sedes',
  price: 80,
  renewing: false,
};
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
