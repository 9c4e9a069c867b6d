import type { AuthUser } from '../middleware/auth';

declare global {
  namespace Express {
    interface Request {
      /** The signed-in user, re-read from the database on this request. */
      user?: AuthUser;
    }
  }
}

export {};
