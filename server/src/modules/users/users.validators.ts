import { schemas } from '@pulso/shared';
import { validate } from '../../lib/validate';

const loginLegacy = { legacy: (message: string) => ({ login: { success: false, token: null, message } }) };
const userLegacy = { legacy: (message: string) => ({ success: false, message }) };

export const loginValidator = validate(schemas.loginForm, loginLegacy);

/** Registration for anyone; the admin's user or trainer form when an admin creates the account. */
export const createUserValidator = validate(schemas.userCreate, {
  caller: (req) => ({ isAdmin: req.user?.isAdmin === true }),
  ...userLegacy,
});

/** One's own profile form, or the admin's form when an admin edits through the dashboard. */
export const updateUserValidator = validate(schemas.userUpdate, {
  caller: (req) => ({ isAdmin: req.user?.isAdmin === true, self: req.user?.id === req.params.id }),
  ...userLegacy,
});

export const addLessonValidator = validate(schemas.addLessonForm);
export const googleValidator = validate(schemas.googleForm);
export const forgotValidator = validate(schemas.forgotForm);
export const resetValidator = validate(schemas.resetForm);
