import {
  ERROR_CODES,
  MESSAGES,
  memberSessionEvents,
  parseDate,
  planEvent,
  schemas,
  toText,
  type CalendarEventDto,
} from '@pulso/shared';
import { auditChange, auditCreate, eventSnapshot } from '../audit';
import type { EventRec } from '../db';
import { checkId, MockHttpError } from '../http';
import { findUser } from '../lookups';
import { toUserDto } from '../mappers';
import type { Route } from '../route';
import { heldBookingsOf } from './bookings';

/** The calendar module (server/src/modules/calendar): the gym's events, a member's plan, classes and bookings. */

const DAY = 86_400_000;

const toEventDto = ({ id, title, start, end }: EventRec): CalendarEventDto => ({
  id,
  title,
  start,
  end,
  kind: 'gym',
  allDay: false,
});

export const calendarHandlers = (route: Route) => [
  route('GET /events', { access: 'signed-in', ok: [200, schemas.calendarEvent.array()] }, ({ url, user, data }) => {
    const from = parseDate(url.searchParams.get('start') ?? undefined);
    const to = parseDate(url.searchParams.get('end') ?? undefined);
    if (!from || !to || to <= from)
      throw new MockHttpError(400, ERROR_CODES.VALIDATION_FAILED, MESSAGES.events.rangeRequired);
    if (to.getTime() - from.getTime() > 62 * DAY)
      throw new MockHttpError(400, ERROR_CODES.VALIDATION_FAILED, MESSAGES.events.rangeTooLong);
    const me = toUserDto(data, findUser(data, user.id));
    // A paused membership still shows its plan and the classes after the pause.
    const active = me.membresia?.status === 'Activo' || me.membresia?.state === 'Pausada' ? me.membresia : null;
    const gym = data.events
      .filter((e) => new Date(e.start) < to && new Date(e.end) > from)
      .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0))
      .map(toEventDto);
    return [
      ...planEvent(active, me.lessonDetails, from, to),
      ...memberSessionEvents(active, me.lessonDetails, heldBookingsOf(data, user.id, from, to), from, to),
      ...gym,
    ];
  }),

  route(
    'POST /events',
    {
      access: 'admin',
      audit: auditCreate('event', eventSnapshot, (a: { event: { id: string } }) => a.event.id),
      body: schemas.eventForm,
      ok: [201, schemas.eventSaved],
    },
    ({ input, user, data, db }) => {
      const event: EventRec = {
        id: db.id(),
        title: toText(input.title),
        start: new Date(input.start ?? '').toISOString(),
        end: new Date(input.end ?? '').toISOString(),
        createdBy: user.id,
      };
      data.events.push(event);
      return { message: MESSAGES.events.created, event: toEventDto(event) };
    },
  ),

  route(
    'DELETE /events/:id',
    { access: 'admin', audit: auditChange('event', 'delete', eventSnapshot), ok: [200, schemas.message] },
    ({ params, data }) => {
      const id = checkId(params.id);
      if (!data.events.some((e) => e.id === id))
        throw new MockHttpError(404, ERROR_CODES.NOT_FOUND, MESSAGES.events.notFound);
      data.events = data.events.filter((e) => e.id !== id);
      return { message: MESSAGES.events.deleted };
    },
  ),
];
