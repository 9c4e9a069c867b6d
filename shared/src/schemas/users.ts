import * as z from 'zod';
import { PHONE_DIGITS } from '../constants';
import { MESSAGES } from '../validation/messages';
import { field, isSelected, text, toText, whenTyped, wire, type FormChoice } from './core';
import { isDate } from '../sessions';
import { lessonSummary, membership } from './shared-dtos';
import { STAFF_ROLES, isStaffRole } from '../users/roles';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_RE = new RegExp(`^\\d{${PHONE_DIGITS}}$`);
const FULL_NAME_CHARS = /^[\p{L}\d\-(). ]+$/u;

/**
 * E-mails in one canonical form: Unicode NFKC (full-width or compatibility look-alikes fold to plain
 * letters), without invisible format characters (zero-width spaces and joiners, soft hyphens,
 * byte-order marks), trimmed and lower-cased. The server stores and compares this form.
 */
export function normalizeEmail(email: string): string {
  return email
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '')
    .trim()
    .toLowerCase();
}

/**
 * True when a part of the e-mail mixes Latin letters with Cyrillic or Greek ones ("еxample.com"
 * with a Cyrillic е): such an address only exists to pass for another one, as browsers judge
 * mixed-script domain names.
 */
export function isLookAlikeEmail(email: unknown): boolean {
  if (typeof email !== 'string') return false;
  return normalizeEmail(email)
    .split(/[@.]/)
    .some(
      (label) =>
        [/\p{Script=Latin}/u, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u].filter((re) => re.test(label)).length > 1,
    );
}

/** A well-formed address that does not pass for another one. */
export const isEmail = (email: string) => EMAIL_RE.test(email) && !isLookAlikeEmail(email);

/** An e-mail field's rules, judged in the form the server stores it (NFKC, no invisible characters). */
const emailText = <T extends z.ZodType<unknown, string>>(rules: T) =>
  z.preprocess(
    (v) =>
      toText(v)
        .normalize('NFKC')
        .replace(/\p{Cf}/gu, ''),
    rules,
  );

/** The password rules: required, a digit, a capital letter, at least 8 characters. */
const passwordRules = z
  .string()
  .min(1, MESSAGES.auth.passwordRequired)
  .regex(/\d/, MESSAGES.auth.passwordDigit)
  .regex(/\p{Lu}/u, MESSAGES.auth.passwordCapital)
  .min(8, MESSAGES.auth.passwordLength);

const rawText = (v: unknown) => (typeof v === 'string' ? v : '');
/** A new password: every password rule (passwords are never trimmed). */
const password = z.preprocess(rawText, passwordRules);
/** A password that may be left empty to keep the current one; when typed, every rule. */
const optionalPassword = z.preprocess(rawText, z.string().superRefine(whenTyped(passwordRules)));

/** The password rules' first message for a value, if it breaks one (registration, reset, profile, staff). */
export function passwordError(value: unknown): string | undefined {
  const result = password.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** The user form's name rule: required; letters, digits, hyphen, parentheses, space, dot. */
const fullName = text(
  z.string().min(1, MESSAGES.userForm.fullNameRequired).regex(FULL_NAME_CHARS, MESSAGES.userForm.fullNameChars),
);

/** 'Si'/'No' from the dashboard selectors, or JSON booleans; undefined for anything else. */
export function toBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 'Si' || value === 'true') return true;
  if (value === 'No' || value === 'false') return false;
  return undefined;
}

/** Every field a user form may send, by its wire type; a form adds its rules to the ones it judges. */
const userWire = {
  fullName: wire.text(),
  email: wire.text(),
  password: wire.text(),
  currentPassword: wire.text(),
  phone: wire.text(),
  isMonitor: wire.boolOrText(),
  isAdmin: wire.boolOrText(),
  homeBranch: wire.text(),
  staffRole: wire.text(),
};

/** The member's home sede ('Sede habitual'): a sede's id, or '' for none (the server checks it exists). */
const homeBranch = field(wire.text(), text(z.string().regex(/^([0-9a-f]{24})?$/i, MESSAGES.users.homeBranchUnknown)));

/** Sign-in (the spec's Login): both fields required. */
export const loginForm = z.object({
  email: field(wire.text(), text(z.string().min(1, MESSAGES.auth.loginRequired))),
  password: field(wire.text(), z.preprocess(rawText, z.string().min(1, MESSAGES.auth.loginRequired))),
});

