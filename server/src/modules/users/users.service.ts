import { trusted, Types } from 'mongoose';
import {
  DEMO_USERS,
  ERROR_CODES,
  MESSAGES,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  isStaffRole,
  normalizeEmail,
  userRole,
  type TrainerDto,
  type UserRole,
  type PreferencesDto,
  type UserDto,
  type UserListItemDto,
} from '@pulso/shared';
import type { AppContext } from '../../lib/context';
import { ignoreDuplicateKeys, onDuplicateKey } from '../../lib/db';
import { HttpError } from '../../lib/http-error';
import { identityOwners } from '../../lib/owned-lists';
import {
  DEFAULT_USER_QUERY,
  isDefaultUserQuery,
  withLessonNames,
  type MembershipPause,
  type UserQuery,
} from '@pulso/shared';
import { searchUserIds } from './user-directory';
import { readCache, type ComputeContext } from '../../lib/read-cache';
import { CombinedReads } from '../../lib/combined-reads';
import { objectIdOrNull, toObjectId } from '../../lib/object-id';
import { findLessonById, lessonsByTrainer, lessonSummaries } from '../lessons/lessons.service';
import { refreshTrainerLessons, taughtBy } from '../lessons/lessons.views';
import { queueReviewerRename } from '../reviews/reviewer-names';
import {
  accessEnd,
  isMembershipActive,
  toTrainerDto,
  toUserDto,
  toUserListItemDto,
  type HomeBranchRef,
} from './users.mapper';
import { branchName } from '../branches/branches.service';
import type { GoogleProfile } from './google';
import { googleIdentityId } from './account-keys';
import {
  claimEmail,
  ensureEmailKey,
  findUserByEmail,
  releaseEmail,
  settleEmailChange,
  writeEmailKeys,
} from './account-keys.service';
import { IdentityModel, type IdentityDoc } from './identity.model';
import { UserModel, type UserDoc } from './users.model';
import { actsAsTrainer, directoryTrainers, syncTrainer, trainerIdsNamed } from './trainer-directory';

/** The signed-in user as request handlers see it. */
export interface AuthUser {
  id: string;
  fullName: string;
  email: string;
  isAdmin: boolean;
  isMonitor: boolean;
  /** Their role (shared `userRole`): admin, manager, desk, trainer or member. */
  role: UserRole;
  /** Their home sede: the reach of a sede manager or front desk. */
  branch: string | null;
  suspended: boolean;
  hasActiveMembership: boolean;
  /** The membership's start and end (access's), and its pauses, when the account has one (active or not). */
  membership: MembershipAccess | null;
  /** The classes of their schedule ('Mi horario'): their standing bookings. */
  schedule: string[];
  /** Tokens issued before this moment (ms) are refused: a password reset ended them. */
  sessionsValidAfter: number;
}

/** What bookings and check-in go by: when access starts and ends, and the pauses without it. */
export interface MembershipAccess {
  start: Date;
  end: Date;
  pauses: MembershipPause[];
}

/** E-mails are stored and compared in the shared canonical form (FerretDB has no collations). */
export { normalizeEmail };

const objectId = toObjectId;

function userNotFound(): HttpError {
  return new HttpError(404, ERROR_CODES.NOT_FOUND, MESSAGES.users.notFound);
}

function emailTaken(): HttpError {
  return new HttpError(409, ERROR_CODES.EMAIL_TAKEN, MESSAGES.userForm.emailTaken, undefined, {
    success: false,
  });
}

/** The read-cache key of findActiveAuthUser(id). */
export const authUserKey = (id: string) => `auth:${id}`;

/**
 * The signed-in user, read on every authenticated request (through the read cache, which drops it
 * the moment any account is written, so a suspension or a demotion still takes effect at once).
 */
export async function findActiveAuthUser(id: string): Promise<AuthUser | null> {
  if (!/^[0-9a-f]{24}$/i.test(id)) return null;
  return readCache.get(
    authUserKey(id),
    (cache) => readAuthUser(id, cache),
    () => 400,
  );
}

/** A membership's start and end are the moments an answer that shows its status stops being true. */
function expireWithMembership(cache: ComputeContext | undefined, doc: Pick<UserDoc, 'membership'>): void {
  cache?.expireAt(doc.membership?.start);
  cache?.expireAt(doc.membership && accessEnd(doc.membership));
  // A pause starting or ending changes whether it gives access.
  for (const pause of doc.membership?.pauses ?? []) {
    cache?.expireAt(pause.from);
    cache?.expireAt(pause.until);
  }
}

/** The fields an authenticated request needs of its account. */
const AUTH_FIELDS = {
  fullName: 1,
  email: 1,
  isAdmin: 1,
  isMonitor: 1,
  staffRole: 1,
  homeBranch: 1,
  deletedAt: 1,
  membership: 1,
  lessons: 1,
  sessionsValidAfter: 1,
};

/**
 * Accounts read for authentication: by the driver itself (every signed-in request's first read,
 * where Mongoose's query building is a share of the cost), those read at the same moment in one
 * command (many members booking at once).
 */
