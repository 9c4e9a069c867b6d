import type { RequestHandler } from 'express';
import * as z from 'zod';
import { schemas } from '@pulso/shared';
import type { AppContext } from '../../lib/context';
import { mountRoutes, routeTable, type QueryParameter } from '../../lib/route-table';
import { rateLimiter } from '../../middleware/rate-limit';
import { auditChange, auditCreate, type AuditSpec } from '../audit/audit.middleware';
import { BULK_AUDIT_ACTION, type BulkInput } from './bulk-actions';
import { usersController, type AccountAhead } from './users.controller';
import { userAudit } from './users.audit';
import { findSignInAccount, normalizeEmail } from './users.service';
import { createUserBody, loginBody, updateUserBody } from './users.validators';

interface UsersDeps {
  c: ReturnType<typeof usersController>;
  /** Failed sign-ins, shared by the password and Google sign-ins and a change of one's own password. */
  loginLimit: RequestHandler;
  /** A change of one's own password counts as a sign-in. */
  ownPasswordLimit: RequestHandler;
  resetLimit: RequestHandler;
  registerLimit: RequestHandler;
}

const UPDATE_NOTES =
  "Changing one's own password needs currentPassword (400 WRONG_CURRENT_PASSWORD when wrong; counted like a failed sign-in). A new password ends older sessions; the caller changing their own gets a new token. 409 LAST_ADMIN when no active admin would remain, 409 TRAINER_IN_USE when a trainer with classes would stop being one.";
const SUSPEND_NOTES =
  'Their sessions end and stay ended after a restore. 409 LAST_ADMIN for the last active admin, 409 TRAINER_IN_USE (naming the classes) for a trainer who teaches classes.';

const ERASE_NOTES =
  "Confirmed by the account's password (`password`; a wrong one counts like a failed sign-in), or by its e-mail (`email`) for an account that signs in with Google only: 400 VALIDATION_FAILED naming the field otherwise. The account becomes 'Socio anónimo', suspended for good (`erasedAt`), and its address can register again; Google identities and contact messages are deleted; places and waits in sessions to come are given up; reviews stay under 'Socio anónimo'; payments stay and their receipts name no one. 409 LAST_ADMIN for the last active admin, 409 TRAINER_IN_USE for a trainer who teaches classes.";

const PAUSE_NOTES =
  "`from` is the first paused day (YYYY-MM-DD, the gym's date), `days` how many. A member pauses their own within the chain's rules (PAUSE_MIN_DAYS to PAUSE_MAX_DAYS days, PAUSE_NOTICE_DAYS ahead, PAUSES_PER_YEAR in any 365 days); an admin anyone's, without the notice or the yearly count. 409 PAUSE_REFUSED with the rule's words otherwise (no membership running at `from`, overlapping another pause...). While paused the membership is 'Pausada' and gives no access; single bookings and standing places in the paused days are given up (the waitlist moves up).";

const BULK_NOTES =
  "`action` 'grant' needs `planId` (a plan on sale), 'pause' `from` and `days` (an admin's pause: no notice, no yearly count); 'suspend' refuses the caller's own account. At most 100 `ids`. Each account is done as the single action does it; one that cannot be done is listed in `failed` with the reason, and the others go on. A grant is keyed by `requestId` and the account: the same request sent twice sells each plan once. 400 VALIDATION_FAILED naming a field the action needs.";

/** Each account of a bulk action changed is one entry of the audit trail. */
const BULK_AUDIT: AuditSpec = {
  entity: 'user',
  action: (req) => BULK_AUDIT_ACTION[(req.body as { action: BulkInput['action'] }).action] ?? 'update',
  target: (req) => {
    const ids = (req.body as { ids?: unknown }).ids;
    return Array.isArray(ids)
      ? ids.filter((id): id is string => typeof id === 'string').map((id) => id.toLowerCase())
      : [];
  },
  snapshot: userAudit,
};

