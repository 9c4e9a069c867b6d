import {
  MESSAGES,
  passwordError,
  validateAdminUserForm,
  validateLogin,
  validateProfile,
  validateRegister,
  type FieldErrors,
} from '@pulso/shared';
import { validateBody } from '../../lib/validate';

/** What the user forms may send; anything else never reaches a controller. */
const USER_FIELDS = {
  fullName: 'string',
  email: 'string',
  password: 'string',
  currentPassword: 'string',
  phone: 'string',
  isMonitor: 'booleanOrString',
  isAdmin: 'booleanOrString',
} as const;

export const loginValidator = validateBody({ email: 'string', password: 'string' }, (input) => validateLogin(input), {
  legacy: (message) => ({ login: { success: false, token: null, message } }),
});

/** Registration rules for anyone; admin rules when an admin creates the account (DESIGN.md). */
export const createUserValidator = validateBody(
  USER_FIELDS,
  (input, req) => (req.user?.isAdmin ? validateAdminUserForm(input, 'create') : validateRegister(input)),
  { legacy: (message) => ({ success: false, message }) },
);

/**
 * The profile form's rules for one's own profile (name, phone, password; an admin sending it is
 * recognised by the e-mail it does not send); the admin form's rules when an admin edits through
 * the dashboard.
 */
export const updateUserValidator = validateBody(
  USER_FIELDS,
  (input, req) =>
    req.user?.isAdmin && !(req.user.id === req.params.id && input.email === undefined)
      ? validateAdminUserForm(input, 'edit')
      : validateProfile(input),
  { legacy: (message) => ({ success: false, message }) },
);

export const addLessonValidator = validateBody({ idUser: 'string' });

export const googleValidator = validateBody({ credential: 'string' }, (input): FieldErrors =>
  typeof input.credential === 'string' && input.credential !== '' ? {} : { credential: MESSAGES.auth.googleRejected },
);

export const forgotValidator = validateBody({ email: 'string' }, (input): FieldErrors => {
  const errors = validateRegister({ email: input.email, password: 'Valida123' });
  return errors.email ? { email: errors.email } : {};
});

export const resetValidator = validateBody({ token: 'string', password: 'string' }, (input): FieldErrors => {
  const problem = passwordError(input.password);
  const errors: FieldErrors = problem ? { password: problem } : {};
  if (typeof input.token !== 'string' || !/^[\w-]{20,100}$/.test(input.token))
    errors.token = MESSAGES.auth.resetInvalid;
  return errors;
});