const authReads = new CombinedReads<UserDoc>(() => UserModel.collection as never, AUTH_FIELDS);

async function readAuthUser(id: string, cache: ComputeContext): Promise<AuthUser | null> {
  const _id = objectIdOrNull(id);
  if (!_id) return null;
  const doc = await authReads.findById(_id);
  if (!doc) return null;
  expireWithMembership(cache, doc);
  return {
    id: doc._id.toString(),
    fullName: doc.fullName,
    email: doc.email,
    isAdmin: doc.isAdmin ?? false,
    isMonitor: doc.isMonitor ?? false,
    role: userRole({ isAdmin: doc.isAdmin ?? false, isMonitor: doc.isMonitor ?? false, staffRole: doc.staffRole }),
    branch: doc.homeBranch ? doc.homeBranch.toString() : null,
    suspended: !!doc.deletedAt,
    hasActiveMembership: isMembershipActive(doc.membership),
    // Bookings and check-in go by when access ends (a failed renewal's grace included).
    membership: doc.membership
      ? {
          start: doc.membership.start,
          end: accessEnd(doc.membership),
          pauses: (doc.membership.pauses ?? []).map((p) => ({ from: p.from, until: p.until })),
        }
      : null,
    schedule: (doc.lessons ?? []).map((l) => l.toString()),
    sessionsValidAfter: doc.sessionsValidAfter ? doc.sessionsValidAfter.getTime() : 0,
  };
}

/** A failed sign-in, with the `login` object the spec's client reads alongside the error. */
export function loginFailure(status: number, code: string, message: string): HttpError {
  return new HttpError(status, code, message, undefined, { login: { success: false, token: null, message } });
}

/** The account a sign-in with `email` checks: two point reads (the e-mail's key, then the account). */
export function findSignInAccount(email: string): Promise<UserDoc | null> {
  return findUserByEmail(normalizeEmail(email), { passwordHash: 1, isAdmin: 1, deletedAt: 1 }, true);
}

/**
 * Login: unknown e-mail, wrong password and suspended account each get their own answer. `account`:
 * the read of findSignInAccount(email) when the caller started it already.
 */
export async function login(
  ctx: AppContext,
  email: string,
  password: string,
  account: Promise<UserDoc | null> = findSignInAccount(email),
): Promise<string> {
  const user = await account;
  if (!user) throw loginFailure(404, ERROR_CODES.USER_NOT_FOUND, MESSAGES.auth.userNotFound);
  if (!user.passwordHash || !(await ctx.passwords.verify(password, user.passwordHash))) {
    throw loginFailure(401, ERROR_CODES.WRONG_PASSWORD, MESSAGES.auth.wrongPassword);
  }
  if (user.deletedAt) throw loginFailure(403, ERROR_CODES.ACCOUNT_SUSPENDED, MESSAGES.auth.suspended);
  return ctx.tokens.sign({ id: user._id.toString(), isAdmin: user.isAdmin ?? false });
}

export interface NewUserInput {
  fullName?: string;
  email: string;
  password: string;
  phone?: string;
  isMonitor?: boolean;
  isAdmin?: boolean;
  /** A staff role ('manager', 'desk'; '' or absent: none). */
  staffRole?: string;
  /** The home sede's id ('' or absent: none). */
  homeBranch?: string;
}

/**
 * Creates an account. Registration (anyone) gets a member with the e-mail's local part as name;
 * only an admin may set roles. The e-mail must not belong to any account, suspended ones included.
 */
export async function createUser(
  ctx: AppContext,
  input: NewUserInput,
  byAdmin: boolean,
): Promise<{ id: string; token?: string }> {
  const email = normalizeEmail(input.email);
  const fullName = input.fullName?.trim() || email.split('@')[0] || email;
  const homeBranch = (await homeBranchOf(input.homeBranch)) ?? null;
  const _id = await insertAccount(email, async () => ({
    homeBranch,
    fullName,
    passwordHash: await ctx.passwords.hash(input.password),
    phone: input.phone?.trim() ?? '',
    isMonitor: byAdmin ? (input.isMonitor ?? false) : false,
    isAdmin: byAdmin ? (input.isAdmin ?? false) : false,
    staffRole: byAdmin && isStaffRole(input.staffRole) ? input.staffRole : null,
    // Self-registration proves nothing about the address; staff vouch for those they create.
    emailVerified: byAdmin,
  }));
  if (byAdmin && input.isMonitor) await syncTrainer(_id);
  const id = _id.toString();
  return byAdmin ? { id } : { id, token: ctx.tokens.sign({ id, isAdmin: false }) };
}

/**
 * Writes a new account with `email`. The e-mail's key goes first: of two registrations of one
 * address at the same moment exactly one inserts it, the other is told the e-mail is taken (the
 * unique index on users.email stays as the backstop). When the user cannot be written, the key is
 * removed again.
 */
