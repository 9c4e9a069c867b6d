import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { MembershipStateBadge } from '../../../components/ui/membership-state';
import { paths } from '../../../config/paths';
import { calendarEs } from '../../../i18n/calendar';
import { es } from '../../../i18n/es';
import { displayName } from '../event-helpers';
import { useCalendarStore } from '../store';

interface CalendarHeaderProps {
  userId: string | null;
  gymName: string;
}

/** Back link to /profile and the title line: gym name, 'Calendario' badge, the member's name. */
export function CalendarHeader({ userId, gymName }: CalendarHeaderProps) {
  const t = calendarEs;
  const member = useCalendarStore((s) => s.member);
  const status = useCalendarStore((s) => s.memberStatus);
  const error = useCalendarStore((s) => s.memberError);
  const loadMember = useCalendarStore((s) => s.loadMember);

  useEffect(() => {
    if (userId) void loadMember(userId);
  }, [userId, loadMember]);

  const current = member && member.id === userId ? member : null;
  return (
    <header className="calendar-header">
      <Link className="calendar-header__back" to={paths.profile}>
        <span aria-hidden="true">←</span> {t.back}
      </Link>
      <h1 className="calendar-header__title">
        <span className="calendar-header__gym">{gymName}</span>
        <span className="badge calendar-header__badge">{t.badge}</span>
        {current ? (
          <>
            <span className="calendar-header__name">{displayName(current.fullName)}</span>
            {current.membresia && <MembershipStateBadge state={current.membresia.state} />}
          </>
        ) : (
          status !== 'failed' && (
            <span className="calendar-header__name calendar-header__name--muted">{t.loadingMember}</span>
          )
        )}
      </h1>
      {status === 'failed' && (
        <p className="alert alert--error calendar-header__error" role="alert">
          {t.memberLoadError} {error}
          <button type="button" className="button button--small" onClick={() => userId && void loadMember(userId)}>
            {es.common.retry}
          </button>
        </p>
      )}
    </header>
  );
}