const USER_QUERY: QueryParameter[] = [
  { name: 'q', description: 'Search: name, e-mail or phone (accents and case aside; a phone also by its digits)' },
  {
    name: 'status',
    description: "Membership state: 'Activo', 'Pausada', 'Vencida', 'Pago pendiente' or 'Sin membresía'",
  },
  { name: 'plan', description: "The current plan's id" },
  { name: 'branch', description: "The home sede's id, or 'none'" },
  { name: 'role', description: "'admin', 'trainer' or 'member'" },
  {
    name: 'sort',
    description: "'createdAt' (default), 'name', 'email', 'phone', 'status', 'plan', 'branch' or 'role'",
  },
  { name: 'dir', description: "'asc' or 'desc' (default: newest first; other columns ascending)" },
];
const USER_QUERY_NOTES =
  "Without a search, filter or sort the list is the spec's (newest first, an indexed page). With them it is answered from the users directory (every active account read once into the read cache, until an account or a sede is written). X-Total-Count counts the matches. 400 VALIDATION_FAILED naming a value that is not valid.";

// prettier-ignore
export const usersRoutes = routeTable<UsersDeps>('/users', [
  { route: 'POST /login',             access: 'anyone', use: (d) => [readAccountAhead, d.loginLimit], body: loginBody, ok: [200, schemas.loginResponse], errors: [400, 401, 403, 404, 429], handler: (d) => d.c.login, summary: 'Log in' },
  { route: 'POST /create',            access: 'anyone', use: (d) => [d.registerLimit], body: createUserBody, ok: [201, schemas.createUserResponse], errors: [400, 409, 429], audit: auditCreate('user', userAudit, (a: { user: { id: string } }) => a.user.id), handler: (d) => d.c.create, summary: 'Register (anyone) or create a user or trainer (admin)' },
  { route: 'POST /google',            access: 'anyone', use: (d) => [d.loginLimit], body: schemas.googleForm, ok: [200, schemas.loginResponse], errors: [400, 401, 403, 404, 429], handler: (d) => d.c.google, summary: "Sign in with the credential of Google's button (accounts linked by Google subject)" },
  { route: 'POST /forgot',            access: 'anyone', use: (d) => [d.resetLimit], body: schemas.forgotForm, ok: [200, schemas.message], errors: [400, 429], handler: (d) => d.c.forgot, summary: 'Mail a one-hour, single-use reset link (same answer whether or not the account exists)' },
  { route: 'POST /reset',             access: 'anyone', use: (d) => [d.resetLimit], body: schemas.resetForm, ok: [200, schemas.message], errors: [400, 429], handler: (d) => d.c.reset, summary: 'Set a new password with a reset token; older sessions end' },
  { route: 'GET /',                   access: 'desk', paged: true, query: USER_QUERY, ok: [200, schemas.userListItem.array()], errors: [400], handler: (d) => d.c.list, summary: 'Active users: newest first, or searched, filtered and sorted', notes: USER_QUERY_NOTES },
  { route: 'GET /csv',                access: 'desk', query: USER_QUERY, ok: [200, z.string()], okContentType: 'text/csv', errors: [400], handler: (d) => d.c.csv, summary: 'The active users the same search and filters ask for, as CSV (UTF-8 with BOM, for Excel)' },
  { route: 'GET /deleted',            access: 'manager', paged: true, ok: [200, schemas.userListItem.array()], handler: (d) => d.c.listSuspended, summary: 'Suspended users' },
  { route: 'GET /monitor',            access: 'manager', ok: [200, schemas.trainerList], handler: (d) => d.c.listTrainers, summary: 'Trainers' },
  { route: 'PUT /update/:id',         access: 'self-or-manager', scope: { user: 'id' }, use: (d) => [d.ownPasswordLimit], body: updateUserBody, ok: [200, schemas.userUpdated], errors: [400, 404, 409], audit: auditChange('user', 'update', userAudit), handler: (d) => d.c.update, summary: 'Update a profile (self: name, phone, password; admin: all)', notes: UPDATE_NOTES },
  { route: 'PUT /restore/:id',        access: 'manager', scope: { user: 'id' }, ok: [200, schemas.outcome], errors: [400, 404, 409], audit: auditChange('user', 'restore', userAudit), handler: (d) => d.c.restore, summary: 'Restore a suspended user' },
  { route: 'PUT /addlesson/:lessonId', access: 'member', body: schemas.addLessonForm, ok: [200, schemas.lessonAdded], errors: [400, 404, 409], handler: (d) => d.c.addLesson, summary: "Add a class to a member's schedule: a standing booking (a place in each of its next sessions, or their waitlists)" },
  { route: 'DELETE /addlesson/:lessonId', access: 'signed-in', ok: [200, schemas.message], errors: [400, 404, 409], handler: (d) => d.c.removeLesson, summary: "Take a class off the caller's own schedule: their places in its next sessions are freed" },
  { route: 'DELETE /delete/:id',      access: 'self-or-manager', scope: { user: 'id' }, ok: [200, schemas.outcome], errors: [400, 404, 409], audit: auditChange('user', 'delete', userAudit), handler: (d) => d.c.remove, summary: 'Suspend (soft delete) a user', notes: SUSPEND_NOTES },
  { route: 'GET /export',             access: 'signed-in', ok: [200, schemas.dataExport], handler: (d) => d.c.exportData, summary: "Everything Pulso holds about the caller, as a JSON file to keep ('Descargar mis datos')" },
  { route: 'POST /erase',             access: 'signed-in', use: (d) => [d.loginLimit], body: schemas.erasureForm, ok: [200, schemas.message], errors: [400, 409, 429], handler: (d) => d.c.erase, summary: "Erase the caller's own account: personal data removed or anonymised at once, payments kept naming no one", notes: ERASE_NOTES },
  { route: 'POST /pause/:id',         access: 'self-or-manager', scope: { user: 'id' }, body: schemas.pauseForm, ok: [200, schemas.pauseSaved], errors: [400, 404, 409], audit: auditChange('user', 'pause', userAudit), handler: (d) => d.c.pause, summary: "Pause (freeze) a membership: its end moves by the paused days, places in the paused sessions are freed, a renewing plan charges that much later", notes: PAUSE_NOTES },
  { route: 'POST /bulk',              access: 'manager', body: schemas.bulkUsersForm, ok: [200, schemas.bulkUsersResult], errors: [400], audit: BULK_AUDIT, handler: (d) => d.c.bulk, summary: 'An action on a selection of users: grant a plan paid at the desk, pause, or suspend each (the single actions\' rules); who it was done for, and who not and why', notes: BULK_NOTES },
  { route: 'GET /preferences',        access: 'signed-in', ok: [200, schemas.preferences], handler: (d) => d.c.getPreferences, summary: "The caller's e-mail preferences (membership reminders)" },
  { route: 'PUT /preferences',        access: 'signed-in', body: schemas.preferencesForm, ok: [200, schemas.preferencesSaved], errors: [400], handler: (d) => d.c.setPreferences, summary: "Switch the caller's membership reminders on or off (payment failures are always e-mailed)" },
  { route: 'GET /:id',                access: 'self-or-desk', scope: { user: 'id' }, ok: [200, schemas.user], errors: [400, 404], handler: (d) => d.c.get, summary: 'One user' },
]);

