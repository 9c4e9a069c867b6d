import type { RequestHandler } from 'express';
import { ERROR_CODES, MESSAGES, type UserRole } from '@pulso/shared';
import type { AppContext } from '../lib/context';
import { noteSession } from '../lib/hot-path';
import { HttpError } from '../lib/http-error';
import { authUserKey, findActiveAuthUser, type AuthUser } from '../modules/users/users.service';

export type { AuthUser };

function bearer(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer ([\w-]+\.[\w-]+\.[\w-]*)$/.exec(header.trim());
  return match?.[1];
}

/**
 * Reads the token when one is sent and re-reads its user: a suspended, deleted or demoted user
 * loses access at once, whatever the token says. A bad token is a 401 even on public routes, so
 * a client learns its session is gone.
 */
export function authenticate(ctx: AppContext): RequestHandler {
  return async (req, _res, next) => {
    const header = req.headers.authorization;
    if (!header) return next();
    const token = bearer(header);
    const claims = token ? ctx.tokens.verify(token) : null;
    if (!claims) throw HttpError.unauthenticated(MESSAGES.api.invalidSession);
    const user = await findActiveAuthUser(claims.id);
    if (!user) throw HttpError.unauthenticated(MESSAGES.api.invalidSession);
    // Suspension closes every session too; saying why tells the client more than "expired".
    if (user.suspended) throw new HttpError(401, ERROR_CODES.ACCOUNT_SUSPENDED, MESSAGES.auth.suspended);
    // Closing sessions at a moment closes those opened in that same millisecond too.
    if (claims.issuedAt <= user.sessionsValidAfter) throw HttpError.unauthenticated(MESSAGES.api.invalidSession);
    req.user = user;
    // What this decision rests on, so the hot path can tell when it would still be the same.
    noteSession(req, { userKey: authUserKey(claims.id), user, expiresAt: claims.expiresAt });
    next();
  };
}

export const requireAuth: RequestHandler = (req, _res, next) => {
  if (!req.user) throw HttpError.unauthenticated();
  next();
};

/** The roles that pass a route's access (shared USER_ROLES); the service then decides the rest. */
export function requireRole(roles: readonly UserRole[]): RequestHandler {
  return (req, _res, next) => {
    if (!req.user) throw HttpError.unauthenticated();
    if (!roles.includes(req.user.role)) throw HttpError.forbidden();
    next();
  };
}

/** The user named by `:id` themself, or one of `roles` (a sede's staff within their sede: see middleware/scope.ts). */
export function requireSelfOr(roles: readonly UserRole[]): RequestHandler {
  return (req, _res, next) => {
    if (!req.user) throw HttpError.unauthenticated();
    if (req.user.id !== req.params.id && !roles.includes(req.user.role)) throw HttpError.forbidden();
    next();
  };
}

export const requireAdmin = requireRole(['admin']);

/** Staff: an admin, a sede's manager or front desk, or a trainer. What each may do within it the service decides. */
export const requireStaff = requireRole(['admin', 'manager', 'desk', 'trainer']);

/** The user named by `:id` themself, or an admin. */
export const requireSelfOrAdmin = requireSelfOr(['admin']);
