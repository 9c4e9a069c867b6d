import type { PlanDto } from '@pulso/shared';

export { apiError } from '../../../test/helpers';

export const STANDAR: PlanDto = {
  id: 'a'.repeat(24),
  name: 'Standar',
  duration: 1,
  benefits: 'Sala de musculación',
  price: 29.99,
  renewing: false,
  deletedAt: null,
};

export const PLUS: PlanDto = {
  id: 'b'.repeat(24),
  name: 'Plus',
  duration: 3,
  benefits: 'Todas las sedes',
  price: 79.99,
  renewing: false,
  deletedAt: null,
};

export const RETIRED: PlanDto = {
  id: 'c'.repeat(24),
  name: 'Verano',
  duration: 2,
  benefits: 'Piscina',
  price: 50,
  renewing: false,
  deletedAt: '2026-01-10T10:00:00.000Z',
};
