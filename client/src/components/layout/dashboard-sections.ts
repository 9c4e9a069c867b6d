import { maySee, type DashboardSection, type UserRole } from '@pulso/shared';
import { paths } from '../../config/paths';
import { es } from '../../i18n/es';

/**
 * The dashboard's sections, their links and addresses, and who may open each (shared
 * DASHBOARD_SECTIONS). Apart from the dashboard's code-split chunk so the navigation bar can link a
 * role to its first section.
 */

export const LINKS: { to: string; label: string; section: DashboardSection; end?: boolean }[] = [
  { to: paths.dashboard, label: es.dashboard.overview, section: 'overview', end: true },
  { to: paths.dashboardPlans, label: es.dashboard.plans, section: 'plans' },
  { to: paths.dashboardBranches, label: es.dashboard.branches, section: 'branches' },
  { to: paths.dashboardUsers, label: es.dashboard.users, section: 'users' },
  { to: paths.dashboardPayments, label: es.dashboard.payments, section: 'payments' },
  { to: paths.dashboardTrainers, label: es.dashboard.trainers, section: 'trainers' },
  { to: paths.dashboardLessons, label: es.dashboard.lessons, section: 'lessons' },
  { to: paths.dashboardMessages, label: es.dashboard.messages, section: 'messages' },
  { to: paths.dashboardAnnouncements, label: es.dashboard.announcements, section: 'announcements' },
  { to: paths.dashboardCheckin, label: es.dashboard.checkin, section: 'checkin' },
  { to: paths.dashboardDemand, label: es.dashboard.demand, section: 'demand' },
  { to: paths.dashboardRenewals, label: es.dashboard.renewals, section: 'renewals' },
  { to: paths.dashboardAudit, label: es.dashboard.audit, section: 'audit' },
];

/** The section a dashboard address belongs to (its first segment after /dashboard). */
const SECTION_OF: Record<string, DashboardSection> = {
  '': 'overview',
  membresias: 'plans',
  plans: 'plans',
  sedes: 'branches',
  usuarios: 'users',
  deletedusers: 'suspended',
  pagos: 'payments',
  profesores: 'trainers',
  clases: 'lessons',
  mensajes: 'messages',
  anuncios: 'announcements',
  checkin: 'checkin',
  demanda: 'demand',
  renovaciones: 'renewals',
  registro: 'audit',
};

export function sectionOf(pathname: string): DashboardSection | undefined {
  const segment = pathname.replace(/^\/dashboard\/?/, '').split('/')[0] ?? '';
  return SECTION_OF[segment];
}

/** Where a role's dashboard opens: the front desk's at check-in, the others' at their first section. */
export function dashboardHome(role: UserRole): string {
  if (role === 'desk') return paths.dashboardCheckin;
  return LINKS.find((link) => maySee(role, link.section))?.to ?? paths.home;
}
