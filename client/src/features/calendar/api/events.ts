import type { CalendarEventDto, schemas, UserDto } from '@pulso/shared';
import { api, type Answer, type Body } from '../../../lib/api-client';

/** A gym event as 'Nuevo Evento' sends it: its title, and ISO date-times. */
export type NewEventInput = Body<typeof schemas.eventForm>;

/** GET /events: what the calendar shows the caller in [start, end). */
export async function getEvents(start: string, end: string): Promise<CalendarEventDto[]> {
  const { data } = await api.get<CalendarEventDto[]>('/events', { params: { start, end } });
  return data;
}

/** POST /events (admins): a gym event. */
export async function createEvent(input: NewEventInput): Promise<CalendarEventDto> {
  const { data } = await api.post<Answer<typeof schemas.eventSaved>>('/events', input);
  return data.event;
}

/** DELETE /events/:id (admins). */
export async function deleteEvent(id: string): Promise<void> {
  await api.delete(`/events/${encodeURIComponent(id)}`);
}

/** GET /users/:id: the signed-in member, for the name on the title line. */
export async function getMember(id: string): Promise<UserDto> {
  const { data } = await api.get<UserDto>(`/users/${encodeURIComponent(id)}`);
  return data;
}
