/**
 * The keys that find an account without a query FerretDB reads whole: every lookup below is a point
 * read by `_id`, the only filter the embedded engine answers from an index. Pure and free of
 * imports, so that scripts that write accounts straight into the database (the benchmark's seed)
 * can write the keys alongside with the same shapes.
 */

/** One document per e-mail in use: `_id` the normalized e-mail (as `users.email`), `user` the account. */
export const EMAIL_KEYS_COLLECTION = 'user_emails';

/** Sign-in identities from other providers: `_id` is `<provider>:<subject>`. */
export const IDENTITIES_COLLECTION = 'identities';

export interface EmailKeyDoc<Id = unknown> {
  _id: string;
  user: Id;
  createdAt: Date;
}

/** The `_id` of a Google identity. */
export const googleIdentityId = (subject: string) => `google:${subject}`;

/**
 * The e-mail keys of accounts written straight into the database (seeds, benchmark): one per
 * account, `_id` its stored e-mail. Insert them beside the users (`insertMany`); an account without
 * its key cannot sign in.
 */
export function emailKeyDocs<Id>(
  users: readonly { _id: Id; email: string }[],
  now: Date = new Date(),
): EmailKeyDoc<Id>[] {
  return users.map((u) => ({ _id: u.email, user: u._id, createdAt: now }));
}
