import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import { ListState } from '../../../components/ui/load-state';
import { paths } from '../../../config/paths';
import { es } from '../../../i18n/es';
import { useLessonsStore } from '../store';
import type { LessonViewer } from './lesson-detail';
import { ReviewForm } from './review-form';
import '../lessons.css';

/**
 * /review. The spec's page is a static form wired to nothing; here it explains that
 * classes are rated from their own page and, for a signed-in user, lets them pick a class and rate it
 * with the same form as the class page.
 */
export function ReviewPage({ viewer }: { viewer: LessonViewer }) {
  const t = es.lessons.reviewPage;
  const selectId = useId();
  const { items, status, error, fetchLessons } = useLessonsStore(
    useShallow((s) => ({ items: s.items, status: s.status, error: s.error, fetchLessons: s.fetchLessons })),
  );
  const [lessonId, setLessonId] = useState('');
  const signedIn = viewer.userId !== null;

  useEffect(() => {
    if (signedIn && status === 'idle') void fetchLessons();
  }, [signedIn, status, fetchLessons]);

  const chosen = items.find((l) => l.id === lessonId);

  return (
    <section className="section review-page" aria-labelledby="review-page-title">
      <h1 id="review-page-title" className="section__title">
        {t.title}
      </h1>
      <p className="section__subtitle">{t.text}</p>
      {!signedIn ? (
        <div className="review-page__card">
          <p>{t.visitorText}</p>
          <div className="review-page__actions">
            <Link className="button" to={paths.lessons}>
              {t.browse}
            </Link>
            <Link className="button button--primary" to={paths.login}>
              {t.login}
            </Link>
          </div>
        </div>
      ) : (
        <div className="review-page__card">
          <ListState
            load={{ status, error }}
            count={items.length}
            texts={es.lessons}
            onRetry={() => void fetchLessons()}
          />
          {items.length > 0 && (
            <div className="form">
              <div className="field">
                <label className="field__label" htmlFor={selectId}>
                  {t.pickLesson}
                </label>
                <select id={selectId} value={lessonId} onChange={(e) => setLessonId(e.target.value)}>
                  <option value="">{t.pickPlaceholder}</option>
                  {items.map((lesson) => (
                    <option key={lesson.id} value={lesson.id}>
                      {lesson.name}
                    </option>
                  ))}
                </select>
              </div>
            </div>
          )}
          {viewer.userId && chosen && (
            <>
              <ReviewForm
                key={chosen.id}
                lessonId={chosen.id}
                userId={viewer.userId}
                notMember={viewer.membershipKnown && !viewer.isMember}
                title={chosen.name}
              />
              <Link className="review-page__link" to={paths.lessonDetail(chosen.name)}>
                {t.openLesson}
              </Link>
            </>
          )}
          {items.length > 0 && !chosen && <p className="empty">{t.pickRequired}</p>}
          <Link className="button review-page__browse" to={paths.lessons}>
            {t.browse}
          </Link>
        </div>
      )}
    </section>
  );
}