async function insertAccount(email: string, fields: () => Promise<Record<string, unknown>>): Promise<Types.ObjectId> {
  const _id = new Types.ObjectId();
  if (!(await claimEmail(email, _id))) throw emailTaken();
  try {
    const doc = { ...(await fields()), _id, email };
    await onDuplicateKey(() => UserModel.create(doc), emailTaken);
  } catch (error) {
    await releaseEmail(email, _id);
    throw error;
  }
  await ensureEmailKey(email, _id);
  return _id;
}

/** A user's profile; `cache`, when the answer is being cached, learns when its status changes. */
export async function getUser(id: string, cache?: ComputeContext): Promise<UserDto> {
  const doc = await UserModel.findById(objectId(id)).lean<UserDoc>();
  if (!doc) throw userNotFound();
  expireWithMembership(cache, doc);
  // Point reads only: the member's classes one by one, a trainer's from the stored class list.
  const [lessons, taught] = await Promise.all([
    lessonSummaries(doc.lessons ?? []),
    doc.isMonitor ? taughtBy(doc._id) : Promise.resolve([]),
  ]);
  return toUserDto(doc, lessons, taught, await homeBranchRef(doc.homeBranch));
}

/** A home sede with its name (a point read); null when none is set or the sede no longer exists. */
export async function homeBranchRef(id: Types.ObjectId | null | undefined): Promise<HomeBranchRef> {
  if (!id) return null;
  const name = await branchName(id);
  return name === null ? null : { id: id.toString(), name };
}

/**
 * A home sede as a form sends it: undefined when not sent (unchanged), '' for none, or a sede's id
 * that must exist (400 on `homeBranch` otherwise).
 */
async function homeBranchOf(value: string | undefined): Promise<Types.ObjectId | null | undefined> {
  if (value === undefined) return undefined;
  if (value === '') return null;
  const id = objectIdOrNull(value);
  if (!id || (await branchName(id)) === null) {
    throw HttpError.validation({ homeBranch: MESSAGES.users.homeBranchUnknown });
  }
  return id;
}

export interface Page {
  page: number;
  limit: number;
}

export function parsePage(query: Record<string, unknown>): Page {
  const read = (value: unknown, fallback: number, max: number) => {
    if (typeof value !== 'string' || !/^\d{1,6}$/.test(value)) return fallback;
    return Math.min(Math.max(Number(value), 1), max);
  };
  return { page: read(query.page, 1, 100_000), limit: read(query.limit, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX) };
}

/**
 * Active (or suspended) accounts, newest first, with their class names; two queries per page. An
 * active list searched, filtered or sorted (`query`) is answered from the users directory
 * (user-directory.ts), its page's accounts then read by `_id`.
 */
export async function listUsers(
  suspended: boolean,
  { page, limit }: Page,
  cache?: ComputeContext,
  query: UserQuery = DEFAULT_USER_QUERY,
  /** A sede's staff list their sede's accounts (the active list has it as its `branch` filter already). */
  sede: string | null = null,
): Promise<{ items: UserListItemDto[]; total: number }> {
  if (!suspended && !isDefaultUserQuery(query)) {
    const found = await searchUserIds(query, { page, limit }, cache);
    const docs = await Promise.all(found.ids.map((id) => UserModel.findById(objectId(id)).lean<UserDoc>()));
    return {
      items: await listItems(
        docs.filter((d): d is UserDoc => d !== null),
        cache,
      ),
      total: found.total,
    };
  }
  const filter = {
    ...(suspended ? { deletedAt: trusted({ $ne: null }) } : { deletedAt: null }),
    ...(sede ? { homeBranch: objectId(sede) } : {}),
  };
  const [docs, total] = await Promise.all([
    UserModel.find(filter)
      .sort(suspended ? { deletedAt: -1, _id: -1 } : { createdAt: -1, _id: -1 })
      .skip((page - 1) * limit)
      .limit(limit)
      .lean<UserDoc[]>(),
    UserModel.countDocuments(filter),
  ]);
  return { items: await listItems(docs, cache), total };
}

/** Accounts as rows of the users table: their class names and home sedes read once for the page. */
async function listItems(docs: UserDoc[], cache?: ComputeContext): Promise<UserListItemDto[]> {
  for (const doc of docs) expireWithMembership(cache, doc);
  const branchIds = [
    ...new Map(docs.flatMap((d) => (d.homeBranch ? [[d.homeBranch.toString(), d.homeBranch]] : []))).values(),
  ];
  const branches = new Map(
    await Promise.all(branchIds.map(async (id) => [id.toString(), await homeBranchRef(id)] as const)),
  );
  const lessonIds = [...new Map(docs.flatMap((d) => d.lessons ?? []).map((id) => [id.toString(), id])).values()];
  const names = new Map((await lessonSummaries(lessonIds)).map((l) => [l.id, { id: l.id, name: l.name }]));
  return docs.map((doc) =>
    toUserListItemDto(
      doc,
      (doc.lessons ?? []).flatMap((id) => names.get(id.toString()) ?? []),
      doc.homeBranch ? (branches.get(doc.homeBranch.toString()) ?? null) : null,
    ),
  );
}

