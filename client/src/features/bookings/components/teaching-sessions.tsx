import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import type { TaughtSessionDto } from '@pulso/shared';
import { ListState } from '../../../components/ui/load-state';
import { paths } from '../../../config/paths';
import { es } from '../../../i18n/es';
import { slotFor } from '../../../lib/resource';
import { teachingKey, useTeachingStore } from '../trainer-store';
import '../bookings.css';

const t = es.bookings;
const tr = t.trainer;

/** A session's places as the trainer reads them: cancelled, full or places left, and who waits. */
function Places({ session }: { session: TaughtSessionDto }) {
  if (session.cancelled) {
    return (
      <p className="teaching__places">
        <span className="badge badge--danger">{tr.cancelled}</span>
        {session.cancelReason && <span className="session__muted"> {session.cancelReason}</span>}
      </p>
    );
  }
  const full = session.seatsLeft === 0;
  return (
    <p className={`teaching__places${full ? ' session__places--full' : ''}`}>
      {full ? t.full : t.seatsLeft(session.seatsLeft)}
      {session.waiting > 0 && <span> · {t.waiting(session.waiting)}</span>}
    </p>
  );
}

/**
 * The sessions a trainer teaches in the next `days` days, on their profile ('Mis Clases'): day,
 * hours, class and sede, places and waitlist, and a link to each session's list.
 */
export function TeachingSessions({ userId, days }: { userId: string; days: number }) {
  const { teaching, fetchTeaching } = useTeachingStore(
    useShallow((s) => ({ teaching: s.teaching, fetchTeaching: s.fetchTeaching })),
  );
  const { value, status, error } = slotFor(teaching, teachingKey(userId, days));
  useEffect(() => {
    void fetchTeaching(userId, days);
  }, [userId, days, fetchTeaching]);

  const sessions = value ?? [];
  return (
    <section className="teaching" aria-labelledby="teaching-title">
      <h3 id="teaching-title">{tr.upcomingTitle}</h3>
      <p className="session__muted">{tr.upcomingIntro(days)}</p>
      <ListState
        load={{ status, error }}
        count={sessions.length}
        texts={{ loading: tr.loading, loadError: tr.loadError, empty: tr.none }}
        onRetry={() => void fetchTeaching(userId, days)}
      />
      {sessions.length > 0 && (
        <ul className="teaching__list">
          {sessions.map((session) => {
            const labelId = `teaching-${session.id.replace(/[^\w-]/g, '-')}`;
            return (
              <li key={session.id} className="teaching__item" aria-labelledby={labelId}>
                <p className="teaching__when">
                  <strong id={labelId}>{`${t.dayLabel(session.date)}, ${t.hours(session.start, session.end)}`}</strong>
                </p>
                <p className="teaching__what">{tr.where(session.lessonName, session.branch)}</p>
                {session.substituting && <p className="session__muted">{tr.substituting}</p>}
                <Places session={session} />
                <Link
                  className="button button--small teaching__roster"
                  to={paths.profileSession(session.id)}
                  aria-describedby={labelId}
                >
                  {tr.roster}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
