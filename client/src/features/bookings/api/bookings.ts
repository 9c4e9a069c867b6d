import type {
  DemandRowDto,
  WishDto,
  BookingResultDto,
  CheckinResultDto,
  ClassSessionDto,
  NextSessionDto,
  SessionRosterDto,
  TaughtSessionDto,
} from '@pulso/shared';
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

/** Every session of a class that has not started in the next `days` days (the dashboard's plan). */
export async function getPlannedSessions(lessonId: string, days: number): Promise<ClassSessionDto[]> {
  const { data } = await api.get<ClassSessionDto[]>(`/sessions/of/${encodeURIComponent(lessonId)}`, {
    params: { days },
  });
  return data;
}

/** The sessions the caller teaches that have not ended, from today to `days` ahead (a trainer's 'Mis Clases'). */
export async function getTeachingSessions(days: number): Promise<TaughtSessionDto[]> {
  const { data } = await api.get<TaughtSessionDto[]>('/sessions/teaching', { params: { days } });
  return data;
}

/** Who holds a place in a session, who waits and who cancelled late (an admin, or the session's trainer). */
export async function getRoster(id: string): Promise<SessionRosterDto> {
  const { data } = await api.get<SessionRosterDto>(`${session(id)}/roster`);
  return data;
}

/** An admin gives one session its own capacity and, or, a substitute trainer ('' for the class's). */
export async function changeSession(
  id: string,
  change: { capacity: string; trainerId: string },
): Promise<{ message: string; session: ClassSessionDto }> {
  const { data } = await api.put<{ message: string; session: ClassSessionDto }>(session(id), change);
  return data;
}

/** An admin cancels one session, saying why (its members are e-mailed). */
export async function cancelSession(
  id: string,
  reason: string,
): Promise<{ message: string; session: ClassSessionDto }> {
  const { data } = await api.post<{ message: string; session: ClassSessionDto }>(`${session(id)}/cancel`, { reason });
  return data;
}

/** One session of a class, with its places and the caller's booking. */
export async function getSession(id: string): Promise<ClassSessionDto> {
  const { data } = await api.get<ClassSessionDto>(session(id));
  return data;
}

/** Every available class's next session with its places left (the class list). */
export async function getNextSessions(): Promise<NextSessionDto[]> {
  const { data } = await api.get<NextSessionDto[]>('/sessions/next');
  return data;
}

/** A trainer or an admin checks a booked member in from the session's roster. */
export async function checkInFromRoster(id: string, memberId: string): Promise<CheckinResultDto> {
  const { data } = await api.post<CheckinResultDto>(`${session(id)}/checkin`, { memberId });
  return data;
}

/** The caller's wider waits, newest first. */
export async function getMyWishes(): Promise<WishDto[]> {
  const { data } = await api.get<WishDto[]>('/wishes/mine');
  return data;
}

/** Waits for any session of a class (or of an exercise type) on some weekdays in an hour band. */
export async function createWish(input: WishInput): Promise<{ message: string; wish: WishDto }> {
  const { data } = await api.post<{ message: string; wish: WishDto }>('/wishes', input);
  return data;
}

/** Stops a wider wait. */
export async function removeWish(id: string): Promise<string> {
  const { data } = await api.delete<{ message: string }>(`/wishes/${encodeURIComponent(id)}`);
  return data.message;
}

/** The chain's waiting demand per class, sede, weekday and hour (admin). */
export async function getDemand(): Promise<DemandRowDto[]> {
  const { data } = await api.get<DemandRowDto[]>('/sessions/demand');
  return data;
}

export interface WishInput {
  lessonId: string;
  type: string;
  days: string[];
  from: string;
  to: string;
}
