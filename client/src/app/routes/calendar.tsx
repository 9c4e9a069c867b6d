import { CalendarBoard } from '../../features/calendar/components/calendar-board';
import { CalendarHeader } from '../../features/calendar/components/calendar-header';
import { useAuthStore } from '../../features/auth/store';
import { useUiStore } from '../../features/ui/store';
import { usePageTitle } from '../../lib/use-page-title';
import { es } from '../../i18n/es';

/** /calendar, signed-in only; FullCalendar loads with this route's chunk alone. */
export function CalendarRoute() {
  usePageTitle(es.titles.calendar);
  const userId = useAuthStore((s) => s.userId);
  const isAdmin = useAuthStore((s) => s.isAdmin);
  const gymName = useUiStore((s) => s.site.gymName);
  return (
    <section className="calendar-page">
      <CalendarHeader userId={userId} gymName={gymName} />
      <CalendarBoard isAdmin={isAdmin} />
    </section>
  );
}
