import mongoose, { Types } from 'mongoose';
import { isDuplicateKeyError } from '../../lib/db';
import { EMAIL_KEYS_COLLECTION, IDENTITIES_COLLECTION, emailKeyDocs, googleIdentityId } from './account-keys';
import { EmailKeyModel, type EmailKey } from './account-keys.model';
import { UserModel, type UserDoc } from './users.model';

/**
 * How long a key may point to an account that does not (yet) hold its address: the registration or
 * e-mail change that inserted it is still writing the user. Past it, such a key is left over from a
 * step that failed or crashed, counts as absent and may be replaced.
 */
export const KEY_SETTLE_MS = 60_000;

/**
 * The account whose (normalized) e-mail is `email`: its key by `_id`, then the user by `_id`, two
 * point reads whatever the number of accounts. A key whose user no longer has that address is
 * ignored. `withPassword` adds the password hash, which is never selected otherwise.
 */
export async function findUserByEmail(
  email: string,
  projection: Record<string, 1>,
  withPassword = false,
): Promise<UserDoc | null> {
  const key = await EmailKeyModel.findById(email).lean<EmailKey>();
  if (!key) return null;
  const query = UserModel.findById(key.user, { ...projection, email: 1 });
  const user = await (withPassword ? query.select('+passwordHash') : query).lean<UserDoc>();
  return user?.email === email ? user : null;
}

/** Whether a key still stands: its account has its address, or it is too young to tell. */
async function keyStands(key: EmailKey, now = Date.now()): Promise<boolean> {
  if (now - key.createdAt.getTime() < KEY_SETTLE_MS) return true;
  const user = await UserModel.findById(key.user, { email: 1 }).lean<UserDoc>();
  return user?.email === key._id;
}

/**
 * Takes `email` for the account `user` (which may not exist yet): inserts its key, which only one
 * caller can do. False when another account holds it. A key left by a failed step is replaced.
 * `holder`: the account is already written with this address, which the unique index on
 * users.email lets no other account have, so any other key for it is stale, however young.
 */
export async function claimEmail(email: string, user: Types.ObjectId, holder = false): Promise<boolean> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await EmailKeyModel.create({ _id: email, user, createdAt: new Date() });
      return true;
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
    const key = await EmailKeyModel.findById(email).lean<EmailKey>();
    if (!key) continue;
    if (key.user.equals(user)) return true;
    if (!holder && (await keyStands(key))) return false;
    await EmailKeyModel.deleteOne({ _id: email });
  }
  return false;
}

/** Removes the key of `email` when it is `user`'s (a failed registration's, an old address's). */
export async function releaseEmail(email: string, user: Types.ObjectId): Promise<void> {
  const key = await EmailKeyModel.findById(email).lean<EmailKey>();
  if (key?.user.equals(user)) await EmailKeyModel.deleteOne({ _id: email });
}

/**
 * After `user` was written with `email`: makes sure the key still points to it (one point read), in
 * case a concurrent clean-up removed it between the steps.
 */
export async function ensureEmailKey(email: string, user: Types.ObjectId): Promise<void> {
  const key = await EmailKeyModel.findById(email).lean<EmailKey>();
  if (!key?.user.equals(user)) await claimEmail(email, user, true);
}

/**
 * After a change of `user`'s address from `before` to `after` (whose key it claimed) succeeded or
 * failed, part way or not at all: keeps the key of the address the account holds now and removes
 * the other.
 */
export async function settleEmailChange(user: Types.ObjectId, before: string, after: string): Promise<void> {
  const doc = await UserModel.findById(user, { email: 1 }).lean<UserDoc>();
  const held = doc?.email;
  if (held !== after) await releaseEmail(after, user);
  if (held !== before) await releaseEmail(before, user);
  if (held === after) await ensureEmailKey(after, user);
}

/**
 * Writes the keys of accounts already written without them (the demo seed, tests, migration 002):
 * keys already there are kept when they point to the same account, else replaced (the account
 * holds the address). Returns how many were inserted.
 */
export async function writeEmailKeys(
  users: readonly { _id: Types.ObjectId; email: string }[],
  /** The accounts' ids are the same whoever writes them (the demo history's): a key there is theirs. */
  sameIds = false,
): Promise<number> {
  if (users.length === 0) return 0;
  try {
    const keys = mongoose.connection.collection<EmailKey>(EMAIL_KEYS_COLLECTION);
    const result = await keys.insertMany(emailKeyDocs(users), { ordered: false });
    return result.insertedCount;
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    const inserted = (error as { insertedCount?: number }).insertedCount ?? 0;
    if (sameIds) return inserted;
    // Some existed: each is checked by point reads (and claimed when left over).
    for (const u of users) await claimEmail(u.email, u._id, true);
    return inserted;
  }
}

type Db = mongoose.mongo.Db;

/**
 * Migration 002: the e-mail key of every account, and every Google identity under its `_id` key.
 * Idempotent and resumable: keys already written are kept, identities already moved are skipped.
 */
export async function migrateAccountKeys(db: Db): Promise<{ emails: number; identities: number }> {
  let emails = 0;
  let batch: { _id: Types.ObjectId; email: string }[] = [];
  const flush = async () => {
    emails += await writeEmailKeys(batch);
    batch = [];
  };
  const users = db.collection('users').find({}, { projection: { email: 1 } });
  for await (const user of users) {
    if (typeof user.email !== 'string' || !(user._id instanceof Types.ObjectId)) continue;
    batch.push({ _id: user._id, email: user.email });
    if (batch.length >= 1000) await flush();
  }
  await flush();

  const identities = db.collection<{ _id: unknown; provider?: string; subject?: string }>(IDENTITIES_COLLECTION);
  // The old unique index on (provider, subject) would refuse the keyed copy beside its original.
  await identities.dropIndex('provider_1_subject_1').catch(() => undefined);
  let moved = 0;
  const old = await identities.find({}).toArray();
  for (const doc of old) {
    if (typeof doc._id === 'string' || doc.provider !== 'google' || typeof doc.subject !== 'string') continue;
    try {
      await identities.insertOne({ ...doc, _id: googleIdentityId(doc.subject) });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
    await identities.deleteOne({ _id: doc._id });
    moved += 1;
  }
  return { emails, identities: moved };
}

export { EMAIL_KEYS_COLLECTION };
