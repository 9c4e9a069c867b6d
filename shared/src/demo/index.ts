import type { StaffRole } from '../users/roles';
import { EXERCISE_TYPES } from '../constants';
import type { PlanInput } from '../dto';
import { weekly, type WeeklySchedule } from '../schemas/week';

/**
 * The demo chain every fresh installation starts with (and the client's mock mode reuses).
 * Plan names are the spec's: Standar, Plus and Premium. A plan's benefits are one text, one benefit
 * after another separated by commas (the plan form allows them; pages show them as a list).
 */
export const DEMO_PLANS: (PlanInput & { duration: number; price: number; renewing: boolean })[] = [
  // Monthly and renewing: charged again every month until the member stops it.
  {
    name: 'Standar',
    duration: 1,
    benefits: 'Sala de musculación, Zona de cardio, Acceso a tu sede',
    price: 29.99,
    renewing: true,
  },
  {
    name: 'Plus',
    duration: 3,
    benefits: 'Acceso a todas las sedes, Clases grupales ilimitadas',
    price: 79.99,
    renewing: false,
  },
  {
    name: 'Premium',
    duration: 12,
    benefits: 'Todas las sedes, Clases ilimitadas, Entrenador personal, Nutricionista',
    price: 299.99,
    renewing: false,
  },
];

export interface DemoUser {
  fullName: string;
  email: string;
  password: string;
  phone: string;
  isAdmin?: boolean;
  isMonitor?: boolean;
  /** A sede manager or front desk of their home sede. */
  staffRole?: StaffRole;
  /** Name of a plan bought 10 days ago. */
  plan?: string;
  /** Name of their home sede ('Sede habitual'). */
  homeBranchName?: string;
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
  {
    fullName: 'Sofía Martínez',
    email: 'socio@pulso.demo',
    password: 'Socio1234',
    phone: '5510000002',
    plan: 'Plus',
    homeBranchName: 'Sede Centro',
  },
  {
    fullName: 'Diego Herrera',
    email: 'usuario@pulso.demo',
    password: 'Usuario1234',
    phone: '5510000003',
    homeBranchName: 'Sede Norte',
  },
  { fullName: 'Carlos Ruiz', email: 'carlos@pulso.demo', password: 'Profe1234', phone: '5510000004', isMonitor: true },
  {
    fullName: 'Lucía Fernández',
    email: 'lucia@pulso.demo',
    password: 'Profe1234',
    phone: '5510000005',
    isMonitor: true,
  },
  { fullName: 'Mateo Gómez', email: 'mateo@pulso.demo', password: 'Profe1234', phone: '5510000006', isMonitor: true },
  {
    fullName: 'Valentina Ríos',
    email: 'valentina@pulso.demo',
    password: 'Profe1234',
    phone: '5510000007',
    isMonitor: true,
  },
  // The staff of Sede Centro: its manager and its front desk.
  {
    fullName: 'Gabriela Soto',
    email: 'gerente@pulso.demo',
    password: 'Gerente1234',
    phone: '5510000014',
    staffRole: 'manager',
    homeBranchName: 'Sede Centro',
  },
  {
    fullName: 'Rosa Vega',
    email: 'recepcion@pulso.demo',
    password: 'Recepcion1234',
    phone: '5510000015',
    staffRole: 'desk',
    homeBranchName: 'Sede Centro',
  },
  // Members who book the demo's sessions (DEMO_BOOKINGS).
  {
    fullName: 'Ana López',
    email: 'ana@pulso.demo',
    password: 'Socio1234',
    phone: '5510000008',
    plan: 'Standar',
    homeBranchName: 'Sede Centro',
  },
  {
    fullName: 'Javier Torres',
    email: 'javier@pulso.demo',
    password: 'Socio1234',
    phone: '5510000009',
    plan: 'Plus',
    homeBranchName: 'Sede Norte',
  },
  {
    fullName: 'Camila Díaz',
    email: 'camila@pulso.demo',
    password: 'Socio1234',
    phone: '5510000010',
    plan: 'Standar',
    homeBranchName: 'Sede Sur',
  },
  {
    fullName: 'Tomás Navarro',
    email: 'tomas@pulso.demo',
    password: 'Socio1234',
    phone: '5510000011',
    plan: 'Plus',
    homeBranchName: 'Sede Poniente',
  },
  {
    fullName: 'Paula Romero',
    email: 'paula@pulso.demo',
    password: 'Socio1234',
    phone: '5510000012',
    plan: 'Premium',
    homeBranchName: 'Sede Centro',
  },
  {
    fullName: 'Martín Castro',
    email: 'martin@pulso.demo',
    password: 'Socio1234',
    phone: '5510000013',
    plan: 'Standar',
    homeBranchName: 'Sede Sur',
  },
];

