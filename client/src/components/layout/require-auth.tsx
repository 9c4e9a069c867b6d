import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useAuthStore } from '../../features/auth/store';

/** Signed-in pages: without a stored session the visitor goes to /login and comes back after. */
export function RequireAuth() {
  const token = useAuthStore((s) => s.token);
  const location = useLocation();
  if (!token) {
    return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />;
  }
  return <Outlet />;
}
