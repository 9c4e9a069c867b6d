/**
 * The world the contract scenarios run in: the accounts they sign in with and the plans, sede and
 * classes they read, buy, add, rate and edit, by name. Two worlds exist:
 * - the demo chain (`DEMO_WORLD`), seeded into a throwaway database by the server's contract suite
 *   and held by the mock: the database holds nothing else, so whole lists are compared;
 * - a world of its own that a black-box run creates through the API on any running Pulso, named
 *   with the run's letters, and removes afterwards (black-box.ts).
 */

import { weekly } from '../schemas/week';

export interface WorldAccount {
  email: string;
  password: string;
  fullName: string;
  phone: string;
}

export type WorldPlanKey = 'standar' | 'plus' | 'premium';

export interface WorldPlan {
  name: string;
  duration: number;
  price: number;
  benefits: string;
}

export type WorldLessonKey = 'spinning' | 'yoga' | 'pilates' | 'zumba' | 'kickboxing';

export interface World {
  /**
   * True when the database holds only this world (and what the scenarios add): lists are then
   * compared whole. Otherwise the world's items are looked for among the others.
   */
  alone: boolean;
  /**
   * - admin: the only active admin unless `skip.lastAdmin` says otherwise;
   * - member: an active Plus membership, Spinning and Yoga in their schedule, and the one review of
   *   Spinning (`MEMBER_REVIEW`);
   * - user: no membership, no payment;
   * - trainer: teaches the five classes.
   */
  accounts: Record<'admin' | 'member' | 'user' | 'trainer', WorldAccount>;
  /** Three plans on sale, cheapest first. */
  plans: Record<WorldPlanKey, WorldPlan>;
  /** The sede of the five classes, open `BRANCH_HOURS`. */
  branch: { name: string; location: string };
  /**
   * Five classes of the trainer at the sede, none of them on Monday from 9:00 to 11:00 (the hours
   * of the classes the scenarios create); Kickboxing is not available.
   */
  lessons: Record<WorldLessonKey, string>;
  /** An exercise type and a goal the server knows, for the classes the scenarios create. */
  catalog: { type: string; goal: string };
  /** The full name two trainers the scenarios create share (a name not taken by anybody else). */
  namesake: string;
  /** At least this many of each are listed before the scenarios add theirs. */
  counts: {
    availableLessons: number;
    lessons: number;
    types: number;
    goals: number;
    branches: number;
    users: number;
    trainers: number;
    plans: number;
  };
  /** Steps that cannot run in this world, with why. */
  skip: { lastAdmin?: string; googleOff?: string };
}

/** The days and hours of the world's sede (Sede Centro's in the demo chain). */
export const BRANCH_HOURS = weekly(['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'], '6:00', '23:00');

/** The member's review of Spinning. */
export const MEMBER_REVIEW = { stars: 5, description: 'Excelente clase, mucha energía' };

/** The demo chain of `npm run seed` (shared/src/demo), as the scenarios see it. */
export const DEMO_WORLD: World = {
  alone: true,
  accounts: {
    admin: { email: 'admin@pulso.demo', password: 'Admin1234', fullName: 'Administrador Pulso', phone: '5510000001' },
    member: { email: 'socio@pulso.demo', password: 'Socio1234', fullName: 'Sofía Martínez', phone: '5510000002' },
    user: { email: 'usuario@pulso.demo', password: 'Usuario1234', fullName: 'Diego Herrera', phone: '5510000003' },
    trainer: { email: 'carlos@pulso.demo', password: 'Profe1234', fullName: 'Carlos Ruiz', phone: '5510000004' },
  },
  plans: {
    standar: {
      name: 'Standar',
      duration: 1,
      price: 29.99,
      benefits: 'Sala de musculación, Zona de cardio, Acceso a tu sede',
    },
    plus: { name: 'Plus', duration: 3, price: 79.99, benefits: 'Acceso a todas las sedes, Clases grupales ilimitadas' },
    premium: {
      name: 'Premium',
      duration: 12,
      price: 299.99,
      benefits: 'Todas las sedes, Clases ilimitadas, Entrenador personal, Nutricionista',
    },
  },
  branch: { name: 'Sede Centro', location: 'Avenida Juárez 123' },
  lessons: { spinning: 'Spinning', yoga: 'Yoga', pilates: 'Pilates', zumba: 'Zumba', kickboxing: 'Kickboxing' },
  catalog: { type: 'Cardio', goal: 'Resistencia' },
  namesake: 'Ana Ruiz',
  counts: { availableLessons: 10, lessons: 11, types: 12, goals: 6, branches: 4, users: 7, trainers: 4, plans: 3 },
  skip: {},
};

/** A run id in letters only (names of plans, sedes and classes allow no digits). */
export function letters(runId: string | undefined): string {
  return (runId ?? 'x').replace(/\d/g, (d) => 'abcdefghij'[Number(d)] ?? 'x');
}