export async function listTrainers(): Promise<TrainerDto[]> {
  const docs = await directoryTrainers();
  const taught = await lessonsByTrainer(docs.map((d) => d._id));
  return docs.map((d) => toTrainerDto(d, taught.get(d._id.toString()) ?? []));
}

/**
 * The active trainers with this full name, for lesson forms that name the trainer as the spec's
 * clients do. Full names are not unique: more than one means the name alone does not say who.
 * Found in the trainers' directory, then each checked on its account (a point read).
 */
export async function findTrainerIdsByName(fullName: string): Promise<Types.ObjectId[]> {
  const ids = await trainerIdsNamed(fullName);
  const active = await Promise.all(ids.map((id) => isActiveTrainer(id)));
  return ids.filter((_, i) => active[i]);
}

/** Whether the account with this id is an active trainer (who can be given a class). */
export async function isActiveTrainer(id: Types.ObjectId): Promise<boolean> {
  // A point read, then the checks: `{ _id, ... }` would make the embedded engine read every user.
  const doc = await UserModel.findById(id, { isMonitor: 1, deletedAt: 1 }).lean<UserDoc>();
  return actsAsTrainer(doc);
}

export interface UserUpdateInput {
  fullName?: string;
  email?: string;
  phone?: string;
  password?: string;
  /** Required, and checked, when users change their own password. */
  currentPassword?: string;
  isMonitor?: boolean;
  isAdmin?: boolean;
  /** A staff role, or '' for none (admins only). */
  staffRole?: string;
  /** A sede's id, or '' for none. */
  homeBranch?: string;
}

const isActiveAdmin = { isAdmin: true, deletedAt: null };

/**
 * Applies a change that may take away an active admin, keeping at least one. FerretDB has no
 * transactions and no isolated conditional update, so a check made before writing can be passed by
 * two requests at once (two admins demoting each other). Instead the change is written first and
 * then checked: when no active admin is left, it is undone and refused. Of several such changes at
 * once, the last to check always sees the others' writes, so at least one admin always remains.
 */
export async function keepingAnAdmin(
  userId: Types.ObjectId,
  apply: () => Promise<unknown>,
  undo: () => Promise<unknown>,
): Promise<void> {
  const lastAdmin = () => new HttpError(409, ERROR_CODES.LAST_ADMIN, MESSAGES.users.lastAdmin);
  if ((await UserModel.countDocuments({ ...isActiveAdmin, _id: trusted({ $ne: userId }) })) === 0) throw lastAdmin();
  await apply();
  if ((await UserModel.countDocuments(isActiveAdmin)) > 0) return;
  await undo();
  throw lastAdmin();
}

/** Refuses to take a trainer away from classes that still name them (409 naming the classes). */
export async function ensureTeachesNothing(userId: Types.ObjectId, message: string): Promise<void> {
  const taught = (await lessonsByTrainer([userId])).get(userId.toString()) ?? [];
  if (taught.length === 0) return;
  throw new HttpError(
    409,
    ERROR_CODES.TRAINER_IN_USE,
    withLessonNames(
      message,
      taught.map((l) => l.name),
    ),
    {
      lessons: taught.map((l) => ({ id: l.id, name: l.name })),
    },
  );
}

/** Checks the current password of someone changing their own (401-free: it is a form error). */
async function verifyCurrentPassword(ctx: AppContext, _id: Types.ObjectId, current: string | undefined) {
  const doc = await UserModel.findById(_id, { passwordHash: 1 }).select('+passwordHash').lean<UserDoc>();
  const fail = (code: string, message: string) =>
    new HttpError(400, code, message, [{ field: 'currentPassword', message }], { success: false });
  if (!doc?.passwordHash) throw fail(ERROR_CODES.VALIDATION_FAILED, MESSAGES.auth.noPasswordYet);
  if (!current) throw fail(ERROR_CODES.VALIDATION_FAILED, MESSAGES.auth.currentPasswordRequired);
  if (!(await ctx.passwords.verify(current, doc.passwordHash))) {
    throw fail(ERROR_CODES.WRONG_CURRENT_PASSWORD, MESSAGES.auth.currentPasswordWrong);
  }
}

/**
 * Updates a profile. The caller decides what may change (the validators already dropped every
 * other field): self = name, phone, password; admin = also e-mail and roles. The password changes
 * only when sent, and people changing their own must give the current one (an admin resetting
 * someone else's does not). The last active admin cannot lose the role, and a trainer who still
 * teaches classes cannot stop being one.
 */
