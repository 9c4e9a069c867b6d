import { usesDashboard } from '@pulso/shared';
import { dashboardHome } from './dashboard-sections';
import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import { paths, PLANS_SECTION_ID } from '../../config/paths';
import { selectOffersPlans, useAuthStore } from '../../features/auth/store';
import { useSignOut } from '../../features/auth/use-sign-out';
import { useUiStore } from '../../features/ui/store';
import { es } from '../../i18n/es';
import { ShieldIcon, UserIcon, WeightsIcon } from '../ui/icons';

/** The public navigation bar. */
export function Navbar() {
  const { token, isAdmin, role, offersPlans, userName } = useAuthStore(
    useShallow((s) => ({
      token: s.token,
      isAdmin: s.isAdmin,
      role: s.role,
      offersPlans: selectOffersPlans(s),
      userName: s.user?.fullName ?? null,
    })),
  );
  const signOut = useSignOut();
  const { gymName, mode, setLight, setDark, setPlansClicked } = useUiStore(
    useShallow((s) => ({
      gymName: s.site.gymName,
      mode: s.mode,
      setLight: s.setLight,
      setDark: s.setDark,
      setPlansClicked: s.setPlansClicked,
    })),
  );
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const location = useLocation();

  const close = () => setOpen(false);

  // Escape folds the open phone menu wherever focus is, and the keyboard goes back to its button.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const goToPlans = () => {
    close();
    if (location.pathname === paths.home) {
      document.getElementById(PLANS_SECTION_ID)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    } else {
      setPlansClicked(true);
      void navigate(paths.home);
    }
  };

  const onLogout = () => {
    close();
    signOut(paths.login);
  };

  // WCAG 2.4.11: the open phone menu covers the page, so Tab past its last item (or Shift+Tab before
  // the brand) folds it rather than moving focus behind it.
  const closeWhenFocusLeaves = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget;
    if (open && next instanceof Node && !event.currentTarget.contains(next)) setOpen(false);
  };

  return (
    <header className="navbar" onBlur={closeWhenFocusLeaves}>
      <div className="navbar__inner">
        <Link to={paths.home} className="navbar__brand" onClick={close}>
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span>{gymName}</span>
          <span className="navbar__weights">
            <WeightsIcon />
          </span>
        </Link>
        <button
          ref={toggleRef}
          type="button"
          className="navbar__toggle"
          aria-expanded={open}
          aria-controls="main-nav"
          aria-label={open ? es.nav.closeMenu : es.nav.openMenu}
          onClick={() => setOpen((v) => !v)}
        >
          <span aria-hidden="true">{open ? '✕' : '☰'}</span>
        </button>
        <nav id="main-nav" aria-label={es.nav.mainNavigation} className={`navbar__nav${open ? ' is-open' : ''}`}>
          <ul className="navbar__links">
            <li>
              <NavLink to={paths.branches} onClick={close}>
                {es.nav.branches}
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.lessons} onClick={close}>
                {es.nav.lessons}
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.about} onClick={close}>
                {es.nav.about}
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.contact} onClick={close}>
                {es.nav.contact}
              </NavLink>
            </li>
            {offersPlans && (
              <li>
                <button type="button" className="navbar__link-button" onClick={goToPlans}>
                  {es.nav.plans}
                </button>
              </li>
            )}
            {token && (
              <li>
                <NavLink to={paths.profile} onClick={close} className="navbar__user" title={es.nav.profile}>
                  <UserIcon />
                  <span className="navbar__user-name">{userName ?? es.nav.profile}</span>
                  {isAdmin && (
                    <span className="navbar__admin" title={es.nav.adminBadge}>
                      <ShieldIcon />
                      <span className="visually-hidden">{es.nav.adminBadge}</span>
                    </span>
                  )}
                </NavLink>
              </li>
            )}
            {usesDashboard(role) && (
              <li>
                <NavLink to={isAdmin ? paths.dashboardLessons : dashboardHome(role)} onClick={close}>
                  {es.nav.dashboard}
                </NavLink>
              </li>
            )}
            <li>
              {token ? (
                <button type="button" className="button button--small" onClick={onLogout}>
                  {es.nav.logout}
                </button>
              ) : (
                <NavLink to={paths.login} className="button button--small button--primary" onClick={close}>
                  {es.nav.login}
                </NavLink>
              )}
            </li>
            <li>
              <button
                type="button"
                className="navbar__mode"
                aria-pressed={mode === 'Dark'}
                aria-label={mode === 'Dark' ? es.nav.lightMode : es.nav.darkMode}
                title={mode === 'Dark' ? es.nav.lightMode : es.nav.darkMode}
                onClick={mode === 'Dark' ? setLight : setDark}
              >
                <span aria-hidden="true">{mode === 'Dark' ? '☀' : '☾'}</span>
              </button>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
