import { backfillPaymentKeys } from '../modules/payments/payment-lookup';
import type { Migration } from './migration';

/** Payments stored before their keys existed get them: the session's, and a place in the member's list. */
export const paymentKeys: Migration = {
  id: '003-payment-keys',
  description: "payments get their keys: their checkout session's and a place in their member's list",
  async up(db, logger) {
    const added = await backfillPaymentKeys(db);
    if (added > 0) logger.info(`Listed ${added} payments in their members' payment lists.`);
  },
};
