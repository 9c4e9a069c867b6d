import type { Request, RequestHandler } from 'express';
import { ERROR_CODES, inSedeScope, isSedeScoped, MESSAGES, parseSessionId } from '@pulso/shared';
import { HttpError } from '../lib/http-error';
import { findLessonById } from '../modules/lessons/lessons.service';
import { memberOfPayment } from '../modules/payments/payments.service';
import { sedeFactsOf, type AuthUser } from '../modules/users/users.service';

/**
 * A sede's reach (issue 24, item 4). A sede manager or front desk works on their home sede only: its
 * plain members (not staff, not trainers), its classes and their sessions, its members' payments.
 * A route names what its path's id is (`scope` in its route table) and this guard refuses an id
 * out of the caller's sede with 403 OUT_OF_SCOPE before anything is read or changed. Admins and
 * trainers pass (a trainer's own sessions are the service's check). An id that names nothing
 * passes too: the handler answers its 404 as it would for anyone.
 *
 * Lists are scoped where they are read (`sedeOf`): the sede becomes a filter the caller cannot
 * widen.
 */

/** What a route's path id names, and the parameter that holds it. */
export type ScopeSpec = { user: string } | { lesson: string } | { session: string } | { payment: string };

export const outOfScope = () => new HttpError(403, ERROR_CODES.OUT_OF_SCOPE, MESSAGES.api.outOfScope);

/** The sede a caller is limited to, or null when their reach is the chain (admins) or not a sede's. */
export function sedeOf(user: AuthUser | undefined): string | null {
  if (!user || !isSedeScoped(user.role)) return null;
  // A sede role without a sede reaches nothing: an id no sede has.
  return user.branch ?? '000000000000000000000000';
}

/** Whether the account `id` is within `staff`'s reach (themself always is). */
export async function userInScope(staff: AuthUser, id: string): Promise<boolean | null> {
  if (!isSedeScoped(staff.role) || id === staff.id) return true;
  const facts = await sedeFactsOf(id);
  if (!facts) return null;
  return inSedeScope(staff, facts);
}

/** Refuses (403 OUT_OF_SCOPE) an account out of a sede-scoped caller's reach; unknown ids pass to the handler's 404. */
export async function assertUserInScope(staff: AuthUser | undefined, id: string): Promise<void> {
  if (!staff) return;
  if ((await userInScope(staff, id)) === false) throw outOfScope();
}

/** The sede of a class, or null when there is no such class. */
async function lessonSede(id: string): Promise<string | null> {
  const lesson = await findLessonById(id, true).catch(() => null);
  return lesson ? lesson.office.toString() : null;
}

/** Refuses a class (or a session of one) out of a sede-scoped caller's sede. */
export async function assertLessonInScope(staff: AuthUser | undefined, lessonId: string): Promise<void> {
  const sede = sedeOf(staff);
  if (!sede) return;
  const office = await lessonSede(lessonId);
  if (office !== null && office !== sede) throw outOfScope();
}

async function check(spec: ScopeSpec, req: Request): Promise<void> {
  const user = req.user;
  if (!user || !isSedeScoped(user.role)) return;
  if ('user' in spec) return assertUserInScope(user, String(req.params[spec.user] ?? ''));
  if ('lesson' in spec) return assertLessonInScope(user, String(req.params[spec.lesson] ?? ''));
  if ('session' in spec) {
    const session = parseSessionId(String(req.params[spec.session] ?? ''));
    if (session) await assertLessonInScope(user, session.lessonId);
    return;
  }
  const member = await memberOfPayment(String(req.params[spec.payment] ?? ''));
  if (member) await assertUserInScope(user, member);
}

/** The guard of a route's `scope`. */
export function requireInScope(spec: ScopeSpec): RequestHandler {
  return (req, _res, next) => {
    check(spec, req).then(() => next(), next);
  };
}
