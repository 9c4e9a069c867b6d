import { describe, expect, test } from 'vitest';
import {
  branchChangeErrors,
  branchFitErrors,
  DEMO_BRANCHES,
  DEMO_LESSONS,
  lessonScheduleErrors,
  MESSAGES,
  trainerOverlapError,
  type ScheduledLesson,
} from '../index';

const NORTE = {
  name: 'Sede Norte',
  scheduleDays: ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes'],
  scheduleHourStart: '7:00',
  scheduleHourFinish: '22:00',
};

const slot = (days: string[], start: string, finish: string) => ({
  scheduleDays: days,
  scheduleHourStart: start,
  scheduleHourFinish: finish,
});

const lesson = (id: string, name: string, days: string[], start: string, finish: string, more = {}) =>
  ({ id, name, trainer: 'm1', isAvailable: true, ...slot(days, start, finish), ...more }) as ScheduledLesson;

describe('a class inside its sede', () => {
  test('when a class falls on Sunday 3:00 at a sede open Monday-Friday 7-22, then days and start are refused', () => {
    expect(branchFitErrors(slot(['Domingo'], '3:00', '4:00'), NORTE)).toEqual({
      scheduleDays: 'Sede Norte no abre el Domingo: atiende Lunes, Martes, Miércoles, Jueves y Viernes',
      scheduleHourStart: 'Sede Norte atiende de 7:00 a 22:00: la clase debe empezar dentro de ese horario',
    });
  });

  test('when several days are closed and the class ends late, then each message names them', () => {
    expect(branchFitErrors(slot(['Lunes', 'Domingo', 'Sábado'], '21:30', '22:30'), NORTE)).toEqual({
      scheduleDays: 'Sede Norte no abre los días Sábado y Domingo: atiende Lunes, Martes, Miércoles, Jueves y Viernes',
      scheduleHourFinish: 'Sede Norte atiende de 7:00 a 22:00: la clase debe terminar dentro de ese horario',
    });
  });

  test('when the class fills the sede hours exactly, then it fits', () => {
    expect(branchFitErrors(slot(['Lunes', 'Viernes'], '7:00', '22:00'), NORTE)).toEqual({});
  });

  test('when a sede name does not start with Sede, then the message says La sede', () => {
    expect(branchFitErrors(slot(['Domingo'], '8:00', '9:00'), { ...NORTE, name: 'Centro' }).scheduleDays).toMatch(
      /^La sede Centro no abre el Domingo/,
    );
  });

  test('when the sede hours are stored as integer hours or with a leading zero, then they are read alike', () => {
    const legacy = { ...NORTE, scheduleHourStart: '07', scheduleHourFinish: '22' };
    expect(branchFitErrors(slot(['Lunes'], '6:30', '8:00'), legacy).scheduleHourStart).toBe(
      MESSAGES.schedule.startOutside('Sede Norte', '7:00', '22:00'),
    );
  });
});

describe("a trainer's classes", () => {
  const spinning = lesson('a', 'Spinning', ['Lunes', 'Miércoles'], '7:00', '8:00');

  test('when a class shares a day and its hours intersect, then the other class is named with the shared days', () => {
    const mine = { trainer: 'm1', isAvailable: true, ...slot(['Miércoles', 'Lunes', 'Jueves'], '7:30', '8:30') };
    expect(trainerOverlapError(mine, [spinning])).toBe(
      'El profesor ya da la clase Spinning los días Lunes y Miércoles de 7:00 a 8:00',
    );
  });

  test.each([
    ['ends when the other starts', ['Lunes'], '6:00', '7:00'],
    ['starts when the other ends', ['Lunes'], '8:00', '9:00'],
    ['is on another day', ['Martes'], '7:00', '8:00'],
  ])('when the class %s, then the trainer is free', (_case, days, start, finish) => {
    expect(trainerOverlapError({ trainer: 'm1', isAvailable: true, ...slot(days, start, finish) }, [spinning])).toBe(
      undefined,
    );
  });

  test('when the overlapping class is another trainer, unavailable or the class itself, then it does not count', () => {
    const mine = { id: 'a', trainer: 'm1', isAvailable: true, ...slot(['Lunes'], '7:00', '8:00') };
    expect(
      trainerOverlapError(mine, [
        spinning,
        { ...spinning, id: 'b', trainer: 'm2' },
        { ...spinning, id: 'c', isAvailable: false },
      ]),
    ).toBe(undefined);
  });

  test('when the class being saved is unavailable, then no schedule rule applies', () => {
    const mine = { trainer: 'm1', isAvailable: false, ...slot(['Domingo'], '7:00', '8:00') };
    expect(lessonScheduleErrors(mine, NORTE, [spinning])).toEqual({});
    expect(lessonScheduleErrors({ ...mine, isAvailable: true }, NORTE, [spinning])).toEqual({
      scheduleDays: expect.stringContaining('no abre el Domingo'),
    });
  });

  test('when both rules fail, then each message is on its field', () => {
    const mine = { trainer: 'm1', isAvailable: true, ...slot(['Lunes', 'Domingo'], '6:30', '7:30') };
    expect(Object.keys(lessonScheduleErrors(mine, NORTE, [spinning]))).toEqual([
      'scheduleDays',
      'scheduleHourStart',
      'monitor',
    ]);
  });
});

describe("a sede's new days and hours", () => {
  const held = [
    { name: 'Yoga', isAvailable: true, ...slot(['Lunes', 'Sábado'], '6:30', '7:30') },
    { name: 'Boxeo', isAvailable: true, ...slot(['Viernes'], '21:00', '22:00') },
    { name: 'Kickboxing', isAvailable: false, ...slot(['Domingo'], '5:00', '6:00') },
  ];

  test('when classes would fall outside, then each field names the available classes it leaves out', () => {
    expect(branchChangeErrors(slot(['Lunes', 'Martes'], '7:00', '21:00'), held)).toEqual({
      scheduleDays: 'Estas clases se dan en días que la sede dejaría de atender: Boxeo (Viernes), Yoga (Sábado)',
      scheduleHourStart: 'Estas clases empiezan antes de esa hora: Yoga (6:30 a 7:30)',
      scheduleHourFinish: 'Estas clases terminan después de esa hora: Boxeo (21:00 a 22:00)',
    });
  });

  test('when every available class still fits, then the change is fine', () => {
    expect(branchChangeErrors(slot(['Lunes', 'Viernes', 'Sábado'], '6:00', '22:00'), held)).toEqual({});
  });
});

describe('the demo chain', () => {
  test('every demo class fits its sede and no trainer teaches two demo classes at once', () => {
    const others: ScheduledLesson[] = DEMO_LESSONS.map((l) => ({
      ...l,
      id: l.name,
      isAvailable: l.isAvailable !== false,
    }));
    for (const demo of others) {
      const branch = DEMO_BRANCHES.find((b) => b.name === DEMO_LESSONS.find((l) => l.name === demo.name)?.branch);
      expect(branch).toBeDefined();
      expect({ [demo.name]: lessonScheduleErrors(demo, branch, others) }).toEqual({ [demo.name]: {} });
    }
  });
});
