import type { LessonDto, LessonListItemDto } from '@pulso/shared';

const base = {
  image: '',
  exercisesTypes: [],
  goals: ['Bienestar'],
  scheduleDays: ['Lunes', 'Miércoles'],
  scheduleHourStart: '9:00',
  scheduleHourFinish: '10:00',
  isAvailable: true,
  capacity: 20,
  monitor: 'Lucía Fernández',
  monitorId: 'd'.repeat(24),
  branchoffice: 'Sede Norte',
  officeId: 'e'.repeat(24),
  averageStars: 0,
};

export const LESSONS: LessonListItemDto[] = [
  {
    ...base,
    id: 'a'.repeat(24),
    name: 'Yoga',
    shortDescription: 'Posturas y calma',
    effort: '2',
    types: ['Flexibilidad', 'Relajación'],
  },
  {
    ...base,
    id: 'b'.repeat(24),
    name: 'Boxeo',
    shortDescription: 'Golpes y guardia',
    effort: '4',
    types: ['Cardio', 'Potencia'],
  },
  { ...base, id: 'c'.repeat(24), name: 'Zumba', shortDescription: 'Baile con ritmo', effort: '3', types: ['Cardio'] },
];

export const YOGA: LessonDto = {
  ...base,
  id: 'a'.repeat(24),
  name: 'Yoga',
  shortDescription: 'Posturas y calma',
  description: 'Secuencias de posturas para ganar flexibilidad.',
  effort: '2',
  types: ['Flexibilidad', 'Relajación'],
  goals: ['Flexibilidad', 'Bienestar'],
  averageStars: 4.5,
  reviewCount: 2,
  monitorId: null,
  officeId: null,
  deletedAt: null,
  reviews: [
    {
      id: '1',
      user: 'Sofía Martínez',
      userId: 'u1',
      stars: 4,
      description: 'Muy relajante',
      createdAt: '2026-01-02T10:00:00Z',
    },
    { id: '2', user: 'Ana Ruiz', userId: 'u2', stars: 5, description: 'Excelente', createdAt: '2026-01-03T10:00:00Z' },
  ],
};
