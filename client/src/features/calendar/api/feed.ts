import type { CalendarFeedDto } from '@pulso/shared';
import { api } from '../../../lib/api-client';

/** The caller's private calendar feed address (the server makes it on the first ask). */
export async function getCalendarFeed(): Promise<CalendarFeedDto> {
  const { data } = await api.get<CalendarFeedDto>('/calendar/feed');
  return data;
}

/** A new feed address: the old one stops working. */
export async function renewCalendarFeed(): Promise<{ message: string; feed: CalendarFeedDto }> {
  const { data } = await api.post<{ message: string; feed: CalendarFeedDto }>('/calendar/feed');
  return data;
}
