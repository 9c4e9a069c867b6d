import type { Request, Response } from 'express';
import { Types } from 'mongoose';
import {
  DEFAULT_USER_QUERY,
  ERROR_CODES,
  MESSAGES,
  parseUserQuery,
  toBoolean,
  userQueryParams,
  type CreateUserResponseDto,
  type LoginResponseDto,
  type UserQuery,
} from '@pulso/shared';
import { sendUsersCsv } from './user-directory';
import { HttpError } from '../../lib/http-error';
import { exportUserData } from './data-export';
import type { AppContext } from '../../lib/context';
import { sendCached, withHeaders } from '../../lib/read-cache';
import { listQuery, validated } from '../../lib/validate';
import { outOfScope, sedeOf } from '../../middleware/scope';
import { managesAccounts } from './users.validators';
import { requestReset, resetPassword } from './password-reset.service';
import type { UserDoc } from './users.model';
import * as users from './users.service';
import { noticeDelivery } from '../bookings/bookings.notices';
import { joinStanding, leaveStanding } from '../bookings/bookings.service';
import { offerFreedPlacesAfter } from '../bookings/bookings.wishes';
import { eraseOwnAccount } from './account-erasure';
import { bulkUsers, type BulkInput } from './bulk-actions';
import { pauseMembership, type PauseInput } from './membership-pauses';

interface UserBody {
  fullName?: string;
  email?: string;
  password?: string;
  currentPassword?: string;
  phone?: string;
  isMonitor?: boolean | string;
  isAdmin?: boolean | string;
  staffRole?: string;
  homeBranch?: string;
}

/** The account of a sign-in, read while its attempt was counted (readAccountAhead in users.routes.ts). */
export interface AccountAhead {
  email: string;
  account: Promise<UserDoc | null>;
}

function paramId(req: Request): string {
  return String(req.params.id);
}

/** A page of the admin's user tables, with the total in X-Total-Count. */
async function sendUserPage(req: Request, res: Response, suspended: boolean): Promise<void> {
  const page = users.parsePage(req.query);
  const sede = sedeOf(req.user);
  const query = suspended ? DEFAULT_USER_QUERY : userQueryOf(req);
  const key = `users:${suspended ? 'suspended' : 'active'}:${sede ?? 'chain'}:${page.page}:${page.limit}:${JSON.stringify(userQueryParams(query))}`;
  await sendCached(res, key, async (cache) => {
    const { items, total } = await users.listUsers(suspended, page, cache, query, sede);
    return withHeaders(items, { 'X-Total-Count': String(total) });
  });
}

/**
 * The users list's search, filters and sort from the query string (400 naming a value that is not
 * valid). A sede's staff see their sede's accounts: its filter is theirs, and asking for another
 * sede is refused.
 */
function userQueryOf(req: Request): UserQuery {
  const query = listQuery(req, parseUserQuery);
  const sede = sedeOf(req.user);
  if (!sede) return query;
  if (query.branch && query.branch !== sede) throw outOfScope();
  return { ...query, branch: sede };
}

/**
 * What a sede manager may not do to an account through the user form: give it a role, or take it
 * to another sede (or none). A new account without a sede is theirs.
 */
function withinSede(req: Request, input: UserBody, creating: boolean): UserBody {
  const sede = sedeOf(req.user);
  if (!sede || req.user?.id === req.params.id) return input;
  if (toBoolean(input.isAdmin) === true || toBoolean(input.isMonitor) === true || (input.staffRole ?? '') !== '') {
    throw outOfScope();
  }
  if (creating && !input.homeBranch) return { ...input, homeBranch: sede };
  if (input.homeBranch !== undefined && input.homeBranch !== sede) throw outOfScope();
  return input;
}

