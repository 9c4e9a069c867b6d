import { rebuildTrainerDirectory } from '../modules/users/trainer-directory';
import type { Migration } from './migration';

/** The active trainers get their directory: a lesson form that names its trainer reads no account. */
export const trainerDirectory: Migration = {
  id: '005-trainer-directory',
  description: 'a directory of the active trainers',
  async up(_db, logger) {
    const count = await rebuildTrainerDirectory();
    if (count > 0) logger.info(`Wrote the directory of ${count} trainers.`);
  },
};
