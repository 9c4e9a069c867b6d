import { useLayoutEffect, useRef } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import { isSedeScoped, maySee, MESSAGES, usesDashboard } from '@pulso/shared';
import { paths } from '../../config/paths';
import { dashboardHome, LINKS, sectionOf } from './dashboard-sections';
import { useAuthStore } from '../../features/auth/store';
import { useSignOut } from '../../features/auth/use-sign-out';
import { useUiStore } from '../../features/ui/store';
import { es } from '../../i18n/es';

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
 * The staff's shell: administrators see every section, a sede manager and the front desk theirs
 * (shared DASHBOARD_SECTIONS). Others are sent to /, and a section a role may not open to its
 * first one; the server refuses their calls anyway, so this only spares them screens they cannot use.
 */
export function DashboardLayout() {
  const { role, user, status, token } = useAuthStore(
    useShallow((s) => ({ role: s.role, user: s.user, status: s.status, token: s.token })),
  );
  const signOut = useSignOut();
  const gymName = useUiStore((s) => s.site.gymName);
  const { pathname } = useLocation();
  const nav = useActiveTabInView(pathname);
  // A sede's staff are known by their account, not their token: wait for it.
  if (role !== 'admin' && token && (status === 'idle' || status === 'loading')) {
    return (
      <p className="dashboard__loading" role="status">
        {es.dashboard.loading}
      </p>
    );
  }
  if (!usesDashboard(role)) return <Navigate to={paths.home} replace />;
  const section = sectionOf(pathname);
  if (section && !maySee(role, section)) return <Navigate to={dashboardHome(role)} replace />;
  const links = LINKS.filter((link) => maySee(role, link.section));
  const who =
    isSedeScoped(role) && user?.homeBranch
      ? `${MESSAGES.users.roles[role]} · ${user.homeBranch.name}`
      : MESSAGES.users.roles[role];

  return (
    <div className="dashboard">
      <aside className="dashboard__sidebar">
        <Link to={paths.home} className="navbar__brand">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span>{gymName}</span>
        </Link>
        <nav ref={nav} aria-label={es.dashboard.title}>
          <ul>
            {links.map((link) => (
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
            <summary>{who}</summary>
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
