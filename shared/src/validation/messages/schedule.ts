import { listY, onDays, theBranch } from './helpers';

export const branchClosed = (branch: string, closed: readonly string[], open: readonly string[]) =>
  `${theBranch(branch)} no abre ${onDays(closed)}: atiende ${listY(open)}`;
export const startOutside = (branch: string, opens: string, closes: string) =>
  `${theBranch(branch)} atiende de ${opens} a ${closes}: la clase debe empezar dentro de ese horario`;
export const finishOutside = (branch: string, opens: string, closes: string) =>
  `${theBranch(branch)} atiende de ${opens} a ${closes}: la clase debe terminar dentro de ese horario`;
export const trainerBusy = (lesson: string, days: readonly string[], start: string, finish: string) =>
  `El profesor ya da la clase ${lesson} ${onDays(days)} de ${start} a ${finish}`;
/** A sede's new days or hours would leave some of its classes outside; each item names one. */
export const daysInUse = (lessons: readonly string[]) =>
  `Estas clases se dan en días que la sede dejaría de atender: ${lessons.join(', ')}`;
export const startInUse = (lessons: readonly string[]) =>
  `Estas clases empiezan antes de esa hora: ${lessons.join(', ')}`;
export const finishInUse = (lessons: readonly string[]) =>
  `Estas clases terminan después de esa hora: ${lessons.join(', ')}`;
/** One item of the lists above: 'Spinning (Domingo)', 'HIIT (6:30 a 7:00)'. */
export const lessonDays = (lesson: string, days: readonly string[]) => `${lesson} (${listY(days)})`;
export const lessonHours = (lesson: string, start: string, finish: string) => `${lesson} (${start} a ${finish})`;
