import { calendarEs } from '../../../i18n/calendar';
import { EVENT_KINDS } from '../event-helpers';

/** What each event colour means. */
export function CalendarLegend() {
  return (
    <ul className="calendar-legend" aria-label={calendarEs.legendLabel}>
      {EVENT_KINDS.map((kind) => (
        <li key={kind} className="calendar-legend__item">
          <span className={`calendar-legend__swatch calendar-legend__swatch--${kind}`} aria-hidden="true" />
          {calendarEs.legend[kind]}
        </li>
      ))}
    </ul>
  );
}
