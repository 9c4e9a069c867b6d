import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import type { LoadStatus } from '@pulso/shared';
import { useGoalsStore, useTypesStore } from '../../../features/catalog/store';
import { LessonFormScreen } from '../../../features/lessons-dashboard/components/lesson-form-screen';
import { usePageTitle } from '../../../lib/use-page-title';
import { es } from '../../../i18n/es';

function combined(a: LoadStatus, b: LoadStatus): LoadStatus {
  if (a === 'failed' || b === 'failed') return 'failed';
  if (a === 'succeeded' && b === 'succeeded') return 'succeeded';
  return a === 'idle' && b === 'idle' ? 'idle' : 'loading';
}

/**
 * /dashboard/clases/crear and /dashboard/clases/editar/{id}: one lesson form, with the
 * exercise types and goals of the catalog.
 */
export function LessonFormRoute() {
  const { id } = useParams();
  usePageTitle(es.titles.dashboard(id ? es.titles.lessonEdit : es.titles.lessonCreate));
  const types = useTypesStore();
  const goals = useGoalsStore();
  const fetchTypes = types.fetch;
  const fetchGoals = goals.fetch;

  useEffect(() => {
    void fetchTypes();
    void fetchGoals();
  }, [fetchTypes, fetchGoals]);

  return (
    <LessonFormScreen
      id={id}
      types={types.items.map((type) => type.name)}
      goals={goals.items.map((goal) => goal.name)}
      catalogStatus={combined(types.status, goals.status)}
      catalogError={types.error ?? goals.error}
      onRetryCatalog={() => {
        if (types.status === 'failed') void fetchTypes(true);
        if (goals.status === 'failed') void fetchGoals(true);
      }}
    />
  );
}