export async function updateUser(
  ctx: AppContext,
  id: string,
  input: UserUpdateInput,
  options: { self: boolean },
): Promise<{ user: UserDto; sessionsClosedAt?: Date }> {
  const _id = objectId(id);
  const current = await UserModel.findById(_id, {
    isAdmin: 1,
    isMonitor: 1,
    deletedAt: 1,
    fullName: 1,
    email: 1,
  }).lean<UserDoc>();
  if (!current) throw userNotFound();
  if (input.password && options.self) await verifyCurrentPassword(ctx, _id, input.currentPassword);
  const set: Record<string, unknown> = {};
  if (input.fullName !== undefined) set.fullName = input.fullName.trim();
  if (input.phone !== undefined) set.phone = input.phone.trim();
  const homeBranch = await homeBranchOf(input.homeBranch);
  if (homeBranch !== undefined) set.homeBranch = homeBranch;
  if (input.isMonitor !== undefined) {
    if (current.isMonitor && !input.isMonitor) await ensureTeachesNothing(_id, MESSAGES.users.trainerRoleTeaches);
    set.isMonitor = input.isMonitor;
  }
  const demoting = input.isAdmin === false && current.isAdmin === true && !current.deletedAt;
  if (input.isAdmin !== undefined) set.isAdmin = input.isAdmin;
  if (input.staffRole !== undefined) set.staffRole = isStaffRole(input.staffRole) ? input.staffRole : null;
  // A new address: its key is taken before the write, the old one's removed after it (settleEmailChange).
  let newEmail: string | undefined;
  if (input.email !== undefined && normalizeEmail(input.email) !== current.email) {
    newEmail = normalizeEmail(input.email);
    if (!(await claimEmail(newEmail, _id))) throw emailTaken();
    set.email = newEmail;
  }
  if (input.password) {
    set.passwordHash = await ctx.passwords.hash(input.password);
    // A new password ends every session opened before it (ASVS 3.3.3); the caller gets a new token.
    set.sessionsValidAfter = new Date();
  }
  const write = () => onDuplicateKey(() => UserModel.updateOne({ _id }, { $set: set }), emailTaken);
  try {
    if (demoting) {
      await keepingAnAdmin(_id, write, () => UserModel.updateOne({ _id }, { $set: { isAdmin: true } }));
    } else {
      await write();
    }
  } finally {
    if (newEmail) await settleEmailChange(_id, current.email, newEmail);
  }
  if (current.isMonitor || set.isMonitor === true) await syncTrainer(_id);
  if (typeof set.fullName === 'string' && set.fullName !== current.fullName) await renamed(_id, set.fullName);
  const closed = set.sessionsValidAfter instanceof Date ? set.sessionsValidAfter : undefined;
  return { user: await getUser(id), ...(closed ? { sessionsClosedAt: closed } : {}) };
}

/**
 * A name is shown where others read it without reading the account: a trainer's on their classes
 * (refreshed now), a reviewer's on their reviews (by the reviewer-names job, which reads every
 * class's reviews).
 */
async function renamed(userId: Types.ObjectId, fullName: string): Promise<void> {
  const trainer = await UserModel.findById(userId, { isMonitor: 1 }).lean<UserDoc>();
  if (trainer?.isMonitor) await refreshTrainerLessons(userId);
  await queueReviewerRename(userId, fullName);
}

/**
 * Soft delete: the account is suspended, leaves the users list and loses access at once; every
 * session opened before stays closed even after a restore. A trainer who still teaches classes is
 * not suspended (the classes would name someone who is gone), nor the last active admin.
 */
export async function suspendUser(id: string): Promise<void> {
  const _id = objectId(id);
  const current = await UserModel.findById(_id, {
    isAdmin: 1,
    isMonitor: 1,
    deletedAt: 1,
    sessionsValidAfter: 1,
  }).lean<UserDoc>();
  if (!current) throw userNotFound();
  if (current.deletedAt) throw new HttpError(409, ERROR_CODES.CONFLICT, MESSAGES.users.alreadySuspended);
  if (current.isMonitor) await ensureTeachesNothing(_id, MESSAGES.users.trainerTeaches);
  const now = new Date();
  // Writes by `_id` alone (the filter the embedded engine serves from its index); the account was
  // read just above, and a `deletedAt` condition would not make the update isolated on it anyway.
  const suspend = () => UserModel.updateOne({ _id }, { $set: { deletedAt: now, sessionsValidAfter: now } });
  if (!current.isAdmin) await suspend();
  else
    await keepingAnAdmin(_id, suspend, () =>
      UserModel.updateOne(
        { _id },
        { $set: { deletedAt: null, sessionsValidAfter: current.sessionsValidAfter ?? null } },
      ),
    );
  if (current.isMonitor) await syncTrainer(_id);
}

/**
 * Lifts a suspension. Sessions from before it stay closed: the user signs in again (accounts
 * suspended before suspensions closed sessions get the same from their suspension date).
 */
export async function restoreUser(id: string): Promise<void> {
  const _id = objectId(id);
  const current = await UserModel.findById(_id, { deletedAt: 1, erasedAt: 1, sessionsValidAfter: 1 }).lean<UserDoc>();
  if (!current) throw userNotFound();
  if (current.erasedAt) throw new HttpError(409, ERROR_CODES.CONFLICT, MESSAGES.users.erasure.notRestorable);
  if (!current.deletedAt) throw new HttpError(409, ERROR_CODES.CONFLICT, MESSAGES.users.notSuspended);
  const closedSince =
    current.sessionsValidAfter && current.sessionsValidAfter > current.deletedAt
      ? current.sessionsValidAfter
      : current.deletedAt;
  await UserModel.updateOne({ _id }, { $set: { deletedAt: null, sessionsValidAfter: closedSince } });
  await syncTrainer(_id);
}