const registerEmail = emailText(
  z.string().min(1, MESSAGES.auth.registerEmailRequired).refine(isEmail, { error: MESSAGES.auth.registerEmailFormat }),
);

/** Registration: e-mail and password. */
export const registerForm = z.object({
  ...userWire,
  email: field(wire.text(), registerEmail),
  password: field(wire.text(), password),
  homeBranch,
});

/**
 * Profile edit: the user form's name rule; a phone is optional (registration asks for none) but when
 * given it is digits only and exactly 10 of them; a new password follows the password rules
 * and needs the current one (a stolen session must not be enough to change it).
 */
export const profileForm = z
  .object({
    ...userWire,
    fullName: field(wire.text(), fullName),
    phone: field(
      wire.text(),
      text(
        z
          .string()
          .refine((p) => p === '' || /^\d+$/.test(p), { error: MESSAGES.auth.profilePhoneDigits })
          .refine((p) => p === '' || PHONE_RE.test(p), { error: MESSAGES.userForm.phoneFormat }),
      ),
    ),
    password: field(wire.text(), optionalPassword),
    homeBranch,
  })
  .superRefine((form, ctx) => {
    if (form.password !== '' && rawText(form.currentPassword) === '') {
      ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: MESSAGES.auth.currentPasswordRequired });
    }
  });

/** The user form's own fields (the spec's User form), admin create and edit. */
const userFormFields = {
  ...userWire,
  fullName: field(wire.text(), fullName),
  email: field(
    wire.text(),
    emailText(
      z.string().min(1, MESSAGES.userForm.emailRequired).refine(isEmail, { error: MESSAGES.userForm.emailFormat }),
    ),
  ),
  phone: field(
    wire.text(),
    text(z.string().min(1, MESSAGES.userForm.phoneRequired).regex(PHONE_RE, MESSAGES.userForm.phoneFormat)),
  ),
  homeBranch,
};

/**
 * The account's staff role ('Rol': '' none, 'manager' a sede manager, 'desk' the front desk); a staff
 * role works at the home sede, so it needs one, and an admin already reaches the whole chain.
 */
const staffRole = field(
  wire.text(),
  text(z.string().refine((r) => r === '' || isStaffRole(r), { error: MESSAGES.userForm.staffRoleInvalid })),
);
function staffRoleRules(form: { staffRole: string; homeBranch: string; isAdmin?: unknown }, ctx: z.RefinementCtx) {
  if (form.staffRole === '') return;
  if (form.homeBranch === '') {
    ctx.addIssue({ code: 'custom', path: ['homeBranch'], message: MESSAGES.userForm.staffBranchRequired });
  }
  if (toBoolean(form.isAdmin) === true) {
    ctx.addIssue({ code: 'custom', path: ['staffRole'], message: MESSAGES.userForm.staffRoleWithAdmin });
  }
}

/** An admin's user form: create sets a password; edit keeps the current one when it is left empty. */
export const userForm = {
  create: z
    .object({ ...userFormFields, staffRole, password: field(wire.text(), password) })
    .superRefine(staffRoleRules),
  edit: z
    .object({ ...userFormFields, staffRole, password: field(wire.text(), optionalPassword) })
    .superRefine(staffRoleRules),
};

const m = MESSAGES.trainerForm;
const trainerFields = {
  ...userWire,
  fullName: field(
    wire.text(),
    text(
      z
        .string()
        .min(1, m.nameRequired)
        .refine((n) => !/\d/.test(n), { error: m.nameNoDigits })
        .max(40, m.nameTooLong),
    ),
  ),
  email: field(wire.text(), emailText(z.string().refine(isEmail, { error: m.emailInvalid }))),
  phone: field(wire.text(), text(z.string().regex(PHONE_RE, m.phoneInvalid))),
  homeBranch,
};
const choice = z.unknown().refine(isSelected, { error: m.selectRequired });

/**
 * Trainer create and edit (the spec's Trainer form). The password follows the password rules like
 * every other form that sets one; on edit an empty password keeps the current one.
 */
export const trainerForm = {
  create: z.object({
    ...trainerFields,
    password: field(wire.text(), z.preprocess(rawText, z.string().min(1, m.passwordRequired).pipe(passwordRules))),
    isMonitor: field(wire.boolOrText(), choice),
    isAdmin: field(wire.boolOrText(), choice),
  }),
  edit: z.object({ ...trainerFields, password: field(wire.text(), optionalPassword) }),
};

