import type { LessonListItemDto } from '@pulso/shared';
import { lessonsEs } from '../../i18n/lessons';

export type AlphaOrder = 'az' | 'za';
export type EffortOrder = 'none' | 'hardest' | 'easiest';

/** What the /clases filter bar has applied . */
export interface LessonFilters {
  /** Exercise types: a lesson must have every one of them. */
  types: string[];
  /** Intensity levels 1-5: a lesson's effort must be one of them. */
  levels: number[];
  /** The 'Alfabeto' toggle. */
  alpha: AlphaOrder;
  /** Hardest or easiest first; 'none' keeps the alphabetical order. */
  effort: EffortOrder;
}

export const DEFAULT_FILTERS: LessonFilters = { types: [], levels: [], alpha: 'az', effort: 'none' };

export type FilterableLesson = Pick<LessonListItemDto, 'name' | 'effort' | 'types'>;

export interface FilterResult<T> {
  items: T[];
  /** The message when no lesson is left, otherwise null (the error is cleared). */
  error: string | null;
}

const effortOf = (lesson: FilterableLesson) => {
  const value = Number(lesson.effort);
  return Number.isFinite(value) ? value : 0;
};

// One collator for every comparison: localeCompare with a locale builds a new one per call, which
// made sorting the catalogue the slowest step of showing /clases. Built on first use, not on load.
let collator: Intl.Collator | undefined;
const byName = (a: FilterableLesson, b: FilterableLesson) =>
  (collator ??= new Intl.Collator('es', { sensitivity: 'base', numeric: true })).compare(a.name, b.name);

/** The no-results message for a filter that left nothing, naming what was chosen. */
export function noResultsMessage(types: readonly string[], levels: readonly number[]): string {
  if (types.length > 0 && levels.length > 0) return lessonsEs.noResults.both(types, levels);
  if (types.length > 0) return lessonsEs.noResults.types(types);
  return lessonsEs.noResults.levels(levels);
}

/**
 * class filtering: chosen types keep lessons having ALL of them, chosen intensities keep
 * lessons whose effort is ANY of them, and the two combine with AND. The result is ordered by name
 * (A-Z or Z-A by the 'Alfabeto' toggle) or by effort (hardest or easiest first, then by name). When
 * filters leave nothing the no-results message is set; when something is left it is cleared. An empty
 * catalogue with no filter chosen is not a filter error.
 */
export function filterLessons<T extends FilterableLesson>(
  lessons: readonly T[],
  filters: LessonFilters,
): FilterResult<T> {
  const { types, levels, alpha, effort } = filters;
  const items = lessons.filter(
    (lesson) =>
      types.every((type) => lesson.types.includes(type)) && (levels.length === 0 || levels.includes(effortOf(lesson))),
  );
  const direction = alpha === 'az' ? 1 : -1;
  items.sort((a, b) => {
    if (effort !== 'none') {
      const diff = effort === 'hardest' ? effortOf(b) - effortOf(a) : effortOf(a) - effortOf(b);
      if (diff !== 0) return diff;
    }
    return direction * byName(a, b);
  });
  const filtered = types.length > 0 || levels.length > 0;
  return { items, error: items.length === 0 && filtered ? noResultsMessage(types, levels) : null };
}

/** How many filter choices are applied (for the collapsed mobile bar). */
export function activeFilterCount(filters: LessonFilters): number {
  return filters.types.length + filters.levels.length;
}