/** A user's full name (a point read); null when there is no such account. */
export async function userName(id: Types.ObjectId): Promise<string | null> {
  const doc = await UserModel.findById(id, { fullName: 1 }).lean<UserDoc>();
  return doc?.fullName ?? null;
}

/**
 * Every account's full name by id: one read of the whole users collection, for rebuilding read
 * models at start-up (never on a request).
 */
export async function allUserNames(): Promise<Map<string, string>> {
  // Streamed into the map: 50,000 accounts never sit in memory twice.
  const names = new Map<string, string>();
  for await (const doc of UserModel.find({}, { fullName: 1 }).lean<Pick<UserDoc, '_id' | 'fullName'>>().cursor()) {
    names.set(doc._id.toString(), doc.fullName);
  }
  return names;
}

/**
 * Adds a class to a member's own schedule. The class must be available, the member needs an active
 * membership, and may not hold two classes of the same name.
 */
export async function addLessonToSchedule(
  userId: string,
  lessonId: string,
): Promise<{ membership: { end: Date; pauses: MembershipPause[] } | null }> {
  const fail = (status: number, code: string, message: string) =>
    new HttpError(status, code, message, undefined, { error: message });
  const lesson = await findLessonById(lessonId);
  if (!lesson.isAvailable) throw fail(409, ERROR_CODES.CONFLICT, MESSAGES.lessons.notAvailable);
  const _id = objectId(userId);
  const user = await UserModel.findById(_id, { lessons: 1, membership: 1, deletedAt: 1 }).lean<UserDoc>();
  if (!user || user.deletedAt) throw fail(404, ERROR_CODES.NOT_FOUND, MESSAGES.users.notFound);
  if (!isMembershipActive(user.membership)) {
    throw fail(403, ERROR_CODES.FORBIDDEN, MESSAGES.lessons.membershipRequired);
  }
  const held = await lessonSummaries(user.lessons ?? []);
  if (held.some((l) => l.name === lesson.name)) throw fail(409, ERROR_CODES.CONFLICT, MESSAGES.lessons.alreadyHeld);
  await UserModel.updateOne({ _id }, { $addToSet: { lessons: lesson._id } });
  const { membership } = user;
  return { membership: membership ? { end: membership.end, pauses: membership.pauses ?? [] } : null };
}

/** Takes a class off the user's schedule ('Mi horario'); 409 when it is not on it. */
export async function removeLessonFromSchedule(userId: string, lessonId: string): Promise<void> {
  const _id = objectId(userId);
  const lesson = objectIdOrNull(lessonId);
  if (!lesson) throw HttpError.invalidId();
  const user = await UserModel.findById(_id, { lessons: 1, deletedAt: 1 }).lean<UserDoc>();
  if (!user || user.deletedAt) throw new HttpError(404, ERROR_CODES.NOT_FOUND, MESSAGES.users.notFound);
  if (!(user.lessons ?? []).some((l) => l.equals(lesson))) {
    throw new HttpError(409, ERROR_CODES.CONFLICT, MESSAGES.lessons.notHeld);
  }
  await UserModel.updateOne({ _id }, { $pull: { lessons: lesson } });
}

/** A member's membership (null: none, or the account is suspended). One point read. */
export async function findUserEmail(userId: Types.ObjectId): Promise<string | null> {
  // Exactly `{ _id }`, the one filter the embedded engine answers from an index; suspension is checked here.
  const doc = await UserModel.findById(userId, { email: 1, deletedAt: 1 }).lean<UserDoc>();
  return doc && !doc.deletedAt ? doc.email : null;
}

/** The member's name and address, suspended or not (a receipt names who paid); null when there is no such account. */
/** What a sede-scoped staff member's reach over an account is judged by (shared `inSedeScope`); null if none. */
export async function sedeFactsOf(id: string): Promise<{
  isAdmin: boolean;
  isMonitor: boolean;
  staffRole: UserDoc['staffRole'];
  homeBranch: string | null;
} | null> {
  const _id = objectIdOrNull(id);
  if (!_id) return null;
  const doc = await UserModel.findById(_id, { isAdmin: 1, isMonitor: 1, staffRole: 1, homeBranch: 1 }).lean<UserDoc>();
  if (!doc) return null;
  return {
    isAdmin: doc.isAdmin ?? false,
    isMonitor: doc.isMonitor ?? false,
    staffRole: doc.staffRole ?? null,
    homeBranch: doc.homeBranch ? doc.homeBranch.toString() : null,
  };
}

