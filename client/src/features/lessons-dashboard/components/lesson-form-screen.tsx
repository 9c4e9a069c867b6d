import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { LoadStatus } from '@pulso/shared';
import { ScreenLoad } from '../../../components/ui/load-state';
import { paths } from '../../../config/paths';
import { dashboardLessonsEs } from '../../../i18n/dashboard-lessons';
import { slotFor } from '../../../lib/resource';
import { useLessonsDashboardStore } from '../store';
import { LessonForm } from './lesson-form';
import { AuditHistory } from '../../audit/components/audit-history';
import '../lessons-dashboard.css';

const t = dashboardLessonsEs.form;

interface LessonFormScreenProps {
  /** The class to edit; absent on the create screen. */
  id?: string;
  /** Exercise types and goals from the catalog, loaded by the page. */
  types: string[];
  goals: string[];
  catalogStatus: LoadStatus;
  catalogError: string | null;
  onRetryCatalog: () => void;
}

/**
 * Loads what the lesson form needs ("Edit lesson": the lesson and the reference lists load on
 * open, with the current classes for the trainer rule), with a loading indicator and every failure's
 * message, then shows the form.
 */
export function LessonFormScreen({
  id,
  types,
  goals,
  catalogStatus,
  catalogError,
  onRetryCatalog,
}: LessonFormScreenProps) {
  const { lessons, listStatus, listError, references, fetchLesson, fetchReferences } = useLessonsDashboardStore(
    useShallow((s) => ({
      lessons: s.items,
      listStatus: s.status,
      listError: s.error,
      references: s.references,
      fetchLesson: s.fetchLesson,
      fetchReferences: s.fetchReferences,
    })),
  );
  const lesson = slotFor(
    useLessonsDashboardStore((s) => s.lesson),
    id ?? '',
  );

  useEffect(() => {
    void fetchReferences();
  }, [fetchReferences]);

  useEffect(() => {
    if (id) void fetchLesson(id);
  }, [id, fetchLesson]);

  const refsFailed = references.status === 'failed' || listStatus === 'failed';
  const lessonFailed = !!id && lesson.status === 'failed';
  const failures = [
    references.status === 'failed' ? references.error : null,
    listStatus === 'failed' ? listError : null,
    catalogStatus === 'failed' ? catalogError : null,
    lessonFailed ? lesson.error : null,
  ].filter((m): m is string => !!m);
  const lessonReady = !id || (lesson.status === 'succeeded' && lesson.value?.id === id);
  const refsReady = references.status === 'succeeded' && listStatus === 'succeeded' && catalogStatus === 'succeeded';

  return (
    <ScreenLoad
      ready={refsReady && lessonReady}
      failed={failures.length > 0 ? (lessonFailed ? t.loadError : t.refsError) : null}
      error={failures.join(' ')}
      loading={id && !lessonReady ? t.loading : t.refsLoading}
      onRetry={() => {
        if (refsFailed) void fetchReferences();
        if (catalogStatus === 'failed') onRetryCatalog();
        if (lessonFailed && id) void fetchLesson(id);
      }}
      back={{ label: t.back, to: paths.dashboardLessons }}
      className="lesson-form"
    >
      <LessonForm
        key={id ?? 'new'}
        lesson={id ? lesson.value : null}
        types={types}
        goals={goals}
        trainers={references.value.trainers}
        branches={references.value.branches}
        lessons={lessons}
      />
      {id && <AuditHistory entity="lesson" id={id} />}
    </ScreenLoad>
  );
}
