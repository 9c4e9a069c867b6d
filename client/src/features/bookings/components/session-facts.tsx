import type { ClassSessionDto } from '@pulso/shared';
import { es } from '../../../i18n/es';

const t = es.bookings;

/**
 * What a member reads about a session's places: cancelled (and why), full or how many places are
 * left, how many wait, and their own booking or place in the waitlist.
 */
export function SessionPlaces({ session }: { session: ClassSessionDto }) {
  const full = session.seatsLeft === 0;
  return (
    <>
      <p className={`session__places${full ? ' session__places--full' : ''}`}>
        {session.cancelled ? t.cancelledBecause(session.cancelReason) : full ? t.full : t.seatsLeft(session.seatsLeft)}
        {session.waiting > 0 && !session.cancelled && <span> · {t.waiting(session.waiting)}</span>}
      </p>
      {session.mine && (
        <p className="session__mine">
          {session.mine.state === 'confirmed' ? t.mine : t.minePosition(session.mine.position ?? 0)}
        </p>
      )}
    </>
  );
}
