import { rebuildStoredDates } from '../modules/bookings/bookings.standing';
import type { Migration } from './migration';

/**
 * Each class's list of the dates of its stored sessions (bookings.standing.ts), from the sessions
 * stored before the list existed: views read only the sessions on it.
 */
export const storedSessionDates: Migration = {
  id: '006-stored-session-dates',
  description: "each class's list of its stored sessions' dates",
  async up(_db, logger) {
    const count = await rebuildStoredDates();
    if (count > 0) logger.info(`Listed the stored sessions of ${count} classes.`);
  },
};
