import type { FieldErrors } from '../api';
import {
  HALF_HOUR_CHOICES,
  hourToMinutes,
  IMAGE_EXTENSIONS,
  PHONE_DIGITS,
  startHourChoices,
  WEEKDAYS,
  WHOLE_HOUR_CHOICES,
} from '../constants';
import { MESSAGES } from './messages';

/**
 * The validation rules of SPEC.md §5, one pure function per form. Each returns the first failing
 * message per field (an empty object when valid). The server runs the same functions, so the client
 * and the API always say the same words.
 */

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_RE = new RegExp(`^\\d{${PHONE_DIGITS}}$`);

type Input = Record<string, unknown>;

function text(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** E-mails are judged in the form the server stores them: NFKC (full-width look-alikes fold). */
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
function isEmail(email: string): boolean {
  return EMAIL_RE.test(email) && !isLookAlikeEmail(email);
}

function emailText(value: unknown): string {
  return text(value)
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '');
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value.filter((v) => text(v) !== '') : [];
}

/** Chosen weekdays; empty when any is not a day of WEEKDAYS. */
function weekdays(value: unknown): unknown[] {
  const days = list(value);
  return days.every((d) => (WEEKDAYS as readonly unknown[]).includes(d)) ? days : [];
}

/** 'Seleccione' (or nothing) counts as empty in every select of the spec. */
export const SELECT_PLACEHOLDER = 'Seleccione';
function selected(value: unknown): boolean {
  if (typeof value === 'boolean') return true;
  const t = text(value);
  return t !== '' && t !== SELECT_PLACEHOLDER;
}

function collect(checks: Record<string, string | undefined | false>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, message] of Object.entries(checks)) {
    if (message) errors[field] = message;
  }
  return errors;
}

/** Returns the first message whose condition holds. */
function first(...pairs: [boolean, string][]): string | undefined {
  return pairs.find(([failed]) => failed)?.[1];
}

export function hasImageExtension(fileName: string): boolean {
  const ext = fileName.split('.').pop()?.toLowerCase() ?? '';
  return (IMAGE_EXTENSIONS as readonly string[]).includes(ext);
}

/** User form, admin create and edit (SPEC §5 "User form"). */
export function validateUserForm(input: Input): FieldErrors {
  const m = MESSAGES.userForm;
  const fullName = text(input.fullName);
  const email = emailText(input.email);
  const phone = text(input.phone);
  return collect({
    fullName: fullNameError(fullName),
    email: first([email === '', m.emailRequired], [!isEmail(email), m.emailFormat]),
    phone: first([phone === '', m.phoneRequired], [!PHONE_RE.test(phone), m.phoneFormat]),
  });
}

/** Password rules shared by registration, profile edit and the admin forms (SPEC §5). */
export function passwordError(value: unknown): string | undefined {
  const m = MESSAGES.auth;
  const password = typeof value === 'string' ? value : '';
  return first(
    [password === '', m.passwordRequired],
    [!/\d/.test(password), m.passwordDigit],
    [!/\p{Lu}/u.test(password), m.passwordCapital],
    [password.length < 8, m.passwordLength],
  );
}

export function validateLogin(input: Input): FieldErrors {
  const m = MESSAGES.auth;
  return collect({
    email: text(input.email) === '' && m.loginRequired,
    password: (typeof input.password !== 'string' || input.password === '') && m.loginRequired,
  });
}

export function validateRegister(input: Input): FieldErrors {
  const m = MESSAGES.auth;
  const email = emailText(input.email);
  return collect({
    email: first([email === '', m.registerEmailRequired], [!isEmail(email), m.registerEmailFormat]),
    password: passwordError(input.password),
  });
}

/** The user form's name rule (SPEC §5): required; letters, digits, hyphen, parentheses, space, dot. */
function fullNameError(fullName: string): string | undefined {
  const m = MESSAGES.userForm;
  return first([fullName === '', m.fullNameRequired], [!/^[\p{L}\d\-(). ]+$/u.test(fullName), m.fullNameChars]);
}

/**
 * Profile edit: the user form's name rule; a phone is optional (registration asks for none) but when
 * given it is digits only and exactly 10 of them (SPEC §5, §9); a new password follows the password
 * rules and needs the current one (a stolen session must not be enough to change it).
 */
