import { isObjectId } from '../validation/rules';
import { datedMembership, membershipState, type IsoMembership } from '../memberships';
import { MESSAGES } from '../validation/messages';
import { USER_ROLES, userRole, type StaffRole, type UserRole } from './roles';

export * from './roles';

/**
 * The admin's users list searched, filtered and sorted (issue 24, item 2): one rule for the server
 * (GET /api/users and its CSV, users/user-directory.ts) and the mock, so both answer alike.
 */

export const USER_SORTS = ['createdAt', 'name', 'email', 'phone', 'status', 'plan', 'branch', 'role'] as const;
export type UserSort = (typeof USER_SORTS)[number];
/** The membership states a list is filtered by, and 'Sin membresía' for none. */
export const USER_STATUSES = ['Activo', 'Pausada', 'Vencida', 'Pago pendiente', 'Sin membresía'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** What the list is asked for; '' leaves a filter off. `branch` 'none': members without a home sede. */
export interface UserQuery {
  q: string;
  status: UserStatus | '';
  plan: string;
  branch: string;
  role: UserRole | '';
  sort: UserSort;
  dir: 'asc' | 'desc';
}

export const DEFAULT_USER_QUERY: UserQuery = {
  q: '',
  status: '',
  plan: '',
  branch: '',
  role: '',
  sort: 'createdAt',
  dir: 'desc',
};

/** The list as the spec shows it: newest first, nothing filtered. */
export const isDefaultUserQuery = (query: UserQuery) =>
  query.q === '' &&
  query.status === '' &&
  query.plan === '' &&
  query.branch === '' &&
  query.role === '' &&
  query.sort === 'createdAt' &&
  query.dir === 'desc';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The query string's values as a query, or the first one that is not valid (its name). */
export function parseUserQuery(raw: Record<string, unknown>): { query: UserQuery } | { invalid: string } {
  const query: UserQuery = { ...DEFAULT_USER_QUERY };
  const q = text(raw.q);
  if (q.length > 100) return { invalid: 'q' };
  query.q = q;
  const status = text(raw.status);
  if (status && !(USER_STATUSES as readonly string[]).includes(status)) return { invalid: 'status' };
  query.status = status as UserQuery['status'];
  const plan = text(raw.plan);
  if (plan && !isObjectId(plan)) return { invalid: 'plan' };
  query.plan = plan;
  const branch = text(raw.branch);
  if (branch && branch !== 'none' && !isObjectId(branch)) return { invalid: 'branch' };
  query.branch = branch;
  const role = text(raw.role);
  if (role && !(USER_ROLES as readonly string[]).includes(role)) return { invalid: 'role' };
  query.role = role as UserQuery['role'];
  const sort = text(raw.sort);
  if (sort && !(USER_SORTS as readonly string[]).includes(sort)) return { invalid: 'sort' };
  if (sort) query.sort = sort as UserSort;
  const dir = text(raw.dir);
  if (dir && dir !== 'asc' && dir !== 'desc') return { invalid: 'dir' };
  if (dir) query.dir = dir as UserQuery['dir'];
  else if (sort && sort !== 'createdAt') query.dir = 'asc';
  return { query };
}

/** The query as a query string's values (only those that differ from the default). */
export function userQueryParams(query: UserQuery): Record<string, string> {
  const params: Record<string, string> = {};
  for (const key of Object.keys(DEFAULT_USER_QUERY) as (keyof UserQuery)[]) {
    if (query[key] !== DEFAULT_USER_QUERY[key]) params[key] = query[key];
  }
  return params;
}

/** A user as the list is searched, filtered, sorted and exported. */
export interface DirectoryRow {
  id: string;
  fullName: string;
  email: string;
  phone: string;
  isAdmin: boolean;
  isMonitor: boolean;
  staffRole?: StaffRole | null;
  /** ISO. */
  createdAt: string;
  homeBranch: { id: string; name: string } | null;
  /** The member's renewing plan while one is theirs (server only). */
  subscription?: string | null;
  membership: (IsoMembership & { graceUntil?: string | null }) | null;
}

/** Text as searched: no accents, no case, spaces folded ('María  José' finds 'maria jose'). */
export const searchText = (value: string) =>
  value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/** The row's membership state now ('Sin membresía' without one), as the badge says it. */
export function userStatus(row: Pick<DirectoryRow, 'membership'>, now: Date): UserStatus {
  const m = row.membership;
  if (!m) return 'Sin membresía';
  return membershipState({ ...datedMembership(m), graceUntil: m.graceUntil ? new Date(m.graceUntil) : null }, now);
}

const collator = new Intl.Collator('es', { sensitivity: 'base', numeric: true });

/** The value a column sorts by. */
function sortValue(row: DirectoryRow, sort: UserSort, now: Date): string {
  switch (sort) {
    case 'name':
      return row.fullName;
    case 'email':
      return row.email;
    case 'phone':
      return row.phone;
    case 'status':
      return userStatus(row, now);
    case 'plan':
      return row.membership?.name ?? '';
    case 'branch':
      return row.homeBranch?.name ?? '';
    case 'role':
      return MESSAGES.users.roles[userRole(row)];
    case 'createdAt':
      return row.createdAt;
  }
}

/**
 * The rows the query asks for, in its order: the search matches the name, the e-mail or the phone
 * (accents and case aside; a phone also by its digits alone, when the search is written as a phone), each filter narrows, and ties keep
 * the newest first.
 */
export function queryUsers(rows: readonly DirectoryRow[], query: UserQuery, now: Date): DirectoryRow[] {
  const words = searchText(query.q).split(' ').filter(Boolean);
  // A phone written any way ('+52 (55) 1111-2222'): only digits and a phone's punctuation. The digits
  // of other words ('Lote3a5f2') are no phone, and would find whoever's number holds them.
  const digits = /^[\d\s+().-]+$/.test(query.q) ? query.q.replace(/\D/g, '') : '';
  const found = rows.filter((row) => {
    if (words.length > 0) {
      const haystack = searchText(`${row.fullName} ${row.email} ${row.phone}`);
      const byWords = words.every((w) => haystack.includes(w));
      const byDigits = digits.length >= 3 && row.phone.replace(/\D/g, '').includes(digits);
      if (!byWords && !byDigits) return false;
    }
    if (query.status && userStatus(row, now) !== query.status) return false;
    if (query.plan && row.membership?.planId !== query.plan) return false;
    if (query.branch === 'none' ? row.homeBranch !== null : query.branch && row.homeBranch?.id !== query.branch) {
      return false;
    }
    if (query.role && userRole(row) !== query.role) return false;
    return true;
  });
  const sign = query.dir === 'asc' ? 1 : -1;
  const newestFirst = (a: DirectoryRow, b: DirectoryRow) =>
    a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? 1 : -1;
  return found.sort((a, b) => {
    if (query.sort === 'createdAt') return sign * -newestFirst(a, b);
    const by = collator.compare(sortValue(a, query.sort, now), sortValue(b, query.sort, now));
    return by !== 0 ? sign * by : newestFirst(a, b);
  });
}

/**
 * The CSV's separator: ';', the one Excel expects where the decimal separator is a comma (Spanish
 * regional settings), so each column opens in its own cell.
 */
export const CSV_SEPARATOR = ';';

/**
 * A CSV field: quoted when it holds the separator (`;`), a quote or a line break (a comma is the
 * decimal separator, and needs none); a formula is neutralised.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A moment's date as the CSV writes it (`YYYY-MM-DD`); the server passes the gym's time zone. */
const utcDay = (iso: string) => iso.slice(0, 10);

/** The CSV's first line (Spanish, as Excel shows it). */
export const USERS_CSV_HEADER = MESSAGES.users.csv.columns.map(csvField).join(CSV_SEPARATOR);

/** One user as a line of the CSV; `dayOf` writes a moment's date (the gym's, on the server). */
export function userCsvLine(row: DirectoryRow, now: Date, dayOf: (iso: string) => string = utcDay): string {
  const day = (iso: string | null | undefined) => (iso ? dayOf(iso) : '');
  const m = row.membership;
  return [
    row.fullName,
    row.email,
    row.phone,
    MESSAGES.users.roles[userRole(row)],
    row.homeBranch?.name ?? '',
    m?.name ?? '',
    userStatus(row, now),
    day(m?.start),
    day(m?.end),
    day(row.createdAt),
  ]
    .map(csvField)
    .join(CSV_SEPARATOR);
}

/** UTF-8's byte-order mark: Excel reads the accents right only with it. */
export const CSV_BOM = '\uFEFF';