/**
 * Starts reading the account a sign-in names while the rate limit counts the attempt (each takes a
 * millisecond or two of the database): the read changes nothing, so it need not wait for the
 * limit's answer, and the handler awaits it instead of reading again. A refused attempt's read is
 * dropped. The body is not validated yet: a value that is not a plausible address starts nothing.
 */
const readAccountAhead: RequestHandler = (req, res, next) => {
  const email = (req.body as { email?: unknown } | undefined)?.email;
  if (typeof email === 'string' && email.length <= 254) {
    const ahead: AccountAhead = { email: normalizeEmail(email), account: findSignInAccount(email) };
    // Awaited by the handler when the attempt goes through; otherwise its failure is nobody's.
    ahead.account.catch(() => undefined);
    (res.locals as { signInAccount?: AccountAhead }).signInAccount = ahead;
  }
  next();
};

/** Changing one's own password is guessing the current one if it fails: it counts as a sign-in. */
function ownPasswordLimit(loginLimit: RequestHandler): RequestHandler {
  return (req, res, next) => {
    const body = req.body as { password?: unknown } | undefined;
    const changesOwnPassword = req.user?.id === req.params.id && typeof body?.password === 'string' && body.password;
    return changesOwnPassword ? loginLimit(req, res, next) : next();
  };
}

export function usersRouter(ctx: AppContext) {
  const { config } = ctx;
  // Only failed sign-ins count, so a gym's shared front-desk IP is not locked out by its own staff.
  const loginLimit = rateLimiter(config, 'login', { refundSuccessful: true });
  return mountRoutes(usersRoutes, {
    c: usersController(ctx),
    loginLimit,
    ownPasswordLimit: ownPasswordLimit(loginLimit),
    resetLimit: rateLimiter(config, 'passwordReset'),
    // Registration is limited; an admin creating accounts from the dashboard is not.
    registerLimit: rateLimiter(config, 'register', { skip: (req) => req.user?.isAdmin === true }),
  });
}
