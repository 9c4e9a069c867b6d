import type { BookingResultDto, ClassSessionDto } from '@pulso/shared';
import { api } from '../../../lib/api-client';

const session = (id: string) => `/sessions/${encodeURIComponent(id)}`;

/** A class's sessions from today to the end of the booking window, with places and the caller's bookings. */
export async function getUpcomingSessions(lessonId: string): Promise<ClassSessionDto[]> {
  const { data } = await api.get<ClassSessionDto[]>(`/sessions/of/${encodeURIComponent(lessonId)}`);
  return data;
}

/** Books a place in a session, or joins its waitlist when it is full. */
export async function bookSession(id: string): Promise<BookingResultDto> {
  const { data } = await api.post<BookingResultDto>(`${session(id)}/booking`);
  return data;
}

/** Gives up a place, or leaves the waitlist. */
export async function cancelBooking(id: string): Promise<BookingResultDto> {
  const { data } = await api.delete<BookingResultDto>(`${session(id)}/booking`);
  return data;
}
