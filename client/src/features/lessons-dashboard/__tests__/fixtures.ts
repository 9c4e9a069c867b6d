import type { LessonDto, LessonListItemDto, TrainerDto } from '@pulso/shared';

export { apiError } from '../../../test/helpers';

const base: Omit<LessonListItemDto, 'id' | 'name' | 'types' | 'isAvailable' | 'shortDescription'> = {
  image: 'https://img.test/clase.jpg',
  effort: '3',
  exercisesTypes: [],
  goals: ['Bienestar'],
  scheduleDays: ['Lunes'],
  scheduleHourStart: '9:00',
  scheduleHourFinish: '10:00',
  monitor: 'Carlos Ruiz',
  monitorId: 'm1',
  branchoffice: 'Sede Centro',
  officeId: 'o1',
  averageStars: 0,
  capacity: 20,
};

export const LESSONS: LessonListItemDto[] = [
  {
    ...base,
    id: 'l1',
    name: 'Boxeo',
    shortDescription: 'Golpes y guardia',
    types: ['Cardio', 'Potencia'],
    isAvailable: true,
  },
  { ...base, id: 'l2', name: 'Yoga', shortDescription: 'Calma', types: ['Flexibilidad'], isAvailable: false },
  { ...base, id: 'l3', name: 'Zumba', shortDescription: 'Baile', types: ['Cardio'], isAvailable: true },
];

export const YOGA: LessonDto = {
  ...base,
  id: 'l2',
  name: 'Yoga',
  shortDescription: 'Posturas y calma',
  description: 'Una clase de posturas y respiración.',
  types: ['Flexibilidad'],
  exercisesTypes: [{ name: 'Flexibilidad' }],
  goals: ['Bienestar'],
  scheduleDays: ['Martes', 'Jueves'],
  scheduleHourStart: '18:00',
  scheduleHourFinish: '19:30',
  isAvailable: false,
  monitor: 'Lucía Fernández',
  branchoffice: 'Sede Norte',
  monitorId: 'm2',
  officeId: 'o2',
  reviewCount: 0,
  reviews: [],
  deletedAt: null,
};

export const TRAINERS: TrainerDto[] = [
  { id: 'm1', fullName: 'Carlos Ruiz', email: 'carlos@pulso.demo', lessonDetails: [] },
  { id: 'm2', fullName: 'Lucía Fernández', email: 'lucia@pulso.demo', lessonDetails: [] },
];

export const BRANCHES = [
  {
    id: 'o1',
    name: 'Sede Centro',
    scheduleDays: ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'],
    scheduleHourStart: '6:00',
    scheduleHourFinish: '23:00',
  },
  {
    id: 'o2',
    name: 'Sede Norte',
    scheduleDays: ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes'],
    scheduleHourStart: '7:00',
    scheduleHourFinish: '22:00',
  },
];

export const TYPES = ['Cardio', 'Flexibilidad', 'Potencia'];
export const GOALS = ['Bienestar', 'Perder peso'];
