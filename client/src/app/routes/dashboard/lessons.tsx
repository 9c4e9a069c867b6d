import { useEffect } from 'react';
import { useTypesStore } from '../../../features/catalog/store';
import { LessonAdminList } from '../../../features/lessons-dashboard/components/lesson-admin-list';
import { usePageTitle } from '../../../lib/use-page-title';
import { es } from '../../../i18n/es';

/** /dashboard/clases: the admin class list, filtered by the catalog's exercise types. */
export function LessonsAdminRoute() {
  usePageTitle(es.titles.dashboard(es.titles.lessonsAdmin));
  const types = useTypesStore((s) => s.items);
  const fetchTypes = useTypesStore((s) => s.fetch);

  useEffect(() => {
    void fetchTypes();
  }, [fetchTypes]);

  return <LessonAdminList types={types.map((type) => type.name)} />;
}
