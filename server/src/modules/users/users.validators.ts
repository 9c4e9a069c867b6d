import {
  MESSAGES,
  passwordError,
  validateLogin,
  validateProfile,
  validateRegister,
  validateTrainerForm,
  validateUserForm,
  type FieldErrors,
} from '@pulso/shared';
import { validateBody } from '../../lib/validate';

/** 'Si'/'No' from the dashboard selectors, or JSON booleans. */
export function toBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 'Si' || value === 'true') return true;
  if (value === 'No' || value === 'false') return false;
  return undefined;
}

/** Admin forms: the trainer form's rules when the account is a trainer, else the user form's. */
function adminFormRules(input: Record<string, unknown>, mode: 'create' | 'edit'): FieldErrors {
  if (toBoolean(input.isMonitor) === true) return validateTrainerForm(input, mode);
  const errors = validateUserForm(input);
  const password = input.password;
  const passwordProblem =
    mode === 'create' || (typeof password === 'string' && password !== '') ? passwordError(password) : undefined;
  return passwordProblem ? { ...errors, password: passwordProblem } : errors;
}

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

/** Registration rules for anyone; admin rules when an admin creates the account (DESIGN.md). */
export const createUserValidator = validateBody(
  USER_FIELDS,
  (input, req) => (req.user?.isAdmin ? adminFormRules(input, 'create') : validateRegister(input)),
  { legacy: (message) => ({ success: false, message }) },
);

/** Self = profile rules (name, phone, password); admin = the admin form's rules. */
export const updateUserValidator = validateBody(
  USER_FIELDS,
  (input, req) => (req.user?.isAdmin ? adminFormRules(input, 'edit') : validateProfile(input)),
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
