import { Link } from 'react-router-dom';
import type { LessonListItemDto, NextSessionDto } from '@pulso/shared';
import { paths } from '../../../config/paths';
import { es } from '../../../i18n/es';
import { assetUrl } from '../../../lib/asset-url';
import { IntensityMeter } from './intensity-meter';

interface LessonCardProps {
  lesson: LessonListItemDto;
  index: number;
  /** Its next session with the places left (undefined until loaded, or when it does not meet soon). */
  next?: NextSessionDto;
}

const t = es.bookings;

/** The next session's places: left, or full and how many wait, or cancelled. */
function placesOf(next: NextSessionDto): string {
  if (next.cancelled) return t.cancelledSession;
  if (next.seatsLeft > 0) return t.seatsLeft(next.seatsLeft);
  return next.waiting > 0 ? `${t.full} · ${t.waitingShort(next.waiting)}` : t.full;
}

/**
 * One class of /clases: name, short description, exercise types, intensity, its next session with
 * the places left, and 'Más info'.
 * On desktop every other card puts its image on the right; on phones the image sits on top (lessons.css).
 */
export function LessonCard({ lesson, index, next }: LessonCardProps) {
  const titleId = `lesson-${lesson.id}`;
  return (
    <article
      className={`media-card lesson-card${index % 2 === 1 ? ' media-card--reverse lesson-card--reverse' : ''}`}
      aria-labelledby={titleId}
    >
      <div className="media-card__media lesson-card__media">
        {lesson.image ? (
          <img
            src={assetUrl(lesson.image)}
            alt={es.lessons.imageAlt(lesson.name)}
            width={800}
            height={500}
            loading={index < 2 ? 'eager' : 'lazy'}
            // The first card's image is the page's largest paint: fetch it ahead of the rest.
            fetchPriority={index === 0 ? 'high' : undefined}
            decoding="async"
          />
        ) : (
          <div className="media-card__placeholder lesson-card__placeholder" aria-hidden="true" />
        )}
      </div>
      <div className="media-card__body lesson-card__body">
        <h2 id={titleId} className="media-card__name lesson-card__name">
          {lesson.name}
        </h2>
        <p className="lesson-card__short">{lesson.shortDescription}</p>
        <ul className="tags" aria-label={es.lessons.types}>
          {lesson.types.map((type) => (
            <li key={type} className="tag">
              {type}
            </li>
          ))}
        </ul>
        <p className="lesson-card__intensity">
          <span className="lesson-card__label">{es.lessons.intensity}</span>
          <IntensityMeter effort={lesson.effort} />
        </p>
        {/* Two lines kept for it from the first paint, so the cards do not move when it arrives. */}
        <p className="lesson-card__next">
          {next && (
            <>
              <span>{t.nextSession(next.date, next.start)}</span>
              <span className={next.seatsLeft === 0 ? 'lesson-card__full' : undefined}>{placesOf(next)}</span>
            </>
          )}
        </p>
        <Link
          className="button button--primary lesson-card__more"
          to={paths.lessonDetail(lesson.name)}
          aria-label={es.lessons.moreInfoOf(lesson.name)}
        >
          {es.lessons.moreInfo}
        </Link>
      </div>
    </article>
  );
}
