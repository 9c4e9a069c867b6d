import * as z from 'zod';
import { auditChange, auditCreate, userSnapshot, type MockAuditSpec } from '../audit';
import { sellAtDesk } from './payments';
import {
  addDays,
  CSV_BOM,
  datedMembership,
  isDefaultUserQuery,
  parseUserQuery,
  queryUsers,
  userCsvLine,
  USERS_CSV_HEADER,
  type DirectoryRow,
  type UserQuery,
  ERROR_CODES,
  isoMembership,
  membershipAfterPause,
  membershipAfterPurchase,
  MESSAGES,
  PAUSE_DEFAULTS,
  pauseRefusal,
  receiptDate,
  normalizeEmail,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  schemas,
  toBoolean,
  toText,
  isDate,
  type BulkUserAction,
  withLessonNames,
} from '@pulso/shared';
import type { MockData, UserRec } from '../db';
import type { MockConfig } from '../api';
import {
  attendanceOf,
  giveUpBookingsOf,
  heldBookingsOf,
  joinStandingOf,
  leaveStandingOf,
  pauseBookingsOf,
} from './bookings';
import { today } from '../clock';
import { checkId, MockHttpError } from '../http';
import { findLesson, findUser } from '../lookups';
import {
  isActive,
  lessonsOf,
  lessonsTaughtBy,
  homeBranchOf,
  toMembershipDto,
  toPaymentDto,
  toUserDto,
  toUserListItem,
} from '../mappers';
import type { Route } from '../route';
import { signToken } from '../session';

/** A home sede as a form sends it: undefined when not sent, null for '' (none), else a sede that exists. */
function chosenBranch(data: MockData, value: unknown): string | null | undefined {
  if (value === undefined || value === null) return undefined;
  const id = toText(value);
  if (id === '') return null;
  if (!data.branches.some((b) => b.id === id))
    throw MockHttpError.validation({ homeBranch: MESSAGES.users.homeBranchUnknown });
  return id;
}

/** The users module (server/src/modules/users): sign-in, accounts, profiles, roles, a member's classes. */

const loginLegacy = (message: string) => ({ login: { success: false, token: null, message } });
const userLegacy = (message: string) => ({ success: false, message });

const loginFailure = (status: number, code: string, message: string) =>
  new MockHttpError(status, code, message, undefined, loginLegacy(message));

const emailTaken = () =>
  new MockHttpError(409, ERROR_CODES.EMAIL_TAKEN, MESSAGES.userForm.emailTaken, undefined, { success: false });

/** A trainer who still teaches classes keeps the role and the account (409 naming the classes). */
function ensureTeachesNothing(data: MockData, userId: string, message: string) {
  const taught = lessonsTaughtBy(data, userId);
  if (taught.length === 0) return;
  const lessons = taught.map(({ id, name }) => ({ id, name }));
  throw new MockHttpError(
    409,
    ERROR_CODES.TRAINER_IN_USE,
    withLessonNames(
      message,
      lessons.map((l) => l.name),
    ),
    { lessons },
  );
}

/** The last active admin keeps the role and the account. */
function ensureAnotherAdmin(data: MockData, id: string) {
  if (!data.users.some((u) => u.id !== id && u.isAdmin && !u.deletedAt)) {
    throw new MockHttpError(409, ERROR_CODES.LAST_ADMIN, MESSAGES.users.lastAdmin);
  }
}

/** `page` and `limit` of a paged list, as the server reads them. */
export function pageOf(query: URLSearchParams): { page: number; limit: number } {
  const read = (value: string | null, fallback: number, max: number) => {
    if (typeof value !== 'string' || !/^\d{1,6}$/.test(value)) return fallback;
    return Math.min(Math.max(Number(value), 1), max);
  };
  return {
    page: read(query.get('page'), 1, 100_000),
    limit: read(query.get('limit'), PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX),
  };
}

