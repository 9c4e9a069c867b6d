import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import type { LoadStatus } from '@pulso/shared';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { dashboardClassesEs } from '../../../i18n/dashboard-classes';
import { useLessonsDashboardStore } from '../store';
import { LessonForm } from './lesson-form';
import '../lessons-dashboard.css';

const t = dashboardClassesEs.form;

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
 * Loads what the lesson form needs (SPEC §4 "Edit lesson": the lesson and the reference lists load on
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
  const { lesson, lessonId, lessonStatus, lessonError, monitors, offices, lessons, refsStatus, refsError } =
    useLessonsDashboardStore(
      useShallow((s) => ({
        lessons: s.items,
        lesson: s.lesson,
        lessonId: s.lessonId,
        lessonStatus: s.lessonStatus,
        lessonError: s.lessonError,
        monitors: s.monitors,
        offices: s.offices,
        refsStatus: s.refsStatus,
        refsError: s.refsError,
      })),
    );
  const fetchLesson = useLessonsDashboardStore((s) => s.fetchLesson);
  const fetchReferences = useLessonsDashboardStore((s) => s.fetchReferences);

  useEffect(() => {
    void fetchReferences();
  }, [fetchReferences]);

  useEffect(() => {
    if (id) void fetchLesson(id);
  }, [id, fetchLesson]);

  const failures = [
    refsStatus === 'failed' ? refsError : null,
    catalogStatus === 'failed' ? catalogError : null,
    id && lessonId === id && lessonStatus === 'failed' ? lessonError : null,
  ].filter((m): m is string => !!m);

  if (failures.length > 0) {
    const lessonFailed = !!id && lessonStatus === 'failed';
    return (
      <section className="lesson-form">
        <div className="alert alert--error" role="alert">
          <p>
            {lessonFailed ? t.loadError : t.refsError} {failures.join(' ')}
          </p>
          <div className="lesson-form__actions">
            <button
              type="button"
              className="button"
              onClick={() => {
                if (refsStatus === 'failed') void fetchReferences();
                if (catalogStatus === 'failed') onRetryCatalog();
                if (lessonFailed && id) void fetchLesson(id);
              }}
            >
              {t.retry}
            </button>
            <Link className="button" to={paths.dashboardClasses}>
              {t.back}
            </Link>
          </div>
        </div>
      </section>
    );
  }

  const lessonReady = !id || (lessonId === id && lessonStatus === 'succeeded' && lesson?.id === id);
  if (refsStatus !== 'succeeded' || catalogStatus !== 'succeeded' || !lessonReady) {
    return <Spinner label={id && !lessonReady ? t.loading : t.refsLoading} />;
  }

  return (
    <LessonForm
      key={id ?? 'new'}
      lesson={id ? lesson : null}
      types={types}
      goals={goals}
      monitors={monitors}
      offices={offices}
      lessons={lessons}
    />
  );
}