/**
 * The form an admin's user request is judged by: the trainer form's rules when the account is a
 * trainer, else the user form's.
 */
export function adminUserForm(input: { isMonitor?: unknown }, mode: 'create' | 'edit') {
  return toBoolean(input.isMonitor) === true ? trainerForm[mode] : userForm[mode];
}

/**
 * POST /users/create: registration for anyone; an admin's user or trainer form for staff who manage
 * accounts (`staff`: an admin, or a sede manager for their sede's members).
 */
export const userCreate: FormChoice<{ staff: boolean }> = {
  fields: registerForm,
  choose: (caller, input) => (caller.staff ? adminUserForm(input, 'create') : registerForm),
};

/**
 * PUT /users/update/:id: the profile form for one's own profile (an admin sending it is recognised
 * by the e-mail it does not send); the admin form's rules when an admin edits through the dashboard.
 */
export const userUpdate: FormChoice<{ staff: boolean; self: boolean }> = {
  fields: profileForm,
  choose: (caller, input) =>
    caller.staff && !(caller.self && input.email === undefined) ? adminUserForm(input, 'edit') : profileForm,
};

/** 'Olvidé mi contraseña': the registration e-mail rules. */
export const forgotForm = z.object({ email: field(wire.text(), registerEmail) });

/** A new password through a reset link. */
export const resetForm = z.object({
  password: field(wire.text(), password),
  token: field(wire.text(), z.preprocess(rawText, z.string().regex(/^[\w-]{20,100}$/, MESSAGES.auth.resetInvalid))),
});

/** Google's button sends its credential (a signed ID token). */
export const googleForm = z.object({
  credential: field(wire.text(), z.preprocess(rawText, z.string().min(1, MESSAGES.auth.googleRejected))),
});

/** An admin adds a class to a member's schedule (`idUser`; a member's own when absent). */
export const addLessonForm = z.object({ idUser: wire.text() });

/** The member's own e-mail preferences (PUT /users/preferences). */
export const preferencesForm = z.object({
  membershipReminders: field(
    wire.boolOrText(),
    z.unknown().refine((v) => toBoolean(v) !== undefined, { error: MESSAGES.users.preferencesInvalid }),
  ),
});

/**
 * Erasing one's own account: the password confirms it (the e-mail, for an account that signs in
 * with Google only). Which one is needed is the server's to say: it knows the account.
 */
export const erasureForm = z.object({
  password: wire.text(),
  email: wire.text(),
});

/** Pausing a membership (POST /users/pause/:id): its first day and how many days. */
export const pauseForm = z.object({
  from: field(wire.text(), text(z.string().refine(isDate, { error: MESSAGES.pauses.fromInvalid }))),
  days: field(
    wire.textOrNumber(),
    text(
      z
        .string()
        .regex(/^\d{1,3}$/, MESSAGES.pauses.daysInvalid)
        .transform(Number),
    ),
  ),
});

/** The actions on a selection of the users list, and how many users one request may hold. */
export const BULK_USER_ACTIONS = ['grant', 'pause', 'suspend'] as const;
export type BulkUserAction = (typeof BULK_USER_ACTIONS)[number];
export const BULK_USERS_MAX = 100;

const OBJECT_ID = /^[0-9a-f]{24}$/i;

/**
 * An action on a selection of the users list: 'grant' a plan paid at the desk (`planId`), 'pause'
 * (`from`, `days`), 'suspend'. `requestId` names the request, so the same one sent twice grants once.
 * What an action needs besides is checked by the server, under its field.
 */
export const bulkUsersForm = z.object({
  action: field(wire.text(), text(z.enum(BULK_USER_ACTIONS, { error: MESSAGES.users.bulk.actionRequired }))),
  ids: field(
    wire.idList(BULK_USERS_MAX),
    z
      .array(z.string(), { error: MESSAGES.users.bulk.noneSelected })
      .min(1, MESSAGES.users.bulk.noneSelected)
      .max(BULK_USERS_MAX, MESSAGES.users.bulk.tooMany(BULK_USERS_MAX))
      .refine((ids) => ids.every((id) => OBJECT_ID.test(id)), { error: MESSAGES.users.bulk.noneSelected }),
  ),
  requestId: field(wire.text(), text(z.string().regex(/^[\w-]{8,64}$/, MESSAGES.users.bulk.requestId))),
  planId: field(wire.text(), text(z.string().max(24))),
  from: field(wire.text(), text(z.string().max(10))),
  days: field(wire.textOrNumber(), text(z.string().max(3))),
});

