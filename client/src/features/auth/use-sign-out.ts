import { useCallback } from 'react';
import { useNavigate, type NavigateOptions } from 'react-router-dom';
import { useAuthStore } from './store';

/**
 * The visitor's own sign-out: ends the session at once and goes to `to`. Marked as chosen, so the
 * signed-in page still on screen while `to` loads does not send them to /login?volver=<that page>
 * as it would after a session that ran out ('Cerrar sesión' goes to plain /login).
 */
export function useSignOut() {
  const navigate = useNavigate();
  const signOut = useAuthStore((s) => s.signOut);
  return useCallback(
    (to: string, options?: NavigateOptions) => {
      signOut();
      void navigate(to, options);
    },
    [navigate, signOut],
  );
}
