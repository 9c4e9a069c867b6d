import { useDeferredValue, useEffect, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { LoadStatus } from '@pulso/shared';
import { ListState } from '../../../components/ui/load-state';
import { es } from '../../../i18n/es';
import { useBookingsStore } from '../../bookings/store';
import { useLessonsStore } from '../store';
import { FilterBar } from './filter-bar';
import { LessonCard } from './lesson-card';
import '../lessons.css';

interface LessonListProps {
  /** Exercise types offered by the filter, fetched from the server by the page. */
  types: string[];
  typesStatus: LoadStatus;
  typesError: string | null;
  onRetryTypes: () => void;
}

/**
 * /clases: the filter bar and the classes it leaves. A filter that leaves nothing shows
 * its no-results message with 'Intenta de nuevo', which resets the filters and loads the classes again.
 */
export function LessonList({ types, typesStatus, typesError, onRetryTypes }: LessonListProps) {
  const { filters, fetchLessons, setFilters, resetFilters, retry } = useLessonsStore(
    useShallow((s) => ({
      filters: s.filters,
      fetchLessons: s.fetchLessons,
      setFilters: s.setFilters,
      resetFilters: s.resetFilters,
      retry: s.retry,
    })),
  );
  const current = useLessonsStore(
    useShallow((s) => ({
      items: s.items,
      visible: s.visible,
      status: s.status,
      error: s.error,
      filterError: s.filterError,
    })),
  );
  // A store update renders at once, in one long task; deferred, React builds the cards in slices
  // while the filter bar answers a tap at once.
  const { items, visible, status, error, filterError } = useDeferredValue(current);

  useEffect(() => {
    void fetchLessons();
  }, [fetchLessons]);

  // Each class's next session and its places, beside the list (bookings change them, not the classes).
  const next = useBookingsStore((s) => s.next);
  const fetchNext = useBookingsStore((s) => s.fetchNext);
  useEffect(() => {
    void fetchNext();
  }, [fetchNext]);
  const nextOf = useMemo(() => new Map(next.value.map((session) => [session.lessonId, session])), [next.value]);

  return (
    <section className="section lessons" aria-labelledby="lessons-title">
      <h1 id="lessons-title" className="section__title">
        {es.lessons.title}
      </h1>
      <p className="section__subtitle">{es.lessons.subtitle}</p>
      <FilterBar
        filters={filters}
        types={types}
        typesStatus={typesStatus}
        typesError={typesError}
        onRetryTypes={onRetryTypes}
        onChange={setFilters}
        onReset={resetFilters}
      />
      <ListState load={{ status, error }} count={items.length} texts={es.lessons} onRetry={() => void retry()} />
      {status !== 'failed' && filterError && (
        <div className="alert alert--error lessons__alert" role="alert">
          <p>{filterError}</p>
          <button type="button" className="button" onClick={() => void retry()}>
            {es.common.retry}
          </button>
        </div>
      )}
      {status !== 'failed' && visible.length > 0 && (
        <>
          <p className="lessons__count" role="status">
            {es.lessons.count(visible.length)}
          </p>
          {next.status === 'failed' && (
            <div className="alert alert--error lessons__alert" role="alert">
              <p>{es.bookings.nextLoadError}</p>
              <button type="button" className="button" onClick={() => void fetchNext()}>
                {es.common.retry}
              </button>
            </div>
          )}
          <div className="lessons__list">
            {visible.map((lesson, index) => (
              <LessonCard key={lesson.id} lesson={lesson} index={index} next={nextOf.get(lesson.id)} />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
