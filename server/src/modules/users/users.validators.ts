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
import { isLookAlikeEmail } from './users.service';

/** What the user forms may send; anything else never reaches a controller. */
const USER_FIELDS = {
  fullName: 'string',
  email: 'string',
  password: 'string',
  phone: 'string',
  isMonitor: 'booleanOrString',
  isAdmin: 'booleanOrString',
} as const;

export const loginValidator = validateBody({ email: 'string', password: 'string' }, (input) => validateLogin(input), {
  legacy: (message) => ({ login: { success: false, token: null, message } }),
});

/**
 * A form's rules plus one the shared rules cannot see: an e-mail that mixes scripts to pass for
 * another account's is refused with the form's own "invalid e-mail" message.
 */
function withLookAlikeCheck(rules: (input: Record<string, unknown>) => FieldErrors) {
  return (input: Record<string, unknown>): FieldErrors => {
    const errors = rules(input);
    if (!errors.email && isLookAlikeEmail(input.email)) {
      const message = rules({ ...input, email: 'no-es-un-email' }).email;
      if (message) errors.email = message;
    }
    return errors;
  };
}

/** Registration rules for anyone; admin rules when an admin creates the account (DESIGN.md). */
export const createUserValidator = validateBody(
  USER_FIELDS,
  (input, req) =>
    withLookAlikeCheck((i) => (req.user?.isAdmin ? validateAdminUserForm(i, 'create') : validateRegister(i)))(input),
  { legacy: (message) => ({ success: false, message }) },
);

/** Self = profile rules (name, phone, password); admin = the admin form's rules. */
export const updateUserValidator = validateBody(
  USER_FIELDS,
  (input, req) =>
    req.user?.isAdmin ? withLookAlikeCheck((i) => validateAdminUserForm(i, 'edit'))(input) : validateProfile(input),
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
