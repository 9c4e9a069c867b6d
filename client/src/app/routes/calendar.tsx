import { CalendarBoard } from '../../features/calendar/components/calendar-board';
import { CalendarHeader } from '../../features/calendar/components/calendar-header';
import { useAuthStore } from '../../features/auth/store';
import { useUiStore } from '../../features/ui/store';

/** /calendar (SPEC §2.12), signed-in only; FullCalendar loads with this route's chunk alone. */
export function CalendarRoute() {
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