/** Active users newest first, or suspended ones by suspension, newest first; a page of them. */
function usersPage(data: MockData, suspended: boolean, query: URLSearchParams) {
  const { page, limit } = pageOf(query);
  const key = (u: UserRec) => (suspended ? (u.deletedAt ?? '') : u.createdAt);
  const rows = data.users
    .map((u, index) => ({ u, index }))
    .filter(({ u }) => (suspended ? !!u.deletedAt : !u.deletedAt))
    .sort((a, b) => (key(a.u) !== key(b.u) ? (key(a.u) < key(b.u) ? 1 : -1) : b.index - a.index))
    .map(({ u }) => u);
  return { total: rows.length, items: rows.slice((page - 1) * limit, page * limit) };
}

const str = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The list's search, filters and sort from the query string (400 naming a value that is not valid). */
function userQueryOf(params: URLSearchParams): UserQuery {
  const parsed = parseUserQuery(Object.fromEntries(params));
  if ('invalid' in parsed) {
    throw MockHttpError.validation({ [parsed.invalid]: MESSAGES.users.queryInvalid(parsed.invalid) });
  }
  return parsed.query;
}

/** Every active account as the shared rule searches it (the server's users directory). */
export function directoryOf(data: MockData): DirectoryRow[] {
  return data.users
    .filter((u) => !u.deletedAt)
    .map((u) => ({
      id: u.id,
      fullName: u.fullName,
      email: u.email,
      phone: u.phone,
      isAdmin: u.isAdmin,
      isMonitor: u.isMonitor,
      createdAt: u.createdAt,
      homeBranch: homeBranchOf(data, u),
      membership: u.membership
        ? { ...u.membership, pauses: u.membership.pauses ?? [], graceUntil: u.membership.graceUntil ?? null }
        : null,
    }));
}

/** A suspension, as the server's suspendUser: not the last admin nor a trainer who teaches. */
function suspendOne(data: MockData, id: string): void {
  const user = findUser(data, id);
  if (user.deletedAt) throw MockHttpError.conflict(MESSAGES.users.alreadySuspended);
  if (user.isMonitor) ensureTeachesNothing(data, user.id, MESSAGES.users.trainerTeaches);
  if (user.isAdmin) ensureAnotherAdmin(data, user.id);
  user.deletedAt = new Date().toISOString();
  // Suspension ends every session, and a restore does not bring them back.
  user.sessionsValidAfter = Date.now();
}

/** A pause of the member `id` (an admin's: no notice, no yearly count), as the server's membership-pauses.ts. */
function pauseOne(data: MockData, config: MockConfig, id: string, fromDate: string, days: number, byAdmin: boolean) {
  const user = findUser(data, id);
  if (user.deletedAt) throw MockHttpError.notFound(MESSAGES.users.notFound);
  // As the server's membership-pauses.ts, the gym's dates being UTC's.
  const now = new Date();
  const request = {
    fromDate,
    days,
    from: new Date(`${fromDate}T00:00:00.000Z`),
    until: new Date(`${addDays(fromDate, days)}T00:00:00.000Z`),
  };
  const current = user.membership ? datedMembership(user.membership) : null;
  const refusal = pauseRefusal(current, request, config.pauses ?? PAUSE_DEFAULTS, today(now), byAdmin);
  if (refusal || !current || !user.membership) {
    throw new MockHttpError(409, ERROR_CODES.PAUSE_REFUSED, refusal ?? MESSAGES.pauses.noMembership);
  }
  const after = membershipAfterPause(current, { from: request.from, until: request.until });
  user.membership = {
    ...isoMembership(after),
    ...(user.membership.graceUntil ? { graceUntil: user.membership.graceUntil } : {}),
  };
  pauseBookingsOf(data, user.id, fromDate, addDays(fromDate, days), now);
  // A renewing plan is charged that much later.
  const shift = request.until.getTime() - request.from.getTime();
  for (const sub of data.subscriptions ?? []) {
    const live = sub.status === 'active' || sub.status === 'past_due';
    if (sub.user !== user.id || !live || Date.parse(sub.paidThrough) <= request.from.getTime()) continue;
    sub.paidThrough = new Date(Date.parse(sub.paidThrough) + shift).toISOString();
    if (sub.nextChargeAt && Date.parse(sub.nextChargeAt) >= request.from.getTime()) {
      sub.nextChargeAt = new Date(Date.parse(sub.nextChargeAt) + shift).toISOString();
    }
  }
  const membresia = toMembershipDto(user.membership, now);
  if (!membresia) throw MockHttpError.notFound(MESSAGES.users.notFound);
  const day = (date: string) => receiptDate(new Date(`${date}T00:00:00Z`));
  return {
    message: MESSAGES.pauses.paused(day(fromDate), day(addDays(fromDate, days - 1)), day(membresia.end.slice(0, 10))),
    membresia,
  };
}