export function validateProfile(input: Input): FieldErrors {
  const phone = text(input.phone);
  const password = input.password;
  const changing = typeof password === 'string' && password !== '';
  const current = input.currentPassword;
  return collect({
    fullName: fullNameError(text(input.fullName)),
    phone: first(
      [phone !== '' && !/^\d+$/.test(phone), MESSAGES.auth.profilePhoneDigits],
      [phone !== '' && !PHONE_RE.test(phone), MESSAGES.userForm.phoneFormat],
    ),
    password: changing && passwordError(password),
    currentPassword:
      changing && (typeof current !== 'string' || current === '') && MESSAGES.auth.currentPasswordRequired,
  });
}

/** 'Si'/'No' from the dashboard selectors, or JSON booleans; undefined for anything else. */
export function toBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 'Si' || value === 'true') return true;
  if (value === 'No' || value === 'false') return false;
  return undefined;
}

/**
 * An admin's user form (create or edit): the trainer form's rules when the account is a trainer,
 * else the user form's plus the password rules (on edit an empty password keeps the current one).
 */
export function validateAdminUserForm(input: Input, mode: 'create' | 'edit'): FieldErrors {
  if (toBoolean(input.isMonitor) === true) return validateTrainerForm(input, mode);
  const errors = validateUserForm(input);
  const password = input.password;
  const passwordProblem =
    mode === 'create' || (typeof password === 'string' && password !== '') ? passwordError(password) : undefined;
  return passwordProblem ? { ...errors, password: passwordProblem } : errors;
}

/**
 * Trainer create and edit (SPEC §5 "Trainer form"). The password follows the password rules of §9
 * like every other form that sets one; on edit an empty password keeps the current one.
 */
export function validateTrainerForm(input: Input, mode: 'create' | 'edit'): FieldErrors {
  const m = MESSAGES.trainerForm;
  const name = text(input.fullName);
  const creating = mode === 'create';
  const password = input.password;
  const typed = typeof password === 'string' && password !== '';
  return collect({
    fullName: first(
      [name === '', m.nameRequired],
      [/\d/.test(name), m.nameNoDigits],
      [name.length > 40, m.nameTooLong],
    ),
    email: !isEmail(emailText(input.email)) && m.emailInvalid,
    phone: !PHONE_RE.test(text(input.phone)) && m.phoneInvalid,
    password: typed ? passwordError(password) : creating && m.passwordRequired,
    isMonitor: creating && !selected(input.isMonitor) && m.selectRequired,
    isAdmin: creating && !selected(input.isAdmin) && m.selectRequired,
  });
}

/**
 * Only the choices the forms offer are valid hours (whole hours for sedes, half hours for classes);
 * the last choice (24:00) ends a day and starts nothing.
 */
function hourErrors(
  start: unknown,
  finish: unknown,
  messages: { hourStartRequired: string; hourFinishRequired: string; hourOrder: string },
  choices: readonly string[],
): { scheduleHourStart?: string; scheduleHourFinish?: string } {
  const s = text(start);
  const f = text(finish);
  const sMin = startHourChoices(choices).includes(s) ? hourToMinutes(s) : Number.NaN;
  const fMin = choices.includes(f) ? hourToMinutes(f) : Number.NaN;
  return {
    scheduleHourStart: first([s === '' || Number.isNaN(sMin), messages.hourStartRequired]),
    scheduleHourFinish: first(
      [f === '' || Number.isNaN(fMin), messages.hourFinishRequired],
      [!Number.isNaN(sMin) && fMin <= sMin, messages.hourOrder],
    ),
  };
}

/** Lesson create and edit (SPEC §5 "Lesson form"). `image` is a file name or URL when present. */
/**
 * A class's name as it is stored and looked up: trimmed, in Unicode NFC (an accent typed as a
 * separate combining mark joins its letter, so 'Aeróbicos' is one spelling however it was typed).
 */
export function lessonName(value: unknown): string {
  return text(value).normalize('NFC');
}

/**
 * The key two class names are compared by for uniqueness: without accents, case or repeated spaces,
 * so 'Yoga Prenatal', 'yoga prenatal' and 'Yóga Prenatal' are one name (a class page is addressed by it).
 */
