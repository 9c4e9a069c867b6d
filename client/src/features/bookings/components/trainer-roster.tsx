import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import { LoadFailure } from '../../../components/ui/load-state';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { es } from '../../../i18n/es';
import { slotFor } from '../../../lib/resource';
import type { Outcome } from '../../../lib/mutation';
import { rosterKey, useTeachingStore } from '../trainer-store';
import { RosterAttendance } from './roster-attendance';
import { RosterLists } from './roster-lists';
import '../bookings.css';

const t = es.bookings;
const tr = t.trainer;

/**
 * /profile/sesiones/:sessionId: the list of a session the trainer teaches (an admin may open any):
 * its day, hours and places, who holds a place by seat with their attendance (or 'Registrar
 * entrada' while check-in is open), who waits in order and who cancelled late. The server refuses
 * anyone else, and the page then says why.
 */
export function TrainerRoster({ userId, sessionId }: { userId: string; sessionId: string }) {
  const { roster, fetchRoster, checkIn, busy } = useTeachingStore(
    useShallow((s) => ({ roster: s.roster, fetchRoster: s.fetchRoster, checkIn: s.checkIn, busy: s.busy })),
  );
  const [answer, setAnswer] = useState<Outcome | null>(null);
  const { value, status, error } = slotFor(roster, rosterKey(userId, sessionId));
  useEffect(() => {
    void fetchRoster(userId, sessionId);
  }, [userId, sessionId, fetchRoster]);

  const session = value?.session;
  return (
    <section className="section trainer-roster" aria-labelledby="trainer-roster-title">
      <p className="sessions-admin__back">
        <Link to={paths.profile}>{tr.back}</Link>
      </p>
      <h1 id="trainer-roster-title" className="sessions-admin__title">
        {session ? tr.rosterTitle(session.lessonName, t.dayLabel(session.date)) : es.titles.trainerSession}
      </h1>
      {status === 'failed' ? (
        <LoadFailure
          text={tr.rosterError}
          error={error}
          onRetry={() => void fetchRoster(userId, sessionId)}
          back={{ label: tr.back, to: paths.profile }}
        />
      ) : !value || !session ? (
        <Spinner label={tr.rosterLoading} />
      ) : (
        <div className="trainer-roster__panel">
          <div className="trainer-roster__facts">
            <p>{t.hours(session.start, session.end)}</p>
            {session.cancelled ? (
              <p className="session__places--full">{t.cancelledBecause(session.cancelReason)}</p>
            ) : (
              <p>
                {tr.places(session.taken, session.capacity)}
                {session.waiting > 0 && <span> · {t.waiting(session.waiting)}</span>}
              </p>
            )}
            {session.substitute && <p className="session__muted">{t.substitute(session.substitute)}</p>}
          </div>
          <p className={answer && !answer.ok ? 'alert alert--error' : 'roster__answer'} role="status">
            {answer?.message}
          </p>
          <RosterLists
            roster={value}
            headingLevel={2}
            placeExtra={(p) => (
              <RosterAttendance
                place={p}
                open={!session.cancelled}
                busy={busy === `${sessionId}|${p.memberId}`}
                onCheckIn={() => void checkIn(userId, sessionId, p.memberId).then(setAnswer)}
              />
            )}
          />
        </div>
      )}
    </section>
  );
}
