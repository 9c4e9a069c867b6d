import { useLayoutEffect, useRef } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useAuthStore } from '../../features/auth/store';
import { useSignOut } from '../../features/auth/use-sign-out';
import { useUiStore } from '../../features/ui/store';
import { es } from '../../i18n/es';

const LINKS = [
  { to: paths.dashboard, label: es.dashboard.overview, end: true },
  { to: paths.dashboardPlans, label: es.dashboard.plans },
  { to: paths.dashboardBranches, label: es.dashboard.branches },
  { to: paths.dashboardUsers, label: es.dashboard.users },
  { to: paths.dashboardPayments, label: es.dashboard.payments },
  { to: paths.dashboardTrainers, label: es.dashboard.trainers },
  { to: paths.dashboardLessons, label: es.dashboard.lessons },
  { to: paths.dashboardMessages, label: es.dashboard.messages },
  { to: paths.dashboardAnnouncements, label: es.dashboard.announcements },
  { to: paths.dashboardCheckin, label: es.dashboard.checkin },
  { to: paths.dashboardDemand, label: es.dashboard.demand },
  { to: paths.dashboardRenewals, label: es.dashboard.renewals },
  { to: paths.dashboardAudit, label: es.dashboard.audit },
];

/**
 * On phones the links are one row that scrolls sideways: bring the current page's link into view,
 * or the bar opens on 'Resumen' with the active tab hidden off-screen. Only the row scrolls, never
 * the page.
 */
function useActiveTabInView(pathname: string) {
  const nav = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const bar = nav.current;
    const active = bar?.querySelector<HTMLElement>('a.active');
    if (!bar || !active || bar.scrollWidth <= bar.clientWidth) return;
    const margin = 16;
    const barBox = bar.getBoundingClientRect();
    const box = active.getBoundingClientRect();
    if (box.left < barBox.left + margin) bar.scrollLeft -= barBox.left + margin - box.left;
    else if (box.right > barBox.right - margin) bar.scrollLeft += box.right - (barBox.right - margin);
  }, [pathname]);
  return nav;
}

/**
 * The administrators' shell. Non-admins are sent to /; the server refuses their calls
 * anyway, so this only spares them a screen they cannot use.
 */
export function DashboardLayout() {
  const isAdmin = useAuthStore((s) => s.isAdmin);
  const signOut = useSignOut();
  const gymName = useUiStore((s) => s.site.gymName);
  const nav = useActiveTabInView(useLocation().pathname);
  if (!isAdmin) return <Navigate to={paths.home} replace />;

  return (
    <div className="dashboard">
      <aside className="dashboard__sidebar">
        <Link to={paths.home} className="navbar__brand">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span>{gymName}</span>
        </Link>
        <nav ref={nav} aria-label={es.dashboard.title}>
          <ul>
            {LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <Link to={paths.home} className="button button--small">
          {es.dashboard.backToSite}
        </Link>
      </aside>
      <div className="dashboard__content">
        <header className="dashboard__bar">
          <details className="dashboard__menu">
            <summary>{es.dashboard.admin}</summary>
            <button type="button" onClick={() => signOut(paths.home)}>
              {es.nav.logout}
            </button>
          </details>
        </header>
        <main id="main" className="dashboard__main">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
