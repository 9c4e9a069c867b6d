import { migrateAccountKeys } from '../modules/users/account-keys.service';
import type { Migration } from './migration';

/** Accounts are found by point reads: each user's e-mail key, each Google identity under `google:<subject>`. */
export const accountKeys: Migration = {
  id: '002-account-keys',
  description: 'e-mail keys for every account and Google identities keyed by subject',
  async up(db, logger) {
    const { emails, identities } = await migrateAccountKeys(db);
    if (emails > 0 || identities > 0) {
      logger.info(`Wrote ${emails} e-mail keys and moved ${identities} Google identities to their keys.`);
    }
  },
};
