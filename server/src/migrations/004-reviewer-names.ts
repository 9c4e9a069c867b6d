import { nameUnnamedReviews } from '../modules/reviews/reviews.service';
import type { Migration } from './migration';

/** Every review carries its author's name, so a class page never reads the authors' accounts. */
export const reviewerNames: Migration = {
  id: '004-reviewer-names',
  description: "reviews without their author's name get it",
  async up(_db, logger) {
    const named = await nameUnnamedReviews();
    if (named > 0) logger.info(`Stored the author's name on ${named} reviews.`);
  },
};
