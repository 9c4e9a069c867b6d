import { useEffect, useState } from 'react';
import { parseSessionId, type ClassSessionDto } from '@pulso/shared';
import { LoadFailure } from '../../../components/ui/load-state';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { es } from '../../../i18n/es';
import { failureOf } from '../../../lib/api-client';
import { mutate, type Outcome } from '../../../lib/mutation';
import { bookSession, getSession } from '../api/bookings';
import { SessionPlaces } from './session-facts';
import '../bookings.css';

const t = es.bookings;

interface SessionDialogProps {
  /** `<lessonId>:<YYYY-MM-DD>` */
  sessionId: string;
  /** The class's name. */
  lessonName: string;
  onClose: () => void;
  /** A booking was tried: the dialog is done, and the caller reports the outcome. */
  onBooked: (outcome: Outcome) => void;
}

type Load = { status: 'loading' } | { status: 'failed'; error: string } | { status: 'ready'; session: ClassSessionDto };

/**
 * One session of a class picked on the calendar: its hours, places left (or full, and how many
 * wait) and 'Reservar' (or 'Unirme a la lista de espera') while bookings are open.
 */
export function SessionDialog({ sessionId, lessonName, onClose, onBooked }: SessionDialogProps) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [booking, setBooking] = useState(false);
  const date = parseSessionId(sessionId)?.date ?? '';

  // Each try loads the session again (Retry after a failure); an answer after closing is ignored.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let open = true;
    getSession(sessionId).then(
      (session) => open && setLoad({ status: 'ready', session }),
      (error: unknown) => open && setLoad({ status: 'failed', error: failureOf(error).message }),
    );
    return () => {
      open = false;
    };
  }, [sessionId, attempt]);
  const retry = () => {
    setLoad({ status: 'loading' });
    setAttempt((n) => n + 1);
  };

  const book = async () => {
    setBooking(true);
    const outcome = await mutate(async () => (await bookSession(sessionId)).message);
    setBooking(false);
    onBooked(outcome);
  };

  const session = load.status === 'ready' ? load.session : null;
  const canBook = session !== null && session.bookable && !session.cancelled && !session.mine;
  return (
    <Modal
      title={date ? t.dialogTitle(lessonName, date) : lessonName}
      onClose={onClose}
      className="session-dialog"
      actions={
        <>
          {canBook && (
            <button type="button" className="button button--primary" disabled={booking} onClick={() => void book()}>
              {booking ? t.booking : session.seatsLeft === 0 ? t.bookFull : t.book}
            </button>
          )}
          <button type="button" className="button" onClick={onClose}>
            {t.close}
          </button>
        </>
      }
    >
      <div aria-live="polite" aria-busy={load.status === 'loading'}>
        {load.status === 'loading' && <Spinner label={t.loadingSession} />}
        {load.status === 'failed' && <LoadFailure text={t.sessionError} error={load.error} onRetry={retry} />}
        {session && (
          <div className="session-dialog__facts">
            <p>{t.hours(session.start, session.end)}</p>
            {session.substitute && <p>{t.substitute(session.substitute)}</p>}
            <SessionPlaces session={session} />
            {!session.bookable && !session.cancelled && !session.mine && <p className="session__muted">{t.notOpen}</p>}
          </div>
        )}
      </div>
    </Modal>
  );
}
