/**
 * Who is who (issue 24, item 4). The spec's `isAdmin` (the whole chain) and `isMonitor` (a trainer)
 * keep their meaning; a staff role adds a sede manager or a front desk, scoped to their home sede.
 * One rule for the server (every route's guard and scope), the client (what the dashboard shows)
 * and the mock.
 */

/** The roles a staff account may hold besides the spec's flags. */
export const STAFF_ROLES = ['manager', 'desk'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Every role, most powerful first: an account is the first one it qualifies for. */
export const USER_ROLES = ['admin', 'manager', 'desk', 'trainer', 'member'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** What an account's role is read from. */
export interface RoleFacts {
  isAdmin: boolean;
  isMonitor: boolean;
  staffRole?: StaffRole | null;
}

export const isStaffRole = (value: unknown): value is StaffRole =>
  typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);

/** An account's role: admin, then a staff role, then trainer, then member. */
export function userRole(facts: RoleFacts): UserRole {
  if (facts.isAdmin) return 'admin';
  if (facts.staffRole === 'manager' || facts.staffRole === 'desk') return facts.staffRole;
  return facts.isMonitor ? 'trainer' : 'member';
}

/**
 * The roles a route's access lets through ('self-or-…': for someone else's account), for the
 * server's guards (server/src/lib/route-table.ts) and the mock's.
 */
export const ACCESS_ROLES = {
  admin: ['admin'],
  manager: ['admin', 'manager'],
  desk: ['admin', 'manager', 'desk'],
  staff: ['admin', 'manager', 'desk', 'trainer'],
  'self-or-admin': ['admin'],
  'self-or-manager': ['admin', 'manager'],
  'self-or-desk': ['admin', 'manager', 'desk'],
} as const satisfies Record<string, readonly UserRole[]>;

/** Roles whose reach is one sede (their home sede) rather than the chain. */
export const isSedeScoped = (role: UserRole) => role === 'manager' || role === 'desk';

/**
 * The dashboard's sections and who may open each. The server refuses every call behind a section a
 * role may not open; this table only decides what the dashboard shows.
 */
export const DASHBOARD_SECTIONS = {
  overview: ['admin', 'manager'],
  plans: ['admin'],
  branches: ['admin'],
  users: ['admin', 'manager', 'desk'],
  suspended: ['admin', 'manager'],
  payments: ['admin', 'manager'],
  trainers: ['admin'],
  lessons: ['admin', 'manager'],
  messages: ['admin'],
  announcements: ['admin', 'manager'],
  checkin: ['admin', 'manager', 'desk'],
  demand: ['admin', 'manager'],
  renewals: ['admin', 'manager'],
  audit: ['admin'],
} as const satisfies Record<string, readonly UserRole[]>;
export type DashboardSection = keyof typeof DASHBOARD_SECTIONS;

export const maySee = (role: UserRole, section: DashboardSection) =>
  (DASHBOARD_SECTIONS[section] as readonly UserRole[]).includes(role);

/** Whether a role opens the dashboard at all. */
export const usesDashboard = (role: UserRole) => role === 'admin' || isSedeScoped(role);

/**
 * What a sede-scoped account may do to a member's account: act on plain members of their own sede
 * (never on staff, trainers or another sede's members).
 */
export function inSedeScope(
  staff: { role: UserRole; branch: string | null },
  target: RoleFacts & { homeBranch: string | null },
): boolean {
  if (staff.role === 'admin') return true;
  if (!isSedeScoped(staff.role) || !staff.branch) return false;
  return userRole(target) === 'member' && target.homeBranch === staff.branch;
}

/**
 * Who may call a route, as the server's route tables and the mock's declare it: anyone, anyone
 * signed in, a member ('signed-in' at the door; the route checks the membership itself and answers
 * 403 saying why), or the roles of ACCESS_ROLES.
 */
export type Access = 'anyone' | 'signed-in' | 'member' | keyof typeof ACCESS_ROLES;
