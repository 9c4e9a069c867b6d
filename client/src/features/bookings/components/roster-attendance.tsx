import type { SessionRosterDto } from '@pulso/shared';
import { checkinEs as t } from '../../../i18n/checkin';
import { formatTime } from '../../../lib/format';

type Place = SessionRosterDto['confirmed'][number];

interface RosterAttendanceProps {
  place: Place;
  /** Whether members can still be checked in (the session is not cancelled). */
  open: boolean;
  busy: boolean;
  onCheckIn: () => void;
}

/** A place's attendance in a roster: when they came, that they did not, or a button to check them in. */
export function RosterAttendance({ place, open, busy, onCheckIn }: RosterAttendanceProps) {
  if (place.checkedIn) {
    return <span className="roster__attended">{t.roster.checkedIn(formatTime(new Date(place.checkedIn)))}</span>;
  }
  if (place.noShow) return <span className="roster__no-show">{t.roster.noShow}</span>;
  if (!open) return <span className="session__muted">{t.roster.pending}</span>;
  return (
    <button
      type="button"
      className="button button--small"
      disabled={busy}
      aria-label={t.roster.checkInOf(place.name)}
      onClick={onCheckIn}
    >
      {busy ? t.roster.checkingIn : t.roster.checkIn}
    </button>
  );
}