/** Each account of a bulk action changed is one entry of the audit trail (the server's users.routes.ts). */
const BULK_AUDIT: MockAuditSpec = {
  entity: 'user',
  action: (body) =>
    (({ grant: 'payment', pause: 'pause', suspend: 'delete' }) as const)[String(body.action) as BulkUserAction] ??
    'update',
  targets: (body) => (Array.isArray(body.ids) ? body.ids.map((id) => String(id).toLowerCase()) : []),
  snapshot: userSnapshot,
};

export const usersHandlers = (route: Route) => [
  route(
    'POST /users/login',
    { access: 'anyone', body: schemas.loginForm, legacy: loginLegacy, ok: [200, schemas.loginResponse] },
    ({ input, data }) => {
      const user = data.users.find((u) => u.email === normalizeEmail(toText(input.email)));
      if (!user) throw loginFailure(404, ERROR_CODES.USER_NOT_FOUND, MESSAGES.auth.userNotFound);
      if (!user.password || user.password !== input.password)
        throw loginFailure(401, ERROR_CODES.WRONG_PASSWORD, MESSAGES.auth.wrongPassword);
      if (user.deletedAt) throw loginFailure(403, ERROR_CODES.ACCOUNT_SUSPENDED, MESSAGES.auth.suspended);
      const token = signToken(data, { id: user.id, isAdmin: user.isAdmin });
      return { login: { success: true, token, message: MESSAGES.auth.loggedIn } };
    },
  ),

  route(
    'POST /users/create',
    {
      access: 'anyone',
      audit: auditCreate('user', userSnapshot, (a: { user: { id: string } }) => a.user.id),
      body: schemas.userCreate,
      caller: ({ user }) => ({ staff: user?.isAdmin === true }),
      legacy: userLegacy,
      ok: [201, schemas.createUserResponse],
    },
    ({ input, user: caller, data, db }) => {
      const byAdmin = caller?.isAdmin === true;
      const email = normalizeEmail(toText(input.email));
      if (data.users.some((u) => u.email === email)) throw emailTaken();
      const id = db.id();
      const homeBranch = chosenBranch(data, input.homeBranch) ?? null;
      data.users.push({
        id,
        homeBranch,
        fullName: toText(input.fullName) || email.split('@')[0] || email,
        email,
        password: str(input.password) ?? '',
        phone: toText(input.phone),
        isMonitor: byAdmin ? (toBoolean(input.isMonitor) ?? false) : false,
        isAdmin: byAdmin ? (toBoolean(input.isAdmin) ?? false) : false,
        deletedAt: null,
        membership: null,
        lessons: [],
        createdAt: new Date().toISOString(),
      });
      const created = byAdmin ? { id } : { id, token: signToken(data, { id, isAdmin: false }) };
      return { success: true, user: created, message: MESSAGES.auth.registered };
    },
  ),

  route('POST /users/google', { access: 'anyone', body: schemas.googleForm, ok: [200, schemas.loginResponse] }, () => {
    throw new MockHttpError(404, ERROR_CODES.ROUTE_NOT_FOUND, MESSAGES.auth.googleOff);
  }),

  route('POST /users/forgot', { access: 'anyone', body: schemas.forgotForm, ok: [200, schemas.message] }, () => ({
    message: MESSAGES.auth.forgotSent,
  })),

  route('POST /users/reset', { access: 'anyone', body: schemas.resetForm, ok: [200, schemas.message] }, () => {
    // The mock sends no e-mails, so no reset link is ever valid.
    throw new MockHttpError(400, ERROR_CODES.VALIDATION_FAILED, MESSAGES.auth.resetInvalid, [
      { field: 'token', message: MESSAGES.auth.resetInvalid },
    ]);
  }),

  route('GET /users', { access: 'desk', ok: [200, schemas.userListItem.array()] }, ({ url, data, headers }) => {
    const query = userQueryOf(url.searchParams);
    if (!isDefaultUserQuery(query)) {
      // As the server's users directory: the shared rule over every active account.
      const { page, limit } = pageOf(url.searchParams);
      const rows = queryUsers(directoryOf(data), query, new Date());
      headers.set('X-Total-Count', String(rows.length));
      return rows.slice((page - 1) * limit, page * limit).map((row) => toUserListItem(data, findUser(data, row.id)));
    }
    const { total, items } = usersPage(data, false, url.searchParams);
    headers.set('X-Total-Count', String(total));
    return items.map((u) => toUserListItem(data, u));
  }),

  route(
    'GET /users/csv',
    { access: 'desk', ok: [200, z.string()], okContentType: 'text/csv' },
    ({ url, data, headers }) => {
      const now = new Date();
      const rows = queryUsers(directoryOf(data), userQueryOf(url.searchParams), now);
      headers.set('Content-Disposition', `attachment; filename="${MESSAGES.users.csv.filename(today(now))}"`);
      headers.set('Cache-Control', 'no-store');
      return `${CSV_BOM}${USERS_CSV_HEADER}\r\n${rows.map((row) => `${userCsvLine(row, now)}\r\n`).join('')}`;
    },
  ),

  route(
    'GET /users/deleted',
    { access: 'manager', ok: [200, schemas.userListItem.array()] },
    ({ url, data, headers }) => {
      const { total, items } = usersPage(data, true, url.searchParams);
      headers.set('X-Total-Count', String(total));
      return items.map((u) => toUserListItem(data, u));
    },
  ),

  route('GET /users/monitor', { access: 'manager', ok: [200, schemas.trainerList] }, ({ data }) => ({
    monitor: data.users
      .filter((u) => u.isMonitor && !u.deletedAt)
      .sort((a, b) => (a.fullName < b.fullName ? -1 : a.fullName > b.fullName ? 1 : 0))
      .map((u) => ({
        id: u.id,
        fullName: u.fullName,
        email: u.email,
        lessonDetails: lessonsTaughtBy(data, u.id).map(({ id, name }) => ({ id, name })),
      })),
  })),

  route(
    'PUT /users/update/:id',
    {
      access: 'self-or-manager',
      audit: auditChange('user', 'update', userSnapshot),
      body: schemas.userUpdate,
      caller: ({ user, params }) => ({ staff: user.isAdmin, self: user.id === params.id }),
      legacy: userLegacy,
      ok: [200, schemas.userUpdated],
    },
    ({ input, params, user: caller, data }) => {
      const self = caller.id === params.id;
      const user = findUser(data, params.id);
      const password = str(input.password);
      if (password && self) {
        const fail = (code: string, message: string) =>
          new MockHttpError(400, code, message, [{ field: 'currentPassword', message }], { success: false });
        const current = str(input.currentPassword);
        if (!user.password) throw fail(ERROR_CODES.VALIDATION_FAILED, MESSAGES.auth.noPasswordYet);
        if (!current) throw fail(ERROR_CODES.VALIDATION_FAILED, MESSAGES.auth.currentPasswordRequired);
        if (current !== user.password)
          throw fail(ERROR_CODES.WRONG_CURRENT_PASSWORD, MESSAGES.auth.currentPasswordWrong);
      }
      if (caller.isAdmin) {
        const wantsAdmin = toBoolean(input.isAdmin);
        if (wantsAdmin !== undefined && user.isAdmin && !wantsAdmin && !user.deletedAt)
          ensureAnotherAdmin(data, user.id);
        const email = str(input.email);
        if (email !== undefined) {
          const normal = normalizeEmail(email);
          if (data.users.some((u) => u.email === normal && u.id !== user.id)) throw emailTaken();
          user.email = normal;
        }
        const trainer = toBoolean(input.isMonitor);
        if (trainer === false && user.isMonitor) ensureTeachesNothing(data, user.id, MESSAGES.users.trainerRoleTeaches);
        if (trainer !== undefined) user.isMonitor = trainer;
        if (wantsAdmin !== undefined) user.isAdmin = wantsAdmin;
      }
      const fullName = str(input.fullName);
      const phone = str(input.phone);
      const homeBranch = chosenBranch(data, input.homeBranch);
      if (homeBranch !== undefined) user.homeBranch = homeBranch;
      if (fullName !== undefined) user.fullName = fullName.trim();
      if (phone !== undefined) user.phone = phone.trim();
      let token: string | undefined;
      if (password) {
        user.password = password;
        // A new password ends every older session; the caller's own continues with a new token.
        user.sessionsValidAfter = Date.now();
        if (caller.id === user.id)
          token = signToken(data, { id: caller.id, isAdmin: caller.isAdmin }, user.sessionsValidAfter);
      }
      return {
        success: true,
        message: MESSAGES.users.updated,
        user: toUserDto(data, user),
        ...(token ? { token } : {}),
      };
    },
  ),

  route(
    'PUT /users/restore/:id',
    { access: 'manager', audit: auditChange('user', 'restore', userSnapshot), ok: [200, schemas.outcome] },
    ({ params, data }) => {
      const user = findUser(data, params.id);
      if (user.erasedAt) throw MockHttpError.conflict(MESSAGES.users.erasure.notRestorable);
      if (!user.deletedAt) throw MockHttpError.conflict(MESSAGES.users.notSuspended);
      user.deletedAt = null;
      return { success: true, message: MESSAGES.users.restored };
    },
  ),

  route(
    'PUT /users/addlesson/:lessonId',
    { access: 'member', body: schemas.addLessonForm, ok: [200, schemas.lessonAdded] },
    ({ input, params, user: caller, data }) => {
      const target = input.idUser ?? caller.id;
      if (!caller.isAdmin && target !== caller.id) throw MockHttpError.forbidden();
      const lesson = findLesson(data, params.lessonId);
      const fail = (status: number, code: string, message: string) =>
        new MockHttpError(status, code, message, undefined, { error: message });
      if (!lesson.isAvailable) throw fail(409, ERROR_CODES.CONFLICT, MESSAGES.lessons.notAvailable);
      const targetId = checkId(target);
      const user = data.users.find((u) => u.id === targetId && !u.deletedAt);
      if (!user) throw fail(404, ERROR_CODES.NOT_FOUND, MESSAGES.users.notFound);
      if (!isActive(user.membership)) throw fail(403, ERROR_CODES.FORBIDDEN, MESSAGES.lessons.membershipRequired);
      if (lessonsOf(data, user).some((l) => l.name === lesson.name))
        throw fail(409, ERROR_CODES.CONFLICT, MESSAGES.lessons.alreadyHeld);
      if (!user.lessons.includes(lesson.id)) user.lessons.push(lesson.id);
      // A standing booking: a place in each of the class's next sessions, or their waitlists.
      const [first, ...others] = joinStandingOf(data, lesson, user.id);
      return {
        exito: first
          ? MESSAGES.lessons.addedWaiting(first.label, first.position, others.length)
          : MESSAGES.lessons.added,
      };
    },
  ),

  route(
    'DELETE /users/addlesson/:lessonId',
    { access: 'signed-in', ok: [200, schemas.message] },
    ({ params, user: caller, data }) => {
      const lessonId = checkId(params.lessonId);
      const user = data.users.find((u) => u.id === caller.id && !u.deletedAt);
      if (!user) throw MockHttpError.notFound(MESSAGES.users.notFound);
      if (!user.lessons.includes(lessonId)) throw MockHttpError.conflict(MESSAGES.lessons.notHeld);
      user.lessons = user.lessons.filter((id) => id !== lessonId);
      const lesson = data.lessons.find((l) => l.id === lessonId);
      if (lesson) leaveStandingOf(data, lesson, user.id);
      return { message: MESSAGES.lessons.removed };
    },
  ),

  route(
    'DELETE /users/delete/:id',
    { access: 'self-or-manager', audit: auditChange('user', 'delete', userSnapshot), ok: [200, schemas.outcome] },
    ({ params, data }) => {
      suspendOne(data, params.id);
      return { success: true, message: MESSAGES.users.deleted };
    },
  ),

  route(
    'GET /users/export',
    { access: 'signed-in', ok: [200, schemas.dataExport] },
    ({ user: caller, data, config }) => {
      const user = data.users.find((u) => u.id === caller.id);
      if (!user) throw MockHttpError.notFound(MESSAGES.users.notFound);
      const now = new Date();
      const paid = data.payments
        .filter((p) => p.user === user.id && p.status === 'paid' && p.paidAt)
        .sort((a, b) => (a.paidAt ?? '').localeCompare(b.paidAt ?? ''));
      // The purchases replayed through the shared rule: what each one did (the server keeps it).
      let span: ReturnType<typeof membershipAfterPurchase>['membership'] | null = null;
      const membershipHistory = paid.map((p) => {
        const out = membershipAfterPurchase(
          span,
          { id: p.plan, name: p.planName, duration: p.duration },
          new Date(p.paidAt ?? ''),
        );
        span = out.membership;
        return {
          at: p.paidAt ?? '',
          payment: p.id,
          kind: out.kind,
          plan: p.planName,
          start: p.membershipStart ?? out.period.start.toISOString(),
          end: p.membershipEnd ?? out.period.end.toISOString(),
        };
      });
      const mine = normalizeEmail(user.email);
      return {
        exportedAt: now.toISOString(),
        gym: config.gymName,
        account: {
          id: user.id,
          fullName: user.fullName,
          email: user.email,
          phone: user.phone,
          isAdmin: user.isAdmin,
          isMonitor: user.isMonitor,
          emailVerified: false,
          createdAt: user.createdAt,
          suspendedAt: user.deletedAt,
          google: false,
          preferences: { membershipReminders: user.membershipReminders !== false },
          schedule: lessonsOf(data, user).map((l) => ({ id: l.id, name: l.name })),
          homeBranch: homeBranchOf(data, user),
        },
        membership: toMembershipDto(user.membership, now),
        membershipHistory,
        payments: [...data.payments.filter((p) => p.user === user.id)]
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
          .map(toPaymentDto),
        bookings: heldBookingsOf(data, user.id).map(({ session, lessonName, start, end }) => ({
          session,
          lessonName,
          start,
          end,
        })),
        attendance: attendanceOf(data, user.id, Number.MAX_SAFE_INTEGER),
        waits: [...(data.wishes?.[user.id] ?? [])].reverse().map(({ createdAt, ...wish }) => ({ ...wish, createdAt })),
        reviews: data.reviews
          .filter((r) => r.user === user.id)
          .map((r) => ({
            lessonId: r.lesson,
            lessonName: data.lessons.find((l) => l.id === r.lesson)?.name ?? '',
            stars: r.stars,
            description: r.description,
            createdAt: r.createdAt,
            updatedAt: r.createdAt,
          })),
        contactMessages: data.contacts
          .filter((c) => normalizeEmail(c.email) === mine)
          .map(({ name, subject, company, message, createdAt }) => ({ name, subject, company, message, createdAt })),
      };
    },
  ),

  route(
    'POST /users/erase',
    { access: 'signed-in', body: schemas.erasureForm, ok: [200, schemas.message] },
    ({ input, user: caller, data }) => {
      const user = data.users.find((u) => u.id === caller.id && !u.erasedAt);
      if (!user) throw MockHttpError.unauthenticated();
      const e = MESSAGES.users.erasure;
      const invalid = (field: 'password' | 'email', message: string) =>
        new MockHttpError(400, ERROR_CODES.VALIDATION_FAILED, message, [{ field, message }]);
      const password = toText(input.password);
      const email = toText(input.email).trim();
      if (user.password) {
        if (!password) throw invalid('password', e.passwordRequired);
        if (password !== user.password) throw invalid('password', e.passwordWrong);
      } else {
        if (!email) throw invalid('email', e.emailRequired);
        if (normalizeEmail(email) !== user.email) throw invalid('email', e.emailWrong);
      }
      if (user.isMonitor) ensureTeachesNothing(data, user.id, e.trainerTeaches);
      if (user.isAdmin) ensureAnotherAdmin(data, user.id);
      // As the server's account-erasure.ts: places given up, what names them removed, payments kept.
      const now = new Date();
      giveUpBookingsOf(data, user.id, now);
      const address = normalizeEmail(user.email);
      data.contacts = data.contacts.filter((c) => normalizeEmail(c.email) !== address);
      const paid = new Set(data.payments.filter((p) => p.user === user.id).map((p) => p.id));
      for (const receipt of data.receipts ?? []) {
        if (paid.has(receipt.payment)) receipt.buyer = { name: MESSAGES.receipts.anonymous, email: '' };
      }
      Object.assign(user, {
        fullName: MESSAGES.receipts.anonymous,
        email: `eliminada-${user.id}@pulso.invalid`,
        password: null,
        phone: '',
        isAdmin: false,
        isMonitor: false,
        membership: null,
        membershipReminders: false,
        lessons: [],
        deletedAt: now.toISOString(),
        erasedAt: now.toISOString(),
        sessionsValidAfter: now.getTime(),
      });
      return { message: e.erased };
    },
  ),

  route(
    'POST /users/pause/:id',
    {
      access: 'self-or-manager',
      audit: auditChange('user', 'pause', userSnapshot),
      body: schemas.pauseForm,
      ok: [200, schemas.pauseSaved],
    },
    ({ params, input, user: caller, data, config }) => {
      checkId(params.id);
      return pauseOne(data, config, params.id, String(input.from), Number(input.days), caller.isAdmin);
    },
  ),

  route(
    'POST /users/bulk',
    { access: 'manager', audit: BULK_AUDIT, body: schemas.bulkUsersForm, ok: [200, schemas.bulkUsersResult] },
    ({ input, user: caller, data, db, config }) => {
      const action = input.action as BulkUserAction;
      // What the action needs, under its field, before anything is done (the server's bulk-actions.ts).
      if (action === 'grant' && !data.plans.some((p) => p.id === toText(input.planId) && !p.deletedAt)) {
        throw MockHttpError.validation({ planId: MESSAGES.payments.planRequired });
      }
      const from = toText(input.from);
      const days = toText(input.days);
      if (action === 'pause' && !isDate(from)) throw MockHttpError.validation({ from: MESSAGES.pauses.fromInvalid });
      if (action === 'pause' && !/^\d{1,3}$/.test(days))
        throw MockHttpError.validation({ days: MESSAGES.pauses.daysInvalid });
      const ids = [...new Set((input.ids ?? []).map((id) => String(id).toLowerCase()))];
      const done: { id: string; name: string }[] = [];
      const failed: { id: string; name: string; message: string }[] = [];
      for (const id of ids) {
        const name = data.users.find((u) => u.id === id)?.fullName ?? '';
        try {
          if (!name) throw MockHttpError.notFound(MESSAGES.users.notFound);
          if (action === 'grant')
            sellAtDesk(
              data,
              db,
              config,
              id,
              toText(input.planId),
              `bulk_${toText(input.requestId)}_${toText(input.planId)}_${id}`,
            );
          else if (action === 'pause') pauseOne(data, config, id, from, Number(days), true);
          else {
            if (id === caller.id) throw MockHttpError.conflict(MESSAGES.users.bulk.self);
            suspendOne(data, id);
          }
          done.push({ id, name });
        } catch (error) {
          if (!(error instanceof MockHttpError)) throw error;
          failed.push({ id, name, message: error.message });
        }
      }
      return { message: MESSAGES.users.bulk.done(done.length, ids.length), done, failed };
    },
  ),

  route('GET /users/preferences', { access: 'signed-in', ok: [200, schemas.preferences] }, ({ user: caller, data }) => {
    const user = data.users.find((u) => u.id === caller.id && !u.deletedAt);
    if (!user) throw MockHttpError.notFound(MESSAGES.users.notFound);
    return { membershipReminders: user.membershipReminders !== false };
  }),

  route(
    'PUT /users/preferences',
    { access: 'signed-in', body: schemas.preferencesForm, ok: [200, schemas.preferencesSaved] },
    ({ input, user: caller, data }) => {
      const user = data.users.find((u) => u.id === caller.id && !u.deletedAt);
      if (!user) throw MockHttpError.notFound(MESSAGES.users.notFound);
      user.membershipReminders = toBoolean(input.membershipReminders) === true;
      return {
        message: MESSAGES.users.preferencesSaved,
        preferences: { membershipReminders: user.membershipReminders },
      };
    },
  ),

  route('GET /users/:id', { access: 'self-or-desk', ok: [200, schemas.user] }, ({ params, data }) =>
    toUserDto(data, findUser(data, params.id)),
  ),
];
