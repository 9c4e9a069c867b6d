import type { Types } from 'mongoose';
import { rebuildStoredDates } from '../modules/bookings/bookings.standing';
import { SessionModel } from '../modules/bookings/bookings.model';
import type { Migration } from './migration';

/**
 * Each class's list of the dates of its stored sessions (bookings.standing.ts), from the sessions
 * stored before the list existed: views read only the sessions on it.
 */
export const storedSessionDates: Migration = {
  id: '006-stored-session-dates',
  description: "each class's list of its stored sessions' dates",
  async up(db, logger) {
    const sessions = db
      .collection(SessionModel.collection.collectionName)
      .find({}, { projection: { lesson: 1, date: 1 } }) as unknown as AsyncIterable<{
      lesson: Types.ObjectId;
      date: string;
    }>;
    const count = await rebuildStoredDates(sessions);
    if (count > 0) logger.info(`Listed the stored sessions of ${count} classes.`);
  },
};
