import { schemas } from '@pulso/shared';
import type { Request } from 'express';
import { JudgedForm } from '../../lib/route-table';

/** Who fills the dashboard's user forms: admins, and sede managers for their sede's members. */
export const managesAccounts = (req: Request) => req.user?.role === 'admin' || req.user?.role === 'manager';

const loginLegacy = { legacy: (message: string) => ({ login: { success: false, token: null, message } }) };
const userLegacy = { legacy: (message: string) => ({ success: false, message }) };

export const loginBody = JudgedForm.of(schemas.loginForm, loginLegacy);

/** Registration for anyone; the admin's user or trainer form when an admin creates the account. */
export const createUserBody = JudgedForm.of(schemas.userCreate, {
  caller: (req) => ({ staff: managesAccounts(req) }),
  ...userLegacy,
});

/** One's own profile form, or the admin's form when an admin edits through the dashboard. */
export const updateUserBody = JudgedForm.of(schemas.userUpdate, {
  caller: (req) => ({ staff: managesAccounts(req), self: req.user?.id === req.params.id }),
  ...userLegacy,
});