/**
 * The year of demo history's members (issue 24): `historial001@pulso.demo` ... `historial160@pulso.demo`,
 * all with the demo members' password. Seeded data, not people: the contract suite's real-data
 * guard lets them be, as it does the accounts above.
 */
export const DEMO_HISTORY_MEMBERS = 160;
export const DEMO_HISTORY_PASSWORD = 'Socio1234';
export const demoHistoryEmail = (index: number) => `historial${String(index + 1).padStart(3, '0')}@pulso.demo`;
const DEMO_HISTORY_EMAIL = /^historial(\d{3})@pulso\.demo$/;

/** Whether an e-mail is one of the demo chain's own accounts: the ones above or the history's members. */
export function isDemoEmail(email: string): boolean {
  const lower = email.toLowerCase();
  if (DEMO_USERS.some((u) => u.email === lower)) return true;
  const match = DEMO_HISTORY_EMAIL.exec(lower);
  return match !== null && Number(match[1]) >= 1 && Number(match[1]) <= DEMO_HISTORY_MEMBERS;
}

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
  { role: 'sede manager', email: 'gerente@pulso.demo', password: 'Gerente1234' },
  { role: 'front desk', email: 'recepcion@pulso.demo', password: 'Recepcion1234' },
];

export const DEMO_TYPES: readonly string[] = EXERCISE_TYPES;

export const DEMO_GOALS = ['Resistencia', 'Fuerza muscular', 'Flexibilidad', 'Perder peso', 'Tonificar', 'Bienestar'];

export interface DemoBranch extends WeeklySchedule {
  name: string;
  location: string;
  image: string;
}

const WEEK = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes'];

export const DEMO_BRANCHES: DemoBranch[] = [
  {
    name: 'Sede Centro',
    location: 'Avenida Juárez 123',
    ...weekly([...WEEK, 'Sábado'], '6:00', '23:00'),
    image: 'sede-1.jpg',
  },
  {
    name: 'Sede Norte',
    location: 'Calle Reforma 456',
    ...weekly(WEEK, '7:00', '22:00'),
    image: 'sede-2.jpg',
  },
  {
    name: 'Sede Sur',
    location: 'Avenida Universidad 789',
    ...weekly([...WEEK, 'Sábado', 'Domingo'], '8:00', '20:00'),
    image: 'sede-3.jpg',
  },
  {
    name: 'Sede Poniente',
    location: 'Boulevard de los Deportes 1500',
    // Open whenever its classes are held (HIIT from 6:30, Zumba on Tuesdays and Thursdays).
    ...weekly([...WEEK, 'Sábado'], '6:00', '21:00'),
    image: 'sede-4.jpg',
  },
];

export interface DemoLesson extends WeeklySchedule {
  name: string;
  shortDescription: string;
  description: string;
  effort: number;
  types: string[];
  goals: string[];
  trainer: string;
  branch: string;
  isAvailable?: boolean;
}

