import { migrateLegacyReviews } from '../modules/reviews/reviews.service';
import type { Migration } from './migration';

/** Reviews kept one document each (before class review documents existed) move into their class's. */
export const legacyReviews: Migration = {
  id: '001-legacy-reviews',
  description: "reviews kept one document each move into their class's review document",
  async up(db, logger) {
    const moved = await migrateLegacyReviews(db);
    if (moved > 0) logger.info(`Moved ${moved} reviews into their classes' review documents.`);
  },
};