export async function findUserContact(userId: Types.ObjectId): Promise<{ fullName: string; email: string } | null> {
  const doc = await UserModel.findById(userId, { fullName: 1, email: 1 }).lean<UserDoc>();
  return doc ? { fullName: doc.fullName, email: doc.email } : null;
}

/**
 * Google sign-in. The account is found by its Google subject; the first time, an existing account
 * is linked by its verified e-mail, or a new one is made with the token's name and no password.
 * An unverified e-mail is never trusted. Returns a session token.
 *
 * Linking an account whose address was never proven (self-registered with a password) drops that
 * password and every session opened with it: anyone can register someone else's address, and the
 * owner signing in with Google must not share the account with whoever did.
 */
export async function signInWithGoogle(ctx: AppContext, profile: GoogleProfile): Promise<string> {
  const rejected = () => loginFailure(401, ERROR_CODES.UNAUTHENTICATED, MESSAGES.auth.googleRejected);
  const identityId = googleIdentityId(profile.subject);
  const linked = await IdentityModel.findById(identityId, { user: 1 }).lean<IdentityDoc>();
  let userId = linked?.user;
  if (!userId) {
    if (!profile.emailVerified) throw rejected();
    const email = normalizeEmail(profile.email);
    const existing = await findUserByEmail(email, { _id: 1, emailVerified: 1 });
    if (existing && !existing.emailVerified) {
      await UserModel.updateOne(
        { _id: existing._id },
        { $unset: { passwordHash: 1 }, $set: { emailVerified: true, sessionsValidAfter: new Date() } },
      );
    }
    userId =
      existing?._id ??
      (await insertAccount(email, async () => ({
        fullName: profile.name.trim().slice(0, 80) || email.split('@')[0],
        emailVerified: true,
      })));
    // Listed under the account first: its data export finds it by a point read.
    await identityOwners.add(userId.toString(), identityId);
    await onDuplicateKey(
      () => IdentityModel.create({ _id: identityId, provider: 'google', subject: profile.subject, user: userId }),
      rejected,
    );
  }
  const user = await UserModel.findById(userId, { isAdmin: 1, deletedAt: 1 }).lean<UserDoc>();
  if (!user) throw rejected();
  if (user.deletedAt) throw loginFailure(403, ERROR_CODES.ACCOUNT_SUSPENDED, MESSAGES.auth.suspended);
  return ctx.tokens.sign({ id: user._id.toString(), isAdmin: user.isAdmin ?? false });
}

/** Accounts, not suspended, whose membership has not ended by `now` (the dashboard overview). */
export function countActiveMembers(now: Date): Promise<number> {
  return UserModel.countDocuments({ deletedAt: null, 'membership.end': trusted({ $gt: now }) });
}

/** Trainers who are not suspended (the dashboard overview). */
export function countTrainers(): Promise<number> {
  return UserModel.countDocuments({ deletedAt: null, isMonitor: true });
}

/** A demo member's membership, for the payment that bought it. */
export interface DemoMembership {
  user: Types.ObjectId;
  planName: string;
  start: Date;
  end: Date;
}

const DAY = 86_400_000;

/**
 * The demo accounts, into an empty users collection (nothing when it holds any). A demo member's
 * plan (looked up in `plans` by name) was bought ten days ago. Returns how many accounts were
 * written and the memberships they hold.
 */
/** The demo members' home sedes (DEMO_USERS' `homeBranchName`), once the sedes exist: by name. */
export async function seedDemoHomeBranches(branches: ReadonlyMap<string, Types.ObjectId>): Promise<void> {
  for (const user of DEMO_USERS) {
    const branch = user.homeBranchName ? branches.get(user.homeBranchName) : undefined;
    if (branch) await UserModel.updateOne({ email: user.email, homeBranch: null }, { $set: { homeBranch: branch } });
  }
}

export async function seedDemoUsers(
  passwords: { hash(password: string): Promise<string> },
  plans: ReadonlyMap<string, { _id: Types.ObjectId; name: string; duration: number }>,
): Promise<{ count: number; memberships: DemoMembership[] }> {
  if ((await UserModel.estimatedDocumentCount()) > 0) return { count: 0, memberships: [] };
  const now = Date.now();
  const users = await Promise.all(
    DEMO_USERS.map(async (u) => {
      const plan = u.plan ? plans.get(u.plan) : undefined;
      const start = new Date(now - 10 * DAY);
      const end = new Date(start);
      end.setMonth(end.getMonth() + (plan?.duration ?? 0));
      return {
        fullName: u.fullName,
        email: u.email,
        passwordHash: await passwords.hash(u.password),
        // The chain's own demo accounts, created by its staff.
        emailVerified: true,
        phone: u.phone,
        isAdmin: u.isAdmin ?? false,
        isMonitor: u.isMonitor ?? false,
        staffRole: u.staffRole ?? null,
        membership: plan ? { planId: plan._id, name: plan.name, start, end } : null,
      };
    }),
  );
  await UserModel.insertMany(users, { ordered: false }).catch(ignoreDuplicateKeys);
  // Read back, so that two processes seeding at once key the same (winning) accounts.
  const written = await UserModel.find(
    { email: trusted({ $in: users.map((u) => u.email) }) },
    { email: 1, membership: 1 },
  ).lean<Pick<UserDoc, '_id' | 'email' | 'membership'>[]>();
  await writeEmailKeys(written);
  const trainerEmails = new Set(users.filter((u) => u.isMonitor).map((u) => u.email));
  for (const { _id, email } of written) if (trainerEmails.has(email)) await syncTrainer(_id);
  const memberships = written.flatMap(({ _id, membership }) =>
    membership ? [{ user: _id, planName: membership.name, start: membership.start, end: membership.end }] : [],
  );
  return { count: users.length, memberships };
}