/** What a bulk action did: for whom it was done, and for whom not and why. */
export const bulkUsersResult = z.object({
  message: z.string(),
  done: z.array(z.object({ id: z.string(), name: z.string() })),
  failed: z.array(z.object({ id: z.string(), name: z.string(), message: z.string() })),
});

// ---------- answers ----------

const membershipStatus = z.enum(['Activo', 'Inactivo']);
const nameRef = z.object({ id: z.string(), name: z.string() });
z.globalRegistry.add(nameRef, { id: 'NameRef' });

export const userDetail = z.object({
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  isMonitor: z.boolean(),
  isAdmin: z.boolean(),
  /** A sede manager's or front desk's role (their sede is their home sede); null for everyone else. */
  staffRole: z.enum(STAFF_ROLES).nullable(),
  /** The member's own class schedule. */
  lessonDetails: z.array(lessonSummary),
});
z.globalRegistry.add(userDetail, { id: 'UserDetail' });

/** GET /users/:id: the fields arrive on the user and again under `detalle`. */
export const user = userDetail.extend({
  id: z.string(),
  deletedAt: z.string().nullable(),
  /** When its holder erased the account (it is then anonymised and suspended for good); else null. */
  erasedAt: z.string().nullable(),
  statusMembershipIdStatus: membershipStatus,
  membresia: membership.nullable(),
  /** The member's home sede ('Sede habitual'), null when none was chosen (or it was deleted). */
  homeBranch: nameRef.nullable(),
  detalle: userDetail,
  /** Classes this user teaches (trainers' 'Mis Clases'). */
  monitorLessons: z.array(lessonSummary),
});
z.globalRegistry.add(user, { id: 'User' });

/** A row of GET /users and /users/deleted. */
export const userListItem = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  isMonitor: z.boolean(),
  isAdmin: z.boolean(),
  staffRole: z.enum(STAFF_ROLES).nullable(),
  deletedAt: z.string().nullable(),
  /** When its holder erased the account (shown as such in the suspended users' table); else null. */
  erasedAt: z.string().nullable(),
  /** Spelled as the spec's users table reads it. */
  statusMemberShipIdStatus: membershipStatus,
  membresia: membership.nullable(),
  homeBranch: nameRef.nullable(),
  lessonDetails: z.array(nameRef),
});
z.globalRegistry.add(userListItem, { id: 'UserListItem' });

/** A trainer as the trainer list and the lesson form show them; the e-mail tells namesakes apart. */
export const trainer = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  lessonDetails: z.array(nameRef),
});
z.globalRegistry.add(trainer, { id: 'Trainer' });

/** GET /users/monitor: every trainer, under the key the spec's client reads. */
export const trainerList = z.object({ monitor: z.array(trainer) });

export const loginResponse = z.object({
  login: z.object({ success: z.boolean(), token: z.string().nullable(), message: z.string() }),
});

export const createUserResponse = z.object({
  success: z.boolean(),
  /** `token`: the new member's session after a registration (none when an admin creates an account). */
  user: z.object({ id: z.string(), token: z.string().optional() }),
  message: z.string(),
});

/** PUT /users/update/:id; `token` is a new session for a caller who changed their own password. */
export const userUpdated = z.object({
  success: z.boolean(),
  message: z.string(),
  user,
  token: z.string().optional(),
});

/** 'Añadir clase' done (the spec's client reads `exito`). */
export const lessonAdded = z.object({ exito: z.string() });

/** What the member chose to be e-mailed: before their membership ends and when it lapsed. */
export const preferences = z.object({ membershipReminders: z.boolean() });
z.globalRegistry.add(preferences, { id: 'Preferences' });
export const preferencesSaved = z.object({ message: z.string(), preferences });

/** A pause taken: what it did, and the membership after it. */
export const pauseSaved = z.object({ message: z.string(), membresia: membership });
export type PreferencesDto = z.infer<typeof preferences>;

export type MembershipStatusLabel = z.infer<typeof membershipStatus>;
export type UserDetailDto = z.infer<typeof userDetail>;
export type UserDto = z.infer<typeof user>;
export type UserListItemDto = z.infer<typeof userListItem>;
export type TrainerDto = z.infer<typeof trainer>;
export type LoginResponseDto = z.infer<typeof loginResponse>;
export type CreateUserResponseDto = z.infer<typeof createUserResponse>;
