import { ERROR_CODES, MESSAGES, userRole, type UserRole } from '@pulso/shared';
import { randomHex, type MockData } from './db';
import { MockHttpError } from './http';
import { isActive } from './mappers';

/**
 * Sessions of the mock API: tokens shaped like the server's JWTs (`id`, `isAdmin`, `iat`, `exp`),
 * recorded in the database when issued, so a token whose payload was changed is not recognised.
 */

/** The caller, re-read from the database on every request as the server's authenticate does. */
export interface AuthUser {
  id: string;
  isAdmin: boolean;
  isMonitor: boolean;
  /** Their role (shared `userRole`) and home sede, a sede manager's or front desk's reach. */
  role: UserRole;
  branch: string | null;
  email: string;
  hasActiveMembership: boolean;
}

function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  bytes.forEach((b) => (binary += String.fromCharCode(b)));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A new session token; `after` (ms) is a moment it must count as issued after (a password change). */
export function signToken(data: MockData, claims: { id: string; isAdmin: boolean }, after = 0): string {
  const iat = Math.floor(Date.now() / 1000);
  const token = [
    base64Url(JSON.stringify({ alg: 'none', typ: 'JWT' })),
    base64Url(JSON.stringify({ id: claims.id, isAdmin: claims.isAdmin, iat, exp: iat + 7 * 24 * 3600 })),
    randomHex(16),
  ].join('.');
  // Milliseconds, as the server's `iatMs`: a session opened just before a password change or a
  // suspension must not pass for one opened just after.
  data.tokens[token] = { ...claims, issuedAt: Math.max(Date.now(), after + 1) };
  return token;
}

/**
 * The caller of a request with an Authorization header, as server/src/middleware/auth.ts reads it:
 * a bad token is a 401 even on public routes, and a suspended user or a session older than a
 * password change loses access at once.
 */
export function authenticate(data: MockData, header: string | null): AuthUser | null {
  if (!header) return null;
  const token = /^Bearer ([\w-]+\.[\w-]+\.[\w-]*)$/.exec(header.trim())?.[1];
  const claims = token ? data.tokens[token] : undefined;
  if (!claims) throw MockHttpError.unauthenticated(MESSAGES.api.invalidSession);
  const user = data.users.find((u) => u.id === claims.id);
  if (!user) throw MockHttpError.unauthenticated(MESSAGES.api.invalidSession);
  if (user.deletedAt) throw new MockHttpError(401, ERROR_CODES.ACCOUNT_SUSPENDED, MESSAGES.auth.suspended);
  if (claims.issuedAt <= (user.sessionsValidAfter ?? 0))
    throw MockHttpError.unauthenticated(MESSAGES.api.invalidSession);
  return {
    id: user.id,
    isAdmin: user.isAdmin,
    isMonitor: user.isMonitor,
    role: userRole(user),
    branch: user.homeBranch ?? null,
    email: user.email,
    hasActiveMembership: isActive(user.membership),
  };
}
