import type { PlanInput } from '@pulso/shared';

/**
 * The demo chain every fresh installation starts with (and the client's mock mode reuses).
 * Plan names are the spec's: Standar, Plus and Premium.
 */
export const DEMO_PLANS: (PlanInput & { duration: number; price: number })[] = [
  {
    name: 'Standar',
    duration: 1,
    benefits: 'Acceso a sala de musculacion y cardio en tu sede',
    price: 29.99,
  },
  {
    name: 'Plus',
    duration: 3,
    benefits: 'Acceso a todas las sedes y clases grupales ilimitadas',
    price: 79.99,
  },
  {
    name: 'Premium',
    duration: 12,
    benefits: 'Todas las sedes clases ilimitadas entrenador personal y nutricionista',
    price: 299.99,
  },
];

export interface DemoAccount {
  role: string;
  email: string;
  password: string;
}

/** Demo sign-in accounts; the users module adds them to the seed. */
export const DEMO_ACCOUNTS: DemoAccount[] = [];
