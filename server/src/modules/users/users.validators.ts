import { schemas } from '@pulso/shared';
import { JudgedForm } from '../../lib/route-table';

const loginLegacy = { legacy: (message: string) => ({ login: { success: false, token: null, message } }) };
const userLegacy = { legacy: (message: string) => ({ success: false, message }) };

export const loginBody = JudgedForm.of(schemas.loginForm, loginLegacy);

/** Registration for anyone; the admin's user or trainer form when an admin creates the account. */
export const createUserBody = JudgedForm.of(schemas.userCreate, {
  caller: (req) => ({ isAdmin: req.user?.isAdmin === true }),
  ...userLegacy,
});

/** One's own profile form, or the admin's form when an admin edits through the dashboard. */
export const updateUserBody = JudgedForm.of(schemas.userUpdate, {
  caller: (req) => ({ isAdmin: req.user?.isAdmin === true, self: req.user?.id === req.params.id }),
  ...userLegacy,
});
