import { Link } from 'react-router-dom';
import { weekdayOf, type BranchTimetableDto, type TimetableSlotDto } from '@pulso/shared';
import { LoadFailure } from '../../../components/ui/load-state';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { es } from '../../../i18n/es';
import { useLoaded } from '../../../lib/use-loaded';
import { getBranchTimetable } from '../api/branches';

const t = es.timetable;

/** '26': the day of a date, for the column header. */
const dayOf = (date: string) => String(Number(date.slice(8, 10)));
const hourOf = (local: string) => local.slice(11, 16);

/** What a session's places are: started, cancelled, full, or how many are left. */
function placesOf(slot: TimetableSlotDto): { text: string; tone: 'muted' | 'danger' | 'ok' } {
  if (slot.cancelled) return { text: t.cancelled, tone: 'danger' };
  if (slot.started) return { text: t.started, tone: 'muted' };
  if (slot.seatsLeft === 0) return { text: t.full, tone: 'danger' };
  return { text: t.left(slot.seatsLeft), tone: 'ok' };
}

function Slot({ slot }: { slot: TimetableSlotDto }) {
  const places = placesOf(slot);
  return (
    <div className={`timetable__slot${slot.started || slot.cancelled ? ' timetable__slot--past' : ''}`}>
      <Link to={paths.lessonDetail(slot.lessonName)} className="timetable__class">
        {slot.lessonName}
      </Link>
      <span className="timetable__hours">
        {hourOf(slot.start)}–{hourOf(slot.end)}
      </span>
      <span className={`timetable__places timetable__places--${places.tone}`}>{places.text}</span>
    </div>
  );
}

/** The day's header: 'Hoy' or the weekday, and the day of the month. */
const dayHeader = (date: string, index: number) => `${index === 0 ? t.today : weekdayOf(date)} ${dayOf(date)}`;

function Grid({ timetable }: { timetable: BranchTimetableDto }) {
  const { dates, slots } = timetable;
  const hours = [...new Set(slots.map((s) => hourOf(s.start)))].sort();
  return (
    <>
      {/* Wide screens: a grid of days by hour. */}
      <div className="timetable__grid-wrap">
        <table className="timetable__grid">
          <caption className="visually-hidden">{t.caption(timetable.branchName)}</caption>
          <thead>
            <tr>
              <th scope="col">{t.hour}</th>
              {dates.map((date, i) => (
                <th scope="col" key={date}>
                  {dayHeader(date, i)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {hours.map((hour) => (
              <tr key={hour}>
                <th scope="row">{hour}</th>
                {dates.map((date) => (
                  <td key={date}>
                    {slots
                      .filter((s) => s.date === date && hourOf(s.start) === hour)
                      .map((slot) => (
                        <Slot key={slot.id} slot={slot} />
                      ))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {/* Narrow screens: each day, its classes in order. */}
      <ol className="timetable__days">
        {dates.map((date, i) => {
          const ofDay = slots.filter((s) => s.date === date);
          if (ofDay.length === 0) return null;
          return (
            <li key={date}>
              <h3 className="timetable__day">{dayHeader(date, i)}</h3>
              <ul className="timetable__list">
                {ofDay.map((slot) => (
                  <li key={slot.id}>
                    <Slot slot={slot} />
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ol>
    </>
  );
}

/**
 * The sede's timetable on its page: its classes' sessions of the next 7 days by day and hour, each
 * linking to its class, with the places left; 'Imprimir horario' prints it alone.
 */
export function BranchTimetable({ id }: { id: string }) {
  const { value, error, retry } = useLoaded(() => getBranchTimetable(id));
  return (
    <section className="timetable" aria-labelledby="timetable-title">
      <div className="timetable__header">
        <div>
          <h2 id="timetable-title" className="timetable__title">
            {t.title}
          </h2>
          <p className="timetable__intro">{t.intro(value?.branchName ?? null)}</p>
        </div>
        {value && value.slots.length > 0 && (
          <button type="button" className="button button--small timetable__print" onClick={() => window.print()}>
            {t.print}
          </button>
        )}
      </div>
      {error ? (
        <LoadFailure text={t.loadError} error={error} onRetry={retry} />
      ) : !value ? (
        <Spinner label={t.loading} />
      ) : value.slots.length === 0 ? (
        <p className="empty">{t.empty}</p>
      ) : (
        <Grid timetable={value} />
      )}
    </section>
  );
}
