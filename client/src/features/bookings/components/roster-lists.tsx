import type { ReactNode } from 'react';
import type { SessionRosterDto } from '@pulso/shared';
import { es } from '../../../i18n/es';

const a = es.bookings.admin;

type Place = SessionRosterDto['confirmed'][number];

interface RosterListsProps {
  roster: SessionRosterDto;
  /** The level of the lists' headings: 3 inside a dialog, 2 on a page of their own. */
  headingLevel?: 2 | 3;
  /** More on each place's line, after the name: its attendance, or the check-in button. */
  placeExtra?: (place: Place) => ReactNode;
}

/**
 * Who is in a session, as the admin's dialog and the trainer's page show it: the places by seat,
 * the waitlist in order, and the places given up late.
 */
export function RosterLists({ roster, headingLevel = 3, placeExtra }: RosterListsProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="roster">
      <Heading>{a.confirmedTitle}</Heading>
      {roster.confirmed.length === 0 ? (
        <p className="empty">{a.nobodyBooked}</p>
      ) : (
        <ul>
          {roster.confirmed.map((p) => (
            <li key={p.memberId} className="roster__place">
              <span>
                <span className="roster__seat">{a.seat(p.seat)}</span> {p.name}
                {p.promoted && <span className="session__muted"> ({a.promoted})</span>}
              </span>
              {placeExtra?.(p)}
            </li>
          ))}
        </ul>
      )}
      <Heading>{a.waitingTitle}</Heading>
      {roster.waiting.length === 0 ? (
        <p className="empty">{a.nobodyWaiting}</p>
      ) : (
        <ol>
          {roster.waiting.map((p) => (
            <li key={p.memberId}>{p.name}</li>
          ))}
        </ol>
      )}
      {roster.lateCancels.length > 0 && (
        <>
          <Heading>{a.lateTitle}</Heading>
          <ul>
            {roster.lateCancels.map((p) => (
              <li key={`${p.memberId}-${p.at}`}>{p.name}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
