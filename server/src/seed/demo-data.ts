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

export interface DemoUser {
  fullName: string;
  email: string;
  password: string;
  phone: string;
  isAdmin?: boolean;
  isMonitor?: boolean;
  /** Name of a plan bought 10 days ago. */
  plan?: string;
}

/** Every demo password passes the registration rules (8+ characters, a digit, a capital). */
export const DEMO_USERS: DemoUser[] = [
  {
    fullName: 'Administrador Pulso',
    email: 'admin@pulso.demo',
    password: 'Admin1234',
    phone: '5510000001',
    isAdmin: true,
  },
  { fullName: 'Sofia Martinez', email: 'socio@pulso.demo', password: 'Socio1234', phone: '5510000002', plan: 'Plus' },
  { fullName: 'Diego Herrera', email: 'usuario@pulso.demo', password: 'Usuario1234', phone: '5510000003' },
  { fullName: 'Carlos Ruiz', email: 'carlos@pulso.demo', password: 'Profe1234', phone: '5510000004', isMonitor: true },
  {
    fullName: 'Lucia Fernandez',
    email: 'lucia@pulso.demo',
    password: 'Profe1234',
    phone: '5510000005',
    isMonitor: true,
  },
  { fullName: 'Mateo Gomez', email: 'mateo@pulso.demo', password: 'Profe1234', phone: '5510000006', isMonitor: true },
  {
    fullName: 'Valentina Rios',
    email: 'valentina@pulso.demo',
    password: 'Profe1234',
    phone: '5510000007',
    isMonitor: true,
  },
];

export interface DemoAccount {
  role: string;
  email: string;
  password: string;
}

/** The accounts printed at start in development and listed in the README. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { role: 'admin', email: 'admin@pulso.demo', password: 'Admin1234' },
  { role: 'member', email: 'socio@pulso.demo', password: 'Socio1234' },
  { role: 'user', email: 'usuario@pulso.demo', password: 'Usuario1234' },
  { role: 'trainer', email: 'carlos@pulso.demo', password: 'Profe1234' },
];
