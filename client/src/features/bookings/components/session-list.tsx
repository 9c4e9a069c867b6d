import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import type { ClassSessionDto } from '@pulso/shared';
import { ConfirmModal, ResultModal } from '../../../components/ui/modal';
import { ListState } from '../../../components/ui/load-state';
import { paths } from '../../../config/paths';
import { es } from '../../../i18n/es';
import type { Outcome } from '../../../lib/mutation';
import { slotFor } from '../../../lib/resource';
import { withReturn } from '../../../lib/return-path';
import { useBookingsStore } from '../store';
import { SessionPlaces } from './session-facts';
import '../bookings.css';

const t = es.bookings;

interface SessionListProps {
  lessonId: string;
  /** Signed in. */
  signedIn: boolean;
  /** Has an active membership (may book). */
  isMember: boolean;
  /** The membership was checked: a signed-in non-member is told why they cannot book. */
  membershipKnown: boolean;
}

/**
 * A class's sessions open for booking: each date with its places left (or 'Clase llena' and how
 * many wait), the member's own booking, and 'Reservar' / 'Cancelar reserva' (a cancellation is
 * confirmed first). The answer's session replaces the one shown, and the server's message is shown
 * in the 'Resultado' dialog.
 */
export function SessionList({ lessonId, signedIn, isMember, membershipKnown }: SessionListProps) {
  const location = useLocation();
  const { upcoming, busy, fetchUpcoming, book, cancel } = useBookingsStore(
    useShallow((s) => ({
      upcoming: s.upcoming,
      busy: s.busy,
      fetchUpcoming: s.fetchUpcoming,
      book: s.book,
      cancel: s.cancel,
    })),
  );
  const { value: sessions, status, error } = slotFor(upcoming, lessonId);
  const [result, setResult] = useState<Outcome | null>(null);
  const [confirming, setConfirming] = useState<ClassSessionDto | null>(null);

  // Signing in or out changes what each session says about the caller.
  useEffect(() => {
    void fetchUpcoming(lessonId);
  }, [lessonId, signedIn, fetchUpcoming]);

  const run = async (action: Promise<Outcome>) => {
    const outcome = await action;
    setConfirming(null);
    setResult(outcome);
    if (!outcome.ok) void fetchUpcoming(lessonId, { quiet: true });
  };

  const list = sessions ?? [];
  let body = null;
  if (status === 'succeeded' && list.length > 0) {
    body = (
      <ul className="sessions">
        {list.map((session) => {
          const label = t.dayLabel(session.date);
          const labelId = `session-${session.id.replace(/[^\w-]/g, '-')}`;
          const full = session.seatsLeft === 0;
          return (
            <li key={session.id} className="session" aria-labelledby={labelId}>
              <div className="session__when">
                <strong id={labelId}>{label}</strong>
                <span>{t.hours(session.start, session.end)}</span>
                {session.substitute && <span>{t.substitute(session.substitute)}</span>}
              </div>
              <SessionPlaces session={session} />
              <div className="session__action">
                {session.mine ? (
                  <button
                    type="button"
                    className="button"
                    disabled={busy === session.id}
                    onClick={() => setConfirming(session)}
                    aria-describedby={labelId}
                  >
                    {busy === session.id ? t.cancelling : session.mine.state === 'confirmed' ? t.cancel : t.leave}
                  </button>
                ) : (
                  signedIn &&
                  isMember &&
                  session.bookable && (
                    <button
                      type="button"
                      className="button button--primary"
                      disabled={busy === session.id}
                      onClick={() => void run(book(session))}
                      aria-describedby={labelId}
                    >
                      {busy === session.id ? t.booking : full ? t.bookFull : t.book}
                    </button>
                  )
                )}
                {!session.bookable && !session.cancelled && !session.mine && (
                  <span className="session__muted">{t.notOpen}</span>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section className="lesson-sessions" aria-labelledby="lesson-sessions-title">
      <h2 id="lesson-sessions-title">{t.title}</h2>
      {!signedIn && (
        <p className="lesson-sessions__note">
          <Link to={withReturn(paths.login, location.pathname + location.search)}>{t.loginToBook}</Link>
        </p>
      )}
      {signedIn && membershipKnown && !isMember && <p className="lesson-sessions__note">{t.membershipToBook}</p>}
      <ListState
        load={{ status, error }}
        count={list.length}
        texts={{ loading: t.loading, loadError: t.loadError, empty: t.none }}
        onRetry={() => void fetchUpcoming(lessonId)}
      />
      {body}
      {confirming?.mine && (
        <ConfirmModal
          title={t.confirmCancelTitle}
          message={
            confirming.mine.state === 'confirmed'
              ? t.confirmCancel(t.sessionLabel(confirming.lessonName, confirming.date, confirming.start))
              : t.confirmLeave(t.sessionLabel(confirming.lessonName, confirming.date, confirming.start))
          }
          confirmLabel={confirming.mine.state === 'confirmed' ? t.cancel : t.leave}
          cancelLabel={t.keep}
          busy={busy === confirming.id}
          busyLabel={t.cancelling}
          danger
          onConfirm={() => void run(cancel(confirming))}
          onCancel={() => setConfirming(null)}
        />
      )}
      {result && <ResultModal message={result.message} failed={!result.ok} onClose={() => setResult(null)} />}
    </section>
  );
}
