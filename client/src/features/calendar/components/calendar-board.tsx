import { useCallback, useRef, useState } from 'react';
import type { EventClickArg, EventInput, EventMountArg, EventSourceFuncArg } from '@fullcalendar/core';
import esLocale from '@fullcalendar/core/locales/es';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { MESSAGES, sessionOfEvent } from '@pulso/shared';
import { ConfirmModal, ResultModal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { calendarEs } from '../../../i18n/calendar';
import { es } from '../../../i18n/es';
import { cancelBooking } from '../../bookings/api/bookings';
import { SessionDialog } from '../../bookings/components/session-dialog';
import { mutate } from '../../../lib/mutation';
import { toEventInput } from '../event-helpers';
import { useCalendarStore } from '../store';
import { useNarrow } from '../use-narrow';
import { CalendarLegend } from './calendar-legend';
import { NewEventModal } from './new-event-modal';
import '../calendar.css';

const PLUGINS = [dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin];
const TOOLBAR = {
  start: 'prev,next today',
  center: 'title',
  end: 'dayGridMonth,timeGridWeek,timeGridDay,listWeek',
};

/** Phones: 'L 16' over each week column instead of 'lun 16/11', which does not fit. */
const NARROW_VIEWS = { timeGridWeek: { dayHeaderFormat: { weekday: 'narrow', day: 'numeric' } } } as const;

/**
 * FullCalendar 6 names its prev/next buttons only by a `title` and puts an unnamed `role="img"` icon
 * inside: give each the name its hint says ('Mes anterior'...) and hide the icon from screen readers.
 * Run after every render of new dates, since the hint follows the view.
 */
function nameNavButtons(root: HTMLElement | null) {
  root?.querySelectorAll<HTMLButtonElement>('.fc-prev-button, .fc-next-button').forEach((button) => {
    if (button.title) button.setAttribute('aria-label', button.title);
    button.querySelector('.fc-icon')?.setAttribute('aria-hidden', 'true');
  });
}

/**
 * The calendar is 50vh high, so FullCalendar scrolls the view's body in a box of its
 * own. With no event in sight nothing in that box takes focus, and keyboard users could not scroll
 * it (WCAG 2.1.1, axe `scrollable-region-focusable`): make the box a focusable region named for
 * the view, which the arrow and page keys then scroll. Run after every render of new dates, since a
 * new view brings a new box.
 */
function nameScrollBox(root: HTMLElement | null, viewType: string | undefined) {
  const label = calendarEs.scrollBoxLabel(viewType ?? '');
  root?.querySelectorAll<HTMLElement>('.fc-scroller-liquid-absolute, .fc-scroller-liquid').forEach((box) => {
    box.tabIndex = 0;
    box.setAttribute('role', 'region');
    box.setAttribute('aria-label', label);
  });
}

/**
 * FullCalendar 6 marks its layout tables as an ARIA grid, yet puts scroll boxes (named regions, above)
 * between the grid and its rows, and names each day cell by its day number's link: axe then finds a
 * grid without rows, rows without a grid and cells whose name is not their text (WCAG 1.3.1, 2.5.3).
 * The calendar is read through its named event buttons, the day links and the list view, not as a
 * grid: the layout tables are made plain tables. Run after every render of new dates.
 */
function plainGrid(root: HTMLElement | null) {
  root?.querySelectorAll<HTMLElement>('[role="grid"], [role="rowgroup"], [role="row"]').forEach((el) => {
    el.setAttribute('role', 'presentation');
  });
  root?.querySelectorAll<HTMLElement>('[role="gridcell"], [role="columnheader"]').forEach((cell) => {
    cell.removeAttribute('role');
    cell.removeAttribute('aria-labelledby');
  });
}

/**
 * The month view is 50vh high and scrolls inside: when today's week is not wholly in
 * sight (late in the month, or once the events make the weeks taller), bring it to the top.
 */
function revealToday(root: HTMLElement | null) {
  const today = root?.querySelector<HTMLElement>('.fc-dayGridMonth-view .fc-daygrid-day.fc-day-today');
  const scroller = today?.closest<HTMLElement>('.fc-scroller');
  if (!today || !scroller) return;
  const week = (today.closest('tr') ?? today).getBoundingClientRect();
  const top = week.top - scroller.getBoundingClientRect().top;
  if (top >= 0 && top + week.height <= scroller.clientHeight) return;
  scroller.scrollTop += top;
}

interface CalendarBoardProps {
  isAdmin: boolean;
}

interface Selected {
  id: string;
  title: string;
}

/** A class of the member's schedule picked on the calendar: that date's session, to book. */
interface PickedClass {
  session: string;
  title: string;
}

/** A booked or waited-for session picked on the calendar, to cancel. */
interface PickedBooking {
  session: string;
  title: string;
  waiting: boolean;
}

/** A result to show; `title` defaults to 'Resultado'. */
type Notice = { message: string; failed: boolean; title?: string } | null;

/**
 * The calendar: month by default, week and day time grids and a list; 50vh high; events
 * can be picked up but every drop is refused and undone. Admins add gym events and delete them;
 * a member picks a class to see that date's places and book it, or a booking to cancel it.
 */
export function CalendarBoard({ isAdmin }: CalendarBoardProps) {
  const t = calendarEs;
  const calendar = useRef<FullCalendar>(null);
  const host = useRef<HTMLElement>(null);
  // New dates were shown: once their events are in (and the weeks have their final height), show today.
  const revealPending = useRef(false);
  const fetchEvents = useCalendarStore((s) => s.fetchEvents);
  const status = useCalendarStore((s) => s.status);
  const error = useCalendarStore((s) => s.error);
  const busy = useCalendarStore((s) => s.busy);
  const deleteEvent = useCalendarStore((s) => s.deleteEvent);
  const [loading, setLoading] = useState(false);
  const [creating, setCreating] = useState(false);
  const [selected, setSelected] = useState<Selected | null>(null);
  const [booking, setBooking] = useState<PickedBooking | null>(null);
  const [picked, setPicked] = useState<PickedClass | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const narrow = useNarrow();

  const source = useCallback(
    async (info: EventSourceFuncArg): Promise<EventInput[]> => {
      const events = await fetchEvents(info.start.toISOString(), info.end.toISOString());
      return events.map(toEventInput);
    },
    [fetchEvents],
  );

  const reload = () => calendar.current?.getApi().refetchEvents();
  const labelScrollBox = () => {
    nameScrollBox(host.current, calendar.current?.getApi().view.type);
    plainGrid(host.current);
  };

  /** What picking an event does: an admin deletes a gym event, a member books a class or cancels a booking. */
  const actionable = useCallback(
    (kind: unknown) => (isAdmin && kind === 'gym') || kind === 'class' || kind === 'booked' || kind === 'waiting',
    [isAdmin],
  );
  const pickEvent = useCallback(
    (kind: unknown, id: string, title: string) => {
      if (isAdmin && kind === 'gym') setSelected({ id, title });
      const session = sessionOfEvent(id);
      if (!session) return;
      if (kind === 'class') setPicked({ session, title });
      if (kind === 'booked' || kind === 'waiting') setBooking({ session, title, waiting: kind === 'waiting' });
    },
    [isAdmin],
  );
  const eventLabel = (kind: unknown, title: string) =>
    kind === 'gym' ? t.eventLabel(title) : kind === 'class' ? t.classLabel(title) : t.bookingLabel(title);

  const onEventClick = (info: EventClickArg) => {
    info.jsEvent.preventDefault();
    pickEvent(info.event.extendedProps.kind, info.event.id, info.event.title);
  };

  // Events that can be acted on are reached with the keyboard too: each becomes a focusable button.
  const onEventMount = (info: EventMountArg) => {
    const kind: unknown = info.event.extendedProps.kind;
    if (!actionable(kind)) return;
    const el = info.el;
    el.tabIndex = 0;
    el.setAttribute('role', 'button');
    // The name starts with what the event shows (its hour, then its title: WCAG 2.5.3), then the hint;
    // a space between the hour and the title makes the shown text read as the name does.
    const time = el.querySelector('.fc-event-time');
    if (time && time.nextSibling?.nodeType !== Node.TEXT_NODE) time.after(document.createTextNode(' '));
    const shown = info.timeText ? `${info.timeText} ` : '';
    el.setAttribute('aria-label', `${shown}${eventLabel(kind, info.event.title)}`);
    el.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      pickEvent(kind, info.event.id, info.event.title);
    });
  };

  const confirmCancelBooking = async () => {
    if (!booking) return;
    setCancelling(true);
    const outcome = await mutate(async () => (await cancelBooking(booking.session)).message);
    setCancelling(false);
    setBooking(null);
    setNotice({ message: outcome.message, failed: !outcome.ok });
    reload();
  };

  const confirmDelete = async () => {
    if (!selected) return;
    const ok = await deleteEvent(selected.id);
    setSelected(null);
    const { actionError } = useCalendarStore.getState();
    setNotice(
      ok
        ? { message: MESSAGES.events.deleted, failed: false }
        : { message: actionError ?? '', failed: true, title: t.dragTitle },
    );
    if (ok) reload();
  };

  return (
    <div className="calendar-board">
      <div className="calendar-board__bar">
        <CalendarLegend />
        {isAdmin && (
          <button type="button" className="button button--primary button--small" onClick={() => setCreating(true)}>
            {t.newEvent}
          </button>
        )}
      </div>
      <p className="calendar-board__hint">{isAdmin ? t.adminHint : t.memberHint}</p>
      {status === 'failed' && !loading && (
        <p className="alert alert--error calendar-board__error" role="alert">
          {t.loadError} {error}
          <button type="button" className="button button--small" onClick={reload}>
            {es.common.retry}
          </button>
        </p>
      )}
      <section ref={host} className="calendar-board__calendar" aria-label={t.calendarLabel} aria-busy={loading}>
        {loading && (
          <div className="calendar-board__loading">
            <Spinner label={t.loadingEvents} />
          </div>
        )}
        <FullCalendar
          ref={calendar}
          plugins={PLUGINS}
          locale={esLocale}
          initialView="dayGridMonth"
          headerToolbar={TOOLBAR}
          buttonText={t.buttonText}
          buttonHints={t.buttonHints}
          viewHint={t.viewHint}
          height="50vh"
          editable
          eventDurationEditable={false}
          eventDrop={(info) => {
            info.revert();
            setNotice({ message: MESSAGES.events.dragNotAllowed, failed: true, title: t.dragTitle });
          }}
          events={source}
          loading={(isLoading) => {
            setLoading(isLoading);
            if (isLoading || !revealPending.current) return;
            revealPending.current = false;
            requestAnimationFrame(() => {
              labelScrollBox();
              revealToday(host.current);
            });
          }}
          datesSet={() => {
            revealPending.current = true;
            // Called before the toolbar and the grid of the new dates are in the page.
            requestAnimationFrame(() => {
              nameNavButtons(host.current);
              labelScrollBox();
              revealToday(host.current);
            });
          }}
          // The failure is shown above the calendar from the store; FullCalendar need not log it too.
          eventSourceFailure={() => undefined}
          eventClick={onEventClick}
          eventDidMount={onEventMount}
          dayMaxEvents={false}
          nowIndicator
          views={narrow ? NARROW_VIEWS : undefined}
        />
      </section>

      {creating && <NewEventModal onClose={() => setCreating(false)} onCreated={reload} />}
      {selected && (
        <ConfirmModal
          title={t.deleteTitle}
          message={t.deleteQuestion(selected.title)}
          confirmLabel={busy ? t.deleting : t.deleteConfirm}
          cancelLabel={t.deleteCancel}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setSelected(null)}
          busy={busy}
          danger
        />
      )}
      {picked && (
        <SessionDialog
          sessionId={picked.session}
          lessonName={picked.title}
          onClose={() => setPicked(null)}
          onBooked={(outcome) => {
            setPicked(null);
            setNotice({ message: outcome.message, failed: !outcome.ok });
            reload();
          }}
        />
      )}
      {booking && (
        <ConfirmModal
          title={booking.waiting ? t.leaveWaitlistTitle : t.cancelBookingTitle}
          message={t.cancelBookingQuestion(booking.title)}
          confirmLabel={booking.waiting ? MESSAGES.bookings.leaveWaitlist : MESSAGES.bookings.cancel}
          cancelLabel={t.keepBooking}
          busyLabel={t.cancellingBooking}
          onConfirm={() => void confirmCancelBooking()}
          onCancel={() => setBooking(null)}
          busy={cancelling}
          danger
        />
      )}
      {notice && (
        <ResultModal
          title={notice.title}
          message={notice.message}
          failed={notice.failed}
          onClose={() => setNotice(null)}
        />
      )}
    </div>
  );
}