export const DEMO_LESSONS: DemoLesson[] = [
  {
    name: 'Spinning',
    shortDescription: 'Ciclismo indoor al ritmo de la música',
    description: 'Pedalea en bicicleta estática con cambios de ritmo y resistencia guiados por tu entrenador.',
    effort: 4,
    types: ['Cardio', 'Resistencia'],
    goals: ['Resistencia', 'Perder peso'],
    ...weekly(['Lunes', 'Miércoles', 'Viernes'], '7:00', '8:00'),
    trainer: 'Carlos Ruiz',
    branch: 'Sede Centro',
  },
  {
    name: 'Yoga',
    shortDescription: 'Posturas, respiración y calma',
    description: 'Secuencias de posturas para ganar flexibilidad, equilibrio y calma mental.',
    effort: 2,
    types: ['Flexibilidad', 'Equilibrio', 'Relajación'],
    goals: ['Flexibilidad', 'Bienestar'],
    ...weekly(['Martes', 'Jueves'], '9:00', '10:00'),
    trainer: 'Lucía Fernández',
    branch: 'Sede Norte',
  },
  {
    name: 'Pilates',
    shortDescription: 'Fortalece tu centro y postura',
    description: 'Ejercicios controlados que fortalecen el abdomen, mejoran la postura y la movilidad.',
    effort: 2,
    types: ['Fuerza', 'Flexibilidad', 'Movilidad'],
    goals: ['Tonificar', 'Flexibilidad'],
    ...weekly(['Lunes', 'Miércoles'], '18:00', '19:00'),
    trainer: 'Lucía Fernández',
    branch: 'Sede Centro',
  },
  {
    name: 'Crossfit',
    shortDescription: 'Entrenamiento funcional de alta intensidad',
    description: 'Circuitos variados de fuerza y potencia con levantamientos, saltos y ejercicios gimnásticos.',
    effort: 5,
    types: ['Fuerza', 'Potencia', 'Resistencia'],
    goals: ['Fuerza muscular', 'Resistencia'],
    ...weekly(['Lunes', 'Martes', 'Jueves'], '19:00', '20:00'),
    trainer: 'Mateo Gómez',
    branch: 'Sede Sur',
  },
  {
    name: 'Zumba',
    shortDescription: 'Baile y cardio con ritmos latinos',
    description: 'Coreografías sencillas con música latina para quemar calorías mientras te diviertes.',
    effort: 3,
    types: ['Cardio', 'Coordinación'],
    goals: ['Perder peso', 'Bienestar'],
    ...weekly(['Martes', 'Jueves', 'Sábado'], '10:00', '11:00'),
    trainer: 'Valentina Ríos',
    branch: 'Sede Poniente',
  },
  {
    name: 'Boxeo',
    shortDescription: 'Técnica de golpeo y desplazamientos',
    description: 'Aprende técnica de boxeo con trabajo de saco, manoplas y desplazamientos.',
    effort: 4,
    types: ['Cardio', 'Agilidad', 'Potencia'],
    goals: ['Resistencia', 'Fuerza muscular'],
    ...weekly(['Lunes', 'Miércoles'], '20:00', '21:00'),
    trainer: 'Mateo Gómez',
    branch: 'Sede Centro',
  },
  {
    name: 'Funcional',
    shortDescription: 'Movimientos útiles para el día a día',
    description: 'Entrenamiento con el propio peso y accesorios para moverte mejor en tu vida diaria.',
    effort: 3,
    types: ['Fuerza', 'Coordinación', 'Movilidad'],
    goals: ['Tonificar', 'Bienestar'],
    ...weekly(['Martes', 'Viernes'], '8:00', '9:00'),
    trainer: 'Carlos Ruiz',
    branch: 'Sede Norte',
  },
  {
    name: 'Calistenia',
    shortDescription: 'Fuerza con tu propio peso corporal',
    description: 'Dominadas, fondos y progresiones para ganar fuerza y control del cuerpo.',
    effort: 4,
    types: ['Fuerza', 'Equilibrio'],
    goals: ['Fuerza muscular'],
    ...weekly(['Miércoles', 'Viernes'], '17:00', '18:00'),
    trainer: 'Mateo Gómez',
    branch: 'Sede Norte',
  },
  {
    name: 'Estiramiento',
    shortDescription: 'Recupera y alarga tus músculos',
    description: 'Sesión suave de estiramientos para recuperar después del entrenamiento y prevenir lesiones.',
    effort: 1,
    types: ['Estiramiento', 'Flexibilidad', 'Relajación'],
    goals: ['Flexibilidad', 'Bienestar'],
    ...weekly(['Sábado'], '11:00', '11:30'),
    trainer: 'Lucía Fernández',
    branch: 'Sede Sur',
  },
  {
    name: 'HIIT',
    shortDescription: 'Intervalos cortos de máximo esfuerzo',
    description: 'Bloques de trabajo intenso y descanso breve para mejorar tu condición en poco tiempo.',
    effort: 5,
    types: ['Cardio', 'Velocidad', 'Resistencia'],
    goals: ['Perder peso', 'Resistencia'],
    ...weekly(['Lunes', 'Jueves'], '6:30', '7:00'),
    trainer: 'Carlos Ruiz',
    branch: 'Sede Poniente',
  },
  {
    name: 'Aeróbicos',
    shortDescription: 'Cardio clásico con pasos sencillos',
    description: 'Rutinas aeróbicas de bajo impacto para mejorar la capacidad cardiovascular.',
    effort: 2,
    types: ['Cardio', 'Coordinación'],
    goals: ['Perder peso', 'Bienestar'],
    ...weekly(['Martes', 'Jueves'], '16:00', '17:00'),
    trainer: 'Valentina Ríos',
    branch: 'Sede Sur',
  },
  {
    name: 'Kickboxing',
    shortDescription: 'Golpes y patadas con mucha energía',
    description: 'Combinaciones de golpes y patadas que trabajan fuerza, agilidad y resistencia.',
    effort: 5,
    types: ['Agilidad', 'Potencia', 'Velocidad'],
    goals: ['Resistencia', 'Tonificar'],
    ...weekly(['Miércoles', 'Viernes'], '19:30', '20:30'),
    trainer: 'Valentina Ríos',
    branch: 'Sede Poniente',
    isAvailable: false,
  },
];

