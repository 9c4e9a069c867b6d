import * as z from 'zod';

/**
 * A member's private calendar feed: an iCalendar URL with a secret token, which calendar apps
 * (Google Calendar, Apple Calendar, Outlook) subscribe to. Generating a new one revokes the old.
 */
export const calendarFeed = z.object({
  /** The feed's address: `<PUBLIC_URL>/api/calendar/feed/<token>.ics`. */
  url: z.string(),
  /** When this address was made (ISO). */
  createdAt: z.string(),
});
z.globalRegistry.add(calendarFeed, { id: 'CalendarFeed' });

/** A new address made, the old one revoked. */
export const calendarFeedRenewed = z.object({ message: z.string(), feed: calendarFeed });

export type CalendarFeedDto = z.infer<typeof calendarFeed>;
