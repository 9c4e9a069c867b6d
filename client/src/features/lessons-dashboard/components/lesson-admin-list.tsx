import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import { ListState } from '../../../components/ui/load-state';
import { paths } from '../../../config/paths';
import { dashboardLessonsEs as t } from '../../../i18n/dashboard-lessons';
import { es } from '../../../i18n/es';
import { assetUrl } from '../../../lib/asset-url';
import { useLessonsDashboardStore, visibleLessons } from '../store';
import { EditIcon, PlusIcon } from '../../../components/ui/icons';
import '../lessons-dashboard.css';

interface LessonAdminListProps {
  /** The exercise types the filter offers (the catalog's, loaded by the page). */
  types: string[];
}

/**
 * /dashboard/clases: a + link to crear, a type filter, and one card per class with its
 * image, name, Activa/Inactiva status, short description, exercise types and an edit link.
 */
export function LessonAdminList({ types }: LessonAdminListProps) {
  const { items, status, error, typeFilter, fetchLessons, setTypeFilter } = useLessonsDashboardStore(
    useShallow((s) => ({
      items: s.items,
      status: s.status,
      error: s.error,
      typeFilter: s.typeFilter,
      fetchLessons: s.fetchLessons,
      setTypeFilter: s.setTypeFilter,
    })),
  );

  useEffect(() => {
    void fetchLessons();
  }, [fetchLessons]);

  const visible = visibleLessons(items, typeFilter);
  // The filter also offers any type a class has that the catalog did not send.
  const typeOptions = [...new Set([...types, ...items.flatMap((l) => l.types)])];

  return (
    <section className="lessons-admin" aria-labelledby="lessons-admin-title">
      <header className="lessons-admin__header">
        <h1 id="lessons-admin-title" className="lessons-admin__title">
          {t.title}
        </h1>
        <Link to={paths.dashboardLessonCreate} className="button button--primary lessons-admin__add">
          <PlusIcon />
          <span className="lessons-admin__add-text">{t.create}</span>
        </Link>
      </header>
      <div className="lessons-admin__toolbar">
        <label className="lessons-admin__filter">
          <span>{t.typeFilter}</span>
          <select value={typeFilter} onChange={(e) => setTypeFilter(e.target.value)}>
            <option value="">{t.allTypes}</option>
            {typeOptions.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </label>
        {status === 'succeeded' && (
          <p className="lessons-admin__count" role="status">
            {t.count(visible.length)}
          </p>
        )}
      </div>
      <ListState load={{ status, error }} count={items.length} texts={t} onRetry={() => void fetchLessons()} />
      {status === 'succeeded' && items.length > 0 && visible.length === 0 && (
        <p className="empty">{t.noneOfType(typeFilter)}</p>
      )}
      {visible.length > 0 && (
        <ul className="lessons-admin__grid">
          {visible.map((lesson, index) => (
            <li key={lesson.id}>
              <article className="lesson-admin-card" aria-labelledby={`lesson-admin-${lesson.id}`}>
                {lesson.image ? (
                  <img
                    className="lesson-admin-card__image"
                    src={assetUrl(lesson.image)}
                    alt={t.imageAlt(lesson.name)}
                    width={400}
                    height={250}
                    loading={index < 6 ? 'eager' : 'lazy'}
                    decoding="async"
                  />
                ) : (
                  <div className="lesson-admin-card__image" aria-hidden="true" />
                )}
                <div className="lesson-admin-card__body">
                  <div className="lesson-admin-card__top">
                    <h2 id={`lesson-admin-${lesson.id}`} className="lesson-admin-card__name">
                      {lesson.name}
                    </h2>
                    <span
                      className={`badge ${lesson.isAvailable ? 'badge--active' : 'badge--inactive'}`}
                      aria-label={`${t.status}: ${lesson.isAvailable ? t.active : t.inactive}`}
                    >
                      {lesson.isAvailable ? t.active : t.inactive}
                    </span>
                  </div>
                  <p className="lesson-admin-card__short">{lesson.shortDescription}</p>
                  <ul className="lesson-admin-card__tags" aria-label={t.types}>
                    {lesson.types.map((type) => (
                      <li key={type}>{type}</li>
                    ))}
                  </ul>
                  <div className="lesson-admin-card__actions">
                    <Link
                      to={paths.dashboardLessonSessions(lesson.id)}
                      className="button button--small lesson-admin-card__sessions"
                      aria-label={es.bookings.admin.manage(lesson.name)}
                    >
                      {es.bookings.admin.manageShort}
                    </Link>
                    <Link
                      to={paths.dashboardLessonEdit(lesson.id)}
                      className="button button--small lesson-admin-card__edit"
                      aria-label={t.edit(lesson.name)}
                      title={t.edit(lesson.name)}
                    >
                      <EditIcon />
                    </Link>
                  </div>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
