import type { Logger } from 'pino';
import type { AuthUser } from '../middleware/auth';

declare global {
  namespace Express {
    interface Request {
      /** The signed-in user, re-read from the database on this request. */
      user?: AuthUser;
      /** The process's logger with this request's id (middleware/request-log.ts). */
      log: Logger;
    }
  }
}

export {};