export function lessonNameKey(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Letters (accents included) and hyphens, in words separated by single spaces (issue 18). */
const LESSON_NAME_CHARS = /^[\p{L}\- ]+$/u;

export function validateLessonForm(input: Input, options: { requireImage: boolean }): FieldErrors {
  const m = MESSAGES.lessonForm;
  const name = lessonName(input.name);
  const description = text(input.description);
  const short = text(input.shortDescription);
  const effort = text(input.effort);
  const image = text(input.image);
  return collect({
    name: first(
      [name === '', m.nameRequired],
      [!LESSON_NAME_CHARS.test(name), m.nameLetters],
      [name.includes('  '), m.nameSpaces],
      [name.length <= 3, m.nameTooShort],
      [name.length >= 20, m.nameTooLong],
    ),
    description: first(
      [description === '', m.descriptionRequired],
      [description.length < 3 || description.length > 200, m.descriptionLength],
    ),
    shortDescription: first(
      [short === '', m.shortDescriptionRequired],
      [short.length < 3 || short.length > 50, m.shortDescriptionLength],
    ),
    effort: first([effort === '', m.effortRequired], [!/^[1-5]$/.test(effort), m.effortRange]),
    image: first(
      [options.requireImage && image === '', m.imageRequired],
      [image !== '' && !/^https?:\/\//.test(image) && !hasImageExtension(image), m.imageType],
    ),
    ...hourErrors(input.scheduleHourStart, input.scheduleHourFinish, m, HALF_HOUR_CHOICES),
    isAvailable: !selected(input.isAvailable) && m.isAvailableRequired,
    monitor: !selected(input.monitor) && m.monitorRequired,
    branchoffice:
      !selected(Array.isArray(input.branchoffice) ? input.branchoffice[0] : input.branchoffice) && m.branchRequired,
    scheduleDays: weekdays(input.scheduleDays).length === 0 && m.daysRequired,
    types: list(input.types).length === 0 && m.typesRequired,
    goals: list(input.goals).length === 0 && m.goalsRequired,
  });
}

/** Branch office create and edit (SPEC §5 "Branch form"). */
export function validateBranchForm(input: Input, options: { requireImage: boolean }): FieldErrors {
  const m = MESSAGES.branchForm;
  const name = text(input.name);
  const location = text(input.location);
  const image = text(input.image);
  return collect({
    name: first(
      [name === '', m.nameRequired],
      [!/^[\p{L} ]+$/u.test(name), m.nameLetters],
      [name.length < 3, m.nameTooShort],
    ),
    location: first(
      [location === '', m.addressRequired],
      [!/^[\p{L}\d\s]+$/u.test(location), m.addressChars],
      [location.length < 5, m.addressTooShort],
    ),
    scheduleDays: weekdays(input.scheduleDays).length === 0 && m.daysRequired,
    ...hourErrors(input.scheduleHourStart, input.scheduleHourFinish, m, WHOLE_HOUR_CHOICES),
    image: first(
      [options.requireImage && image === '', m.imageRequired],
      [image !== '' && !/^https?:\/\//.test(image) && !hasImageExtension(image), MESSAGES.lessonForm.imageType],
    ),
  });
}

/** Plan create and edit (SPEC §5 "Plan form"). */
/** Separates one benefit of a plan from the next in its one `benefits` text. */
export const BENEFITS_SEPARATOR = ',';

/** A plan's benefits as the list pages show: 'Todas las sedes, Nutricionista' → two items. */
export function benefitList(benefits: string): string[] {
  return benefits
    .split(BENEFITS_SEPARATOR)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/**
 * Plan form (SPEC §5): benefits are letters, digits and spaces, and commas may separate several
 * (no empty benefit between them).
 */
export function validatePlanForm(input: Input): FieldErrors {
  const m = MESSAGES.planForm;
  const name = text(input.name);
  const benefits = text(input.benefits);
  const duration = text(input.duration);
  const price = text(input.price);
  return collect({
    name: first([name === '', m.nameRequired], [!/^[\p{L} ,]+$/u.test(name), m.nameLetters]),
    benefits: first(
      [benefits === '', m.benefitsRequired],
      [!/^[\p{L}\d ]*[\p{L}\d][\p{L}\d ]*(,[\p{L}\d ]*[\p{L}\d][\p{L}\d ]*)*$/u.test(benefits), m.benefitsChars],
    ),
    duration: first([duration === '', m.durationRequired], [!/^[1-9]\d{0,2}$/.test(duration), m.durationFormat]),
    price: first([price === '', m.priceRequired], [!/^\d{1,9}(\.\d{1,2})?$/.test(price), m.priceFormat]),
  });
}

/** Contact form: name, subject and a valid e-mail are required; company and message are optional. */
export function validateContactForm(input: Input): FieldErrors {
  const m = MESSAGES.contactForm;
  const email = emailText(input.email);
  return collect({
    name: text(input.name) === '' && m.nameRequired,
    subject: text(input.subject) === '' && m.subjectRequired,
    email: first([email === '', m.emailRequired], [!isEmail(email), m.emailFormat]),
  });
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}
