import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';
import { withReturn } from '../../lib/return-path';
import { useAuthStore } from '../../features/auth/store';

/** Signed-in pages: without a stored session the visitor goes to /login and comes back after. */
export function RequireAuth() {
  const token = useAuthStore((s) => s.token);
  const location = useLocation();
  if (!token) {
    return <Navigate to={withReturn(paths.login, location.pathname + location.search)} replace />;
  }
  return <Outlet />;
}