/** Classes the demo member has in their schedule, and the reviews they left. */
export const DEMO_MEMBER_LESSONS = ['Spinning', 'Yoga'];
export const DEMO_REVIEWS = [
  { lesson: 'Spinning', stars: 5, description: 'Excelente clase, mucha energía' },
  { lesson: 'Yoga', stars: 4, description: 'Muy relajante, la recomiendo' },
];

/** A class's seed image: ASCII file names ('Aeróbicos' → clase-aerobicos.jpg). */
export const lessonImageFile = (name: string) =>
  `clase-${name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()}.jpg`;

/**
 * The demo chain's bookings, made at the first start with the same rules as requests: the next
 * session of `several` booked by the first members of `members`; the next session of `full` given
 * `fullCapacity` places and booked by every one of `members`, so the last ones wait; and the latest
 * session of `past` classes that ended in the last two days, booked by the demo member and the first
 * two of `members`, all but the last of them checked in (the last is a no-show).
 */
export const DEMO_BOOKINGS = {
  members: [
    'ana@pulso.demo',
    'javier@pulso.demo',
    'camila@pulso.demo',
    'tomas@pulso.demo',
    'paula@pulso.demo',
    'martin@pulso.demo',
  ],
  several: { lesson: 'Calistenia', count: 3 },
  full: { lesson: 'Crossfit', capacity: 4 },
  past: ['Funcional', 'HIIT', 'Crossfit', 'Calistenia', 'Estiramiento', 'Boxeo', 'Pilates'],
};
