import type { Response } from 'express';
import {
  CSV_BOM,
  MESSAGES,
  queryUsers,
  userCsvLine,
  USERS_CSV_HEADER,
  type DirectoryRow,
  type UserQuery,
} from '@pulso/shared';
import { gymDate } from '../../lib/gym-time';
import { readCache, type ComputeContext } from '../../lib/read-cache';
import { listBranches } from '../branches/branches.service';
import { UserModel, type UserDoc } from './users.model';

/**
 * The admin's users list searched, filtered and sorted (issue 24, item 2). A search or a filter has
 * to look at every active account (the engines index neither a substring of a name nor a state
 * derived from dates), so the accounts are read once into a directory of the fields the list needs,
 * kept in the read cache until any account or sede is written (or its age runs out), and the shared
 * rule (`queryUsers`) answers from it. A state depends on the moment, so the directory keeps dates
 * and the state is derived when asked. The list with nothing asked keeps its indexed page query
 * (users.service.ts `listUsers`).
 */

const FIELDS = {
  fullName: 1,
  email: 1,
  phone: 1,
  isAdmin: 1,
  isMonitor: 1,
  staffRole: 1,
  createdAt: 1,
  homeBranch: 1,
  membership: 1,
  subscription: 1,
};

/** Bytes a directory row keeps alive, for the read cache's budget. */
const ROW_BYTES = 600;

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : '');

function rowOf(doc: UserDoc & { createdAt?: Date }, branches: ReadonlyMap<string, string>): DirectoryRow {
  const m = doc.membership;
  const branchName = doc.homeBranch ? branches.get(doc.homeBranch.toString()) : undefined;
  return {
    id: doc._id.toString(),
    fullName: doc.fullName,
    email: doc.email,
    phone: doc.phone ?? '',
    isAdmin: doc.isAdmin ?? false,
    isMonitor: doc.isMonitor ?? false,
    staffRole: doc.staffRole ?? null,
    createdAt: iso(doc.createdAt),
    subscription: doc.subscription ?? null,
    homeBranch: doc.homeBranch && branchName !== undefined ? { id: doc.homeBranch.toString(), name: branchName } : null,
    membership: m
      ? {
          planId: m.planId.toString(),
          name: m.name,
          start: m.start.toISOString(),
          end: m.end.toISOString(),
          graceUntil: m.graceUntil ? m.graceUntil.toISOString() : null,
          pauses: (m.pauses ?? []).map((p) => ({ from: p.from.toISOString(), until: p.until.toISOString() })),
        }
      : null,
  };
}

/** Every active account as the list searches it: one read of them, through the read cache. */
export function userDirectory(): Promise<DirectoryRow[]> {
  return readCache.get(
    'users:directory',
    async () => {
      const [docs, branches] = await Promise.all([
        UserModel.find({ deletedAt: null }, FIELDS).lean<(UserDoc & { createdAt?: Date })[]>(),
        listBranches(),
      ]);
      const names = new Map(branches.map((b) => [b.id, b.name]));
      return docs.map((doc) => rowOf(doc, names));
    },
    (rows) => rows.length * ROW_BYTES,
  );
}

/** The ids of the active accounts the query asks for, in its order, and how many there are. */
export async function searchUserIds(
  query: UserQuery,
  page: { page: number; limit: number },
  cache?: ComputeContext,
  now = new Date(),
): Promise<{ ids: string[]; total: number }> {
  const directory = await userDirectory();
  // A state changes with the clock: an answer filtered or sorted by it holds until the next moment
  // any account's state changes (a membership starting or ending, a grace or a pause).
  if (query.status || query.sort === 'status') cache?.expireAt(nextStateChange(directory, now));
  const rows = queryUsers(directory, query, now);
  const from = (page.page - 1) * page.limit;
  return { ids: rows.slice(from, from + page.limit).map((r) => r.id), total: rows.length };
}

/** The first moment after `now` at which any row's membership state may change. */
function nextStateChange(rows: readonly DirectoryRow[], now: Date): number | undefined {
  let next = Infinity;
  const consider = (iso: string | null | undefined) => {
    const at = iso ? Date.parse(iso) : NaN;
    if (at > now.getTime() && at < next) next = at;
  };
  for (const { membership: m } of rows) {
    if (!m) continue;
    consider(m.start);
    consider(m.end);
    consider(m.graceUntil);
    for (const p of m.pauses ?? []) {
      consider(p.from);
      consider(p.until);
    }
  }
  return Number.isFinite(next) ? next : undefined;
}

/** How many lines are written to the response at a time. */
const CSV_CHUNK = 500;

/**
 * GET /api/users/csv: the active accounts the query asks for, in its order, as CSV (UTF-8 with
 * its byte-order mark, so Excel shows the accents), written to the response a chunk at a time.
 */
export async function sendUsersCsv(res: Response, query: UserQuery, timeZone: string, now = new Date()): Promise<void> {
  const dayOf = (iso: string) => gymDate(new Date(iso), timeZone);
  const rows = queryUsers(await userDirectory(), query, now);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader(
    'Content-Disposition',
    `attachment; filename="${MESSAGES.users.csv.filename(now.toISOString().slice(0, 10))}"`,
  );
  res.setHeader('Cache-Control', 'no-store');
  res.write(`${CSV_BOM}${USERS_CSV_HEADER}\r\n`);
  for (let i = 0; i < rows.length; i += CSV_CHUNK) {
    const lines = rows.slice(i, i + CSV_CHUNK).map((row) => `${userCsvLine(row, now, dayOf)}\r\n`);
    // Waits for the client to take what was written before writing more.
    if (!res.write(lines.join(''))) await new Promise((resolve) => res.once('drain', resolve));
  }
  res.end();
}
