import type { ClassSessionDto } from '@pulso/shared';

/** A Yoga session on Monday 7 January 2030 at 18:00, open for booking, with `fields` on top. */
export function yogaSession(fields: Partial<ClassSessionDto> = {}): ClassSessionDto {
  return {
    id: '0123456789abcdef01234567:2030-01-07',
    lessonId: '0123456789abcdef01234567',
    lessonName: 'Yoga',
    date: '2030-01-07',
    start: '2030-01-07T18:00',
    end: '2030-01-07T19:00',
    capacity: 3,
    taken: 1,
    seatsLeft: 2,
    waiting: 0,
    cancelled: false,
    cancelReason: '',
    substitute: null,
    bookable: true,
    mine: null,
    ...fields,
  };
}
