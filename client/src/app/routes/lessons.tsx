import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useTypesStore } from '../../features/catalog/store';
import { LessonList } from '../../features/lessons/components/lesson-list';
import { usePageTitle } from '../../lib/use-page-title';
import { es } from '../../i18n/es';

/** /clases: the class list with its filter bar; exercise types come from the server. */
export function LessonsRoute() {
  usePageTitle(es.titles.lessons);
  const { types, status, error, fetch } = useTypesStore(
    useShallow((s) => ({ types: s.items, status: s.status, error: s.error, fetch: s.fetch })),
  );
  useEffect(() => {
    void fetch();
  }, [fetch]);
  return (
    <LessonList
      types={types.map((t) => t.name)}
      typesStatus={status}
      typesError={error}
      onRetryTypes={() => void fetch(true)}
    />
  );
}
