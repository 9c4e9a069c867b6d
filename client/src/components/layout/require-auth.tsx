import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';
import { withReturn } from '../../lib/return-path';
import { useAuthStore } from '../../features/auth/store';

/**
 * Signed-in pages: without a stored session the visitor goes to /login and comes back after. When
 * they have just signed out themselves, the sign-out is already taking them elsewhere.
 */
export function RequireAuth() {
  const token = useAuthStore((s) => s.token);
  const signingOut = useAuthStore((s) => s.signingOut);
  const location = useLocation();
  if (!token) {
    if (signingOut) return null;
    return <Navigate to={withReturn(paths.login, location.pathname + location.search)} replace />;
  }
  return <Outlet />;
}