export function usersController(ctx: AppContext) {
  return {
    async login(req: Request, res: Response) {
      const { email, password } = validated<{ email: string; password: string }>(req);
      const ahead = (res.locals as { signInAccount?: AccountAhead }).signInAccount;
      const account = ahead?.email === users.normalizeEmail(email) ? ahead.account : undefined;
      const token = await users.login(ctx, email, password, account);
      const body: LoginResponseDto = { login: { success: true, token, message: MESSAGES.auth.loggedIn } };
      res.json(body);
    },

    /** Google sign-in with the credential of Google's button; answers in the login shape. */
    async google(req: Request, res: Response) {
      if (!ctx.google) throw new HttpError(404, ERROR_CODES.ROUTE_NOT_FOUND, MESSAGES.auth.googleOff);
      const { credential } = validated<{ credential: string }>(req);
      const profile = await ctx.google.verify(credential);
      if (!profile) throw users.loginFailure(401, ERROR_CODES.UNAUTHENTICATED, MESSAGES.auth.googleRejected);
      const token = await users.signInWithGoogle(ctx, profile);
      const body: LoginResponseDto = { login: { success: true, token, message: MESSAGES.auth.loggedIn } };
      res.json(body);
    },

    /** Always the same answer, whether or not the e-mail has an account. */
    async forgot(req: Request, res: Response) {
      const { email } = validated<{ email: string }>(req);
      await requestReset(ctx, email, req.log);
      res.json({ message: MESSAGES.auth.forgotSent });
    },

    async reset(req: Request, res: Response) {
      const { token, password } = validated<{ token: string; password: string }>(req);
      await resetPassword(ctx, token, password);
      res.json({ message: MESSAGES.auth.resetDone });
    },

    async create(req: Request, res: Response) {
      const byStaff = managesAccounts(req);
      const input = byStaff ? withinSede(req, validated<UserBody>(req), true) : validated<UserBody>(req);
      const user = await users.createUser(
        ctx,
        {
          fullName: input.fullName,
          email: String(input.email),
          password: String(input.password),
          phone: input.phone,
          isMonitor: toBoolean(input.isMonitor),
          isAdmin: toBoolean(input.isAdmin),
          staffRole: input.staffRole,
          homeBranch: input.homeBranch,
        },
        byStaff,
      );
      const body: CreateUserResponseDto = { success: true, user, message: MESSAGES.auth.registered };
      res.status(201).json(body);
    },

    async get(req: Request, res: Response) {
      const id = paramId(req);
      await sendCached(res, `user:${id}`, (cache) => users.getUser(id, cache));
    },

    async list(req: Request, res: Response) {
      await sendUserPage(req, res, false);
    },

    /** The active accounts the list's search and filters ask for, as CSV (the current filtered list). */
    async csv(req: Request, res: Response) {
      await sendUsersCsv(res, userQueryOf(req), ctx.config.bookings.timeZone);
    },

    async listSuspended(req: Request, res: Response) {
      await sendUserPage(req, res, true);
    },

    async listTrainers(_req: Request, res: Response) {
      res.json({ monitor: await users.listTrainers() });
    },

    /** Self: name, phone and password only (anything else sent is ignored); admin: every field. */
    async update(req: Request, res: Response) {
      const input = withinSede(req, validated<UserBody>(req), false);
      const isAdmin = req.user?.role === 'admin';
      const caller = req.user;
      const self = caller?.id === paramId(req);
      const { user, sessionsClosedAt } = await users.updateUser(
        ctx,
        paramId(req),
        {
          fullName: input.fullName,
          phone: input.phone,
          password: input.password,
          currentPassword: input.currentPassword,
          homeBranch: input.homeBranch,
          ...(isAdmin
            ? {
                email: input.email,
                isMonitor: toBoolean(input.isMonitor),
                isAdmin: toBoolean(input.isAdmin),
                staffRole: input.staffRole,
              }
            : managesAccounts(req) && !self
              ? { email: input.email }
              : {}),
        },
        { self },
      );
      // Changing one's own password ends the other sessions; this one continues with a new token.
      const token =
        input.password && caller && self
          ? ctx.tokens.sign({ id: caller.id, isAdmin: caller.isAdmin }, { after: sessionsClosedAt })
          : undefined;
      res.json({ success: true, message: MESSAGES.users.updated, user, ...(token ? { token } : {}) });
    },

    /** A member adds a class to their own schedule; an admin to anyone's (addlesson). */
    async addLesson(req: Request, res: Response) {
      const { idUser } = validated<{ idUser?: string }>(req);
      const caller = req.user;
      if (!caller) throw HttpError.unauthenticated();
      const target = idUser ?? caller.id;
      if (!caller.isAdmin && target !== caller.id) throw HttpError.forbidden();
      const lessonId = String(req.params.lessonId);
      const { membership } = await users.addLessonToSchedule(target, lessonId);
      // A standing booking: a place in each of the class's next sessions, or its waitlist when full.
      const standing = await joinStanding(lessonId, new Types.ObjectId(target), membership, ctx.config.bookings);
      const [first, ...others] = standing.waiting;
      res.json({
        exito: first
          ? MESSAGES.lessons.addedWaiting(first.label, first.position, others.length)
          : MESSAGES.lessons.added,
      });
    },

    /** Everything Pulso holds about the caller, as a file to save (issue 23, item 7). */
    async exportData(req: Request, res: Response) {
      const caller = req.user;
      if (!caller) throw HttpError.unauthenticated();
      const data = await exportUserData(caller.id, ctx.config.gymName);
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Content-Disposition', `attachment; filename="mis-datos-${data.exportedAt.slice(0, 10)}.json"`);
      res.json(data);
    },

    /** The caller's e-mail preferences. */
    async getPreferences(req: Request, res: Response) {
      const caller = req.user;
      if (!caller) throw HttpError.unauthenticated();
      res.json(await users.getPreferences(caller.id));
    },

    /** The caller switches their membership reminders on or off. */
    async setPreferences(req: Request, res: Response) {
      const caller = req.user;
      if (!caller) throw HttpError.unauthenticated();
      const { membershipReminders } = validated<{ membershipReminders: unknown }>(req);
      const preferences = await users.setPreferences(caller.id, {
        membershipReminders: toBoolean(membershipReminders) === true,
      });
      res.json({ message: MESSAGES.users.preferencesSaved, preferences });
    },

    /** A member takes a class off their own schedule: their places in its next sessions are freed. */
    async removeLesson(req: Request, res: Response) {
      const caller = req.user;
      if (!caller) throw HttpError.unauthenticated();
      const lessonId = String(req.params.lessonId);
      await users.removeLessonFromSchedule(caller.id, lessonId);
      const delivery = noticeDelivery(ctx, req.log);
      const freed = await leaveStanding(lessonId, new Types.ObjectId(caller.id), ctx.config.bookings, delivery);
      res.json({ message: MESSAGES.lessons.removed });
      offerFreedPlacesAfter(freed, ctx.config.bookings, delivery, req.log);
    },

    /** A member pauses their own membership within the chain's rules; an admin anyone's. */
    async pause(req: Request, res: Response) {
      const caller = req.user;
      if (!caller) throw HttpError.unauthenticated();
      const input = validated<PauseInput>(req);
      const { message, membresia, freed } = await pauseMembership({ ctx, logger: req.log }, paramId(req), input, {
        id: caller.id,
        // A sede manager pauses their sede's members as the staff do (the route's scope checked whose).
        isAdmin: managesAccounts(req) && caller.id !== paramId(req) ? true : caller.isAdmin,
      });
      res.json({ message, membresia });
      offerFreedPlacesAfter(freed, ctx.config.bookings, noticeDelivery(ctx, req.log), req.log);
    },

    /** The caller erases their own account (confirmed by their password, or their e-mail without one). */
    async erase(req: Request, res: Response) {
      const caller = req.user;
      if (!caller) throw HttpError.unauthenticated();
      const input = validated<{ password?: string; email?: string }>(req);
      await eraseOwnAccount({ ctx, logger: req.log }, caller.id, input);
      res.json({ message: MESSAGES.users.erasure.erased });
    },

    async restore(req: Request, res: Response) {
      await users.restoreUser(paramId(req));
      res.json({ success: true, message: MESSAGES.users.restored });
    },

    /** An action on a selection of the users list: what was done for whom, and for whom not and why. */
    async bulk(req: Request, res: Response) {
      const caller = req.user;
      if (!caller) throw HttpError.unauthenticated();
      res.json(await bulkUsers({ ctx, logger: req.log }, validated<BulkInput>(req), caller));
    },

    async remove(req: Request, res: Response) {
      await users.suspendUser(paramId(req));
      res.json({ success: true, message: MESSAGES.users.deleted });
    },
  };
}
