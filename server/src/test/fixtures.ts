import { randomBytes } from 'node:crypto';
import { Types } from 'mongoose';
import { WEEKDAYS } from '@pulso/shared';
import type { Config } from '../config/env';
import { TokenService } from '../lib/jwt';
import { PasswordHasher } from '../lib/password';
import { writeEmailKeys } from '../modules/users/account-keys.service';
import { UserModel } from '../modules/users/users.model';
import { syncTrainer } from '../modules/users/trainer-directory';

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
    /** A sede manager or front desk (with `homeBranch`, their sede). */
    staffRole?: 'manager' | 'desk' | null;
    homeBranch?: unknown;
  } = {},
): Promise<TestUser> {
  // In-thread hashing and the app's own token settings, without building a whole app context.
  const passwords = new PasswordHasher(config.bcryptCost, 0);
  const tokens = new TokenService(config.jwtSecret, config.jwtExpiresIn);
  const password = 'Secreta123';
  const email = `user-${randomBytes(5).toString('hex')}@example.com`;
  const doc = await UserModel.create({
    fullName: fields.fullName ?? 'Usuario Prueba',
    email,
    passwordHash: await passwords.hash(password),
    phone: '5512345678',
    isAdmin: fields.isAdmin ?? false,
    isMonitor: fields.isMonitor ?? false,
    membership: fields.membership ?? null,
    deletedAt: fields.deletedAt ?? null,
    staffRole: fields.staffRole ?? null,
    homeBranch: fields.homeBranch ?? null,
  });
  // Its e-mail key, as registration writes it: accounts are found by e-mail through it.
  await writeEmailKeys([doc]);
  // A trainer is in the trainers' directory, as the admin's form puts them there.
  if (doc.isMonitor) await syncTrainer(doc._id);
  const id = doc._id.toString();
  return { id, email, password, token: tokens.sign({ id, isAdmin: fields.isAdmin ?? false }) };
}

/**
 * A class's fields for `LessonModel.create`: placeholder texts, 9:00 to 10:00 and new trainer and sede
 * ids, with `fields` on top.
 */
export function lessonFields(name: string, fields: Record<string, unknown> = {}) {
  return {
    name,
    shortDescription: 'Corta',
    description: 'Larga',
    effort: 3,
    scheduleHourStart: '9:00',
    scheduleHourFinish: '10:00',
    monitor: new Types.ObjectId(),
    office: new Types.ObjectId(),
    ...fields,
  };
}

/** A sede's fields for `BranchModel.create`: open every day from 6:00 to 23:00, with `fields` on top. */
export function branchFields(name: string, location: string, fields: Record<string, unknown> = {}) {
  return {
    name,
    location,
    scheduleDays: [...WEEKDAYS],
    scheduleHourStart: '6:00',
    scheduleHourFinish: '23:00',
    ...fields,
  };
}

export const bearer = (user: { token: string }) => ({ Authorization: `Bearer ${user.token}` });