/** Trainers by full name, for the demo classes (the demo's names are unique). */
export async function demoTrainerIds(): Promise<Map<string, Types.ObjectId>> {
  const docs = await UserModel.find({ isMonitor: true }, { fullName: 1 }).lean<Pick<UserDoc, '_id' | 'fullName'>[]>();
  return new Map(docs.map((d) => [d.fullName, d._id]));
}

/** The id of the account with this e-mail, if any. */
export async function findUserIdByEmail(email: string): Promise<Types.ObjectId | null> {
  return (await findUserByEmail(normalizeEmail(email), { _id: 1 }))?._id ?? null;
}

/** Replaces a member's own class schedule (the demo member's). */
/** The active accounts holding a class in their schedule ('Añadir clase'): an administrator's audience (it reads the accounts). */
export async function scheduleHolders(lessonId: Types.ObjectId): Promise<string[]> {
  const docs = await UserModel.find({ lessons: lessonId, deletedAt: null }, { _id: 1 }).lean<UserDoc[]>();
  return docs.map((d) => d._id.toString());
}

export async function setSchedule(userId: Types.ObjectId, lessons: readonly Types.ObjectId[]): Promise<void> {
  await UserModel.updateOne({ _id: userId }, { $set: { lessons } });
}

/** What the member chose to be e-mailed (membership reminders are on unless switched off). */
export async function getPreferences(userId: string): Promise<PreferencesDto> {
  const user = await UserModel.findById(objectId(userId), { membershipReminders: 1, deletedAt: 1 }).lean<UserDoc>();
  if (!user || user.deletedAt) throw new HttpError(404, ERROR_CODES.NOT_FOUND, MESSAGES.users.notFound);
  return { membershipReminders: user.membershipReminders !== false };
}

/** Saves the member's e-mail preferences and answers them as stored. */
export async function setPreferences(userId: string, preferences: PreferencesDto): Promise<PreferencesDto> {
  // A suspended account keeps what it had (read first: a write by `_id` alone is a point write).
  await getPreferences(userId);
  await UserModel.updateOne(
    { _id: objectId(userId) },
    { $set: { membershipReminders: preferences.membershipReminders } },
  );
  return { membershipReminders: preferences.membershipReminders };
}

/** Lists every sign-in identity under its account (migration 007: identities linked before the lists). */
export async function listIdentityOwners(): Promise<number> {
  let count = 0;
  for await (const doc of IdentityModel.find({}).select('user').lean().cursor()) {
    await identityOwners.add(doc.user.toString(), String(doc._id));
    count += 1;
  }
  return count;
}

/** Whether the account signs in with Google too (point reads through its list of identities). */
export async function hasGoogleIdentity(userId: Types.ObjectId): Promise<boolean> {
  const ids = await identityOwners.ids(userId.toString());
  const docs = await Promise.all(ids.map((id) => IdentityModel.findById(id, { user: 1 }).lean()));
  // Only identities of this account count (a listed id whose insert lost its race names another's).
  return docs.some((doc) => doc?.user.equals(userId));
}

/** The member's renewing plan (payments/subscriptions.ts): set when one starts, cleared when it ends. */
export async function setMemberSubscription(userId: Types.ObjectId, subscription: string | null): Promise<void> {
  await UserModel.updateOne({ _id: userId }, { $set: { subscription } });
}

/** The member's renewing plan's id, if any (a point read). */
export async function memberSubscription(userId: Types.ObjectId): Promise<string | null> {
  const doc = await UserModel.findById(userId, { subscription: 1 }).lean<UserDoc>();
  return doc?.subscription ?? null;
}

/**
 * A failed renewal keeps the member's access until `until` (null: no longer), on the membership
 * that ends when the unpaid period would have started. A purchase paid meanwhile writes a new
 * membership, which has no grace.
 */
export async function setMembershipGrace(userId: Types.ObjectId, until: Date | null): Promise<void> {
  const doc = await UserModel.findById(userId, { membership: 1 }).lean<UserDoc>();
  if (!doc?.membership) return;
  if (until && until > doc.membership.end) {
    await UserModel.updateOne({ _id: userId }, { $set: { 'membership.graceUntil': until } });
  } else if (doc.membership.graceUntil) {
    await UserModel.updateOne({ _id: userId }, { $unset: { 'membership.graceUntil': 1 } });
  }
}
