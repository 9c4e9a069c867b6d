import { randomBytes } from 'node:crypto';
import type { Config } from '../config/env';
import { createContext } from '../lib/context';
import { UserModel } from '../modules/users/users.model';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  token: string;
}

/** Creates a user straight in the database and signs a token for them, as the app would. */
export async function createTestUser(
  config: Config,
  fields: {
    isAdmin?: boolean;
    isMonitor?: boolean;
    fullName?: string;
    membership?: { planId: unknown; name: string; start: Date; end: Date } | null;
    deletedAt?: Date | null;
  } = {},
): Promise<TestUser> {
  const ctx = createContext(config);
  const password = 'Secreta123';
  const email = `user-${randomBytes(5).toString('hex')}@example.com`;
  const doc = await UserModel.create({
    fullName: fields.fullName ?? 'Usuario Prueba',
    email,
    passwordHash: await ctx.passwords.hash(password),
    phone: '5512345678',
    isAdmin: fields.isAdmin ?? false,
    isMonitor: fields.isMonitor ?? false,
    membership: fields.membership ?? null,
    deletedAt: fields.deletedAt ?? null,
  });
  const id = doc._id.toString();
  return { id, email, password, token: ctx.tokens.sign({ id, isAdmin: fields.isAdmin ?? false }) };
}

export const bearer = (user: { token: string }) => ({ Authorization: `Bearer ${user.token}` });
