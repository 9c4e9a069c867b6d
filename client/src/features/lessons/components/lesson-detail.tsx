import { useCallback, useDeferredValue, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import { MESSAGES, RELOAD_DELAY_MS } from '@pulso/shared';
import { ResultModal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { es } from '../../../i18n/es';
import { assetUrl } from '../../../lib/asset-url';
import { formatDate } from '../../../lib/format';
import { withReturn } from '../../../lib/return-path';
import type { Outcome } from '../../../lib/mutation';
import { slotFor } from '../../../lib/resource';
import { useLessonsStore } from '../store';
import { IntensityMeter } from './intensity-meter';
import { ReviewForm } from './review-form';
import { Stars } from './stars';
import '../lessons.css';

/** Who is looking, as the page reads it from the session. */
export interface LessonViewer {
  /** Signed in (a token is stored) and the caller's id. */
  userId: string | null;
  /** Has an active membership (may add classes). */
  isMember: boolean;
  /** The membership was checked: a signed-in non-member is told why they cannot rate. */
  membershipKnown: boolean;
  /** Ids of the classes already in the member's schedule (their profile's lessons). */
  scheduledLessonIds?: readonly string[];
}

interface LessonDetailProps {
  name: string;
  viewer: LessonViewer;
  /** A class was added to the member's schedule (the page refreshes the session's user). */
  onLessonAdded?: () => void;
  /** The class's bookable sessions, shown under its facts (the page brings them from the bookings feature). */
  sessions?: (lesson: { id: string; name: string; types: string[] }) => ReactNode;
}

/**
 * /clases/{name}: every fact of the class, its reviews, the rating form for signed-in
 * users and 'Añadir clase' for members. After a review the class reloads in 2 s.
 */
export function LessonDetail({ name, viewer, onLessonAdded, sessions }: LessonDetailProps) {
  const t = es.lessons.detail;
  const location = useLocation();
  const { busy, fetchLesson, addLesson } = useLessonsStore(
    useShallow((s) => ({ busy: s.busy, fetchLesson: s.fetchLesson, addLesson: s.addLesson })),
  );
  // A store update renders at once, in one long task; deferred, React builds the page in slices.
  const detail = useDeferredValue(useLessonsStore((s) => s.detail));
  const { value: lesson, status, error, notFound } = slotFor(detail, name);
  const [result, setResult] = useState<Outcome | null>(null);
  const reloadTimer = useRef<number | undefined>(undefined);

  useEffect(() => {
    void fetchLesson(name);
  }, [name, fetchLesson]);

  useEffect(() => () => window.clearTimeout(reloadTimer.current), []);

  const reloadSoon = useCallback(() => {
    window.clearTimeout(reloadTimer.current);
    reloadTimer.current = window.setTimeout(() => void fetchLesson(name, { quiet: true }), RELOAD_DELAY_MS);
  }, [fetchLesson, name]);

  const back = (
    <Link className="button" to={paths.lessons}>
      {t.back}
    </Link>
  );

  if (status === 'idle' || status === 'loading') {
    return (
      <section className="section lesson-detail">
        <Spinner label={t.loading} />
      </section>
    );
  }

  if (status === 'failed' || !lesson) {
    return (
      <section className="section lesson-detail message-page">
        <div className="alert alert--error" role="alert">
          <h1 className="lesson-detail__error-title">{notFound ? MESSAGES.lessons.notFound : t.loadError}</h1>
          <p>{notFound ? t.notFoundText : error}</p>
          <div className="lesson-detail__actions">
            {back}
            {!notFound && (
              <button type="button" className="button button--primary" onClick={() => void fetchLesson(name)}>
                {es.common.retry}
              </button>
            )}
          </div>
        </div>
      </section>
    );
  }

  const add = async () => {
    if (!viewer.userId) return;
    const outcome = await addLesson(lesson.id, viewer.userId);
    setResult(outcome);
    if (outcome.ok) onLessonAdded?.();
  };

  const count = lesson.reviewCount || lesson.reviews.length;

  return (
    <section className="section lesson-detail">
      <article className="lesson-detail__card" aria-labelledby="lesson-detail-title">
        <div className="lesson-detail__hero">
          {lesson.image ? (
            <img
              className="lesson-detail__image"
              src={assetUrl(lesson.image)}
              alt={es.lessons.imageAlt(lesson.name)}
              width={800}
              height={500}
              decoding="async"
            />
          ) : (
            <div className="lesson-detail__image lesson-card__placeholder" aria-hidden="true" />
          )}
          <div className="lesson-detail__summary">
            <h1 id="lesson-detail-title" className="lesson-detail__title">
              {lesson.name}
            </h1>
            <p className="lesson-detail__rating">
              {count > 0 ? (
                <>
                  <Stars value={lesson.averageStars} label={t.ratingLabel(lesson.averageStars, count)} size="large" />
                  <span aria-hidden="true">
                    {lesson.averageStars.toLocaleString('es')} · {t.reviewsCount(count)}
                  </span>
                </>
              ) : (
                <span className="lesson-detail__muted">{t.noRating}</span>
              )}
            </p>
            <p className="lesson-detail__short">{lesson.shortDescription}</p>
            {!lesson.isAvailable && <p className="lesson-detail__muted">{t.unavailable}</p>}
            {viewer.userId && viewer.isMember && viewer.scheduledLessonIds?.includes(lesson.id) && (
              <p className="lesson-detail__scheduled">
                <span aria-hidden="true">✓</span> {t.inSchedule}
              </p>
            )}
            {viewer.userId && viewer.isMember && !viewer.scheduledLessonIds?.includes(lesson.id) && (
              <button
                type="button"
                className="button button--primary"
                onClick={() => void add()}
                disabled={busy === 'add'}
              >
                {busy === 'add' ? t.adding : t.addLesson}
              </button>
            )}
          </div>
        </div>

        <dl className="lesson-detail__facts">
          <div>
            <dt>{t.days}</dt>
            <dd>{lesson.scheduleDays.join(', ')}</dd>
          </div>
          <div>
            <dt>{t.hours}</dt>
            <dd>{t.hoursValue(lesson.scheduleHourStart, lesson.scheduleHourFinish)}</dd>
          </div>
          <div>
            <dt>{es.lessons.intensity}</dt>
            <dd>
              <IntensityMeter effort={lesson.effort} />
            </dd>
          </div>
          <div>
            <dt>{t.branch}</dt>
            <dd>{lesson.branchoffice}</dd>
          </div>
          <div>
            <dt>{t.trainer}</dt>
            <dd>{lesson.monitor}</dd>
          </div>
          <div>
            <dt>{es.lessons.types}</dt>
            <dd>
              <ul className="tags">
                {lesson.types.map((type) => (
                  <li key={type} className="tag">
                    {type}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
          <div>
            <dt>{t.goals}</dt>
            <dd>
              <ul className="tags tags--goals">
                {lesson.goals.map((goal) => (
                  <li key={goal} className="tag">
                    {goal}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        </dl>

        <div className="lesson-detail__description">
          <h2>{t.description}</h2>
          <p>{lesson.description}</p>
        </div>
      </article>

      {lesson.isAvailable && sessions?.({ id: lesson.id, name: lesson.name, types: lesson.types ?? [] })}

      <div className="lesson-detail__columns">
        <section className="lesson-detail__reviews" aria-labelledby="lesson-reviews-title">
          <h2 id="lesson-reviews-title">{t.reviews}</h2>
          {lesson.reviews.length === 0 ? (
            <p className="empty">{t.noReviews}</p>
          ) : (
            <ul className="reviews">
              {lesson.reviews.map((review) => (
                <li key={review.id} className="review">
                  <div className="review__head">
                    <strong className="review__author">{review.user || t.anonymous}</strong>
                    <Stars value={review.stars} label={t.starsLabel(review.stars)} />
                  </div>
                  {review.description && <p className="review__text">{review.description}</p>}
                  <time className="review__date" dateTime={review.createdAt}>
                    {formatDate(review.createdAt)}
                  </time>
                </li>
              ))}
            </ul>
          )}
        </section>

        {viewer.userId ? (
          <ReviewForm
            lessonId={lesson.id}
            userId={viewer.userId}
            notMember={viewer.membershipKnown && !viewer.isMember}
            onReviewed={reloadSoon}
          />
        ) : (
          <p className="lesson-detail__login">
            {es.lessons.review.loginToReview}{' '}
            <Link to={withReturn(paths.login, location.pathname + location.search)}>{es.lessons.review.login}</Link>
          </p>
        )}
      </div>

      <div className="lesson-detail__actions">{back}</div>
      {result && <ResultModal message={result.message} failed={!result.ok} onClose={() => setResult(null)} />}
    </section>
  );
}
