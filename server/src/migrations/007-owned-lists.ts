import { listContactSenders } from '../modules/contact/contact.service';
import { listReviewAuthors } from '../modules/reviews/reviews.service';
import { listIdentityOwners } from '../modules/users/users.service';
import type { Migration } from './migration';

/**
 * Each member's reviewed classes, each address's contact messages and each account's sign-in
 * identities (lib/owned-lists.ts), from what was written before the lists existed: a member's data
 * export reads only the lists.
 */
export const ownedLists: Migration = {
  id: '007-owned-lists',
  description:
    "each member's reviews, each address's contact messages and each account's sign-in identities, listed by owner",
  async up(_db, logger) {
    const reviews = await listReviewAuthors();
    const messages = await listContactSenders();
    const identities = await listIdentityOwners();
    if (reviews + messages + identities > 0) {
      logger.info(
        `Listed ${reviews} reviews, ${messages} contact messages and ${identities} sign-in identities by owner.`,
      );
    }
  },
};
