import { describe, expect, test } from 'vitest';
import {
  activeFilterCount,
  DEFAULT_FILTERS,
  filterLessons,
  type FilterableLesson,
  type LessonFilters,
} from '../filter';

const LESSONS: FilterableLesson[] = [
  { name: 'Yoga', effort: '2', types: ['Flexibilidad', 'Equilibrio', 'Relajación'] },
  { name: 'Boxeo', effort: '4', types: ['Cardio', 'Agilidad', 'Potencia'] },
  { name: 'Crossfit', effort: '5', types: ['Fuerza', 'Potencia', 'Resistencia'] },
  { name: 'aerobicos', effort: '2', types: ['Cardio', 'Coordinación'] },
  { name: 'Zumba', effort: '3', types: ['Cardio', 'Coordinación'] },
];

const run = (change: Partial<LessonFilters>) => filterLessons(LESSONS, { ...DEFAULT_FILTERS, ...change });
const names = (change: Partial<LessonFilters>) => run(change).items.map((l) => l.name);

describe('filterLessons', () => {
  test('when nothing is chosen, then every lesson shows in alphabetical order and no error is set', () => {
    expect(run({})).toEqual({
      items: ['aerobicos', 'Boxeo', 'Crossfit', 'Yoga', 'Zumba'].map((n) => LESSONS.find((l) => l.name === n)),
      error: null,
    });
  });

  test('when the Alfabeto toggle is Z-A, then the order flips', () => {
    expect(names({ alpha: 'za' })).toEqual(['Zumba', 'Yoga', 'Crossfit', 'Boxeo', 'aerobicos']);
  });

  test('when sorting by hardest, then the highest effort comes first and ties go by name', () => {
    expect(names({ effort: 'hardest' })).toEqual(['Crossfit', 'Boxeo', 'Zumba', 'aerobicos', 'Yoga']);
  });

  test('when sorting by easiest, then the lowest effort comes first and ties go by name', () => {
    expect(names({ effort: 'easiest' })).toEqual(['aerobicos', 'Yoga', 'Zumba', 'Boxeo', 'Crossfit']);
  });

  test('when types are chosen, then only lessons having ALL of them are kept', () => {
    expect(names({ types: ['Cardio'] })).toEqual(['aerobicos', 'Boxeo', 'Zumba']);
    expect(names({ types: ['Cardio', 'Coordinación'] })).toEqual(['aerobicos', 'Zumba']);
  });

  test('when intensities are chosen, then lessons whose effort matches ANY of them are kept', () => {
    expect(names({ levels: [2, 5] })).toEqual(['aerobicos', 'Crossfit', 'Yoga']);
  });

  test('when types and intensities are chosen, then both must hold (AND)', () => {
    expect(names({ types: ['Cardio'], levels: [3, 4] })).toEqual(['Boxeo', 'Zumba']);
  });

  test('when types leave nothing, then the types message names them joined with commas', () => {
    expect(run({ types: ['Fuerza', 'Relajación'] })).toEqual({
      items: [],
      error: 'No se encontraron clases con los tipos: Fuerza, Relajación.',
    });
  });

  test('when intensities alone leave nothing, then the selected-filters message lists the levels', () => {
    expect(run({ levels: [1] }).error).toBe('No se encontraron clases con los filtros seleccionados: 1');
    expect(filterLessons(LESSONS.slice(0, 1), { ...DEFAULT_FILTERS, levels: [1, 3] }).error).toBe(
      'No se encontraron clases con los filtros seleccionados: 1, 3',
    );
  });

  test('when types and intensities together leave nothing, then the combined message names both', () => {
    expect(run({ types: ['Cardio', 'Coordinación'], levels: [4, 5] }).error).toBe(
      'No se encontraron clases de tipo de ejercicio Cardio, Coordinación y de intensidad 4, 5',
    );
  });

  test('when something is left again, then the error is cleared', () => {
    expect(run({ types: ['Fuerza'], levels: [5] }).error).toBeNull();
  });

  test('when the catalogue is empty and nothing is chosen, then it is not a filter error', () => {
    expect(filterLessons([], DEFAULT_FILTERS)).toEqual({ items: [], error: null });
  });

  test('when filtering, then the input list is left untouched', () => {
    const before = LESSONS.map((l) => l.name);
    run({ alpha: 'za', types: ['Cardio'] });
    expect(LESSONS.map((l) => l.name)).toEqual(before);
  });

  test('activeFilterCount counts the chosen types and levels', () => {
    expect(activeFilterCount({ ...DEFAULT_FILTERS, types: ['Cardio'], levels: [1, 2] })).toBe(3);
  });
});
