import { useEffect } from 'react';
import { RouterProvider } from 'react-router-dom';
import { useAuthStore } from '../features/auth/store';
import { useUiStore } from '../features/ui/store';
import { createRouter } from './router';

const router = createRouter();

export function App() {
  const mode = useUiStore((s) => s.mode);
  const loadSite = useUiStore((s) => s.loadSite);

  const token = useAuthStore((s) => s.token);
  const loadUser = useAuthStore((s) => s.loadUser);

  useEffect(() => {
    void loadSite();
  }, [loadSite]);

  // The signed-in user (name, membership flag) is loaded once per session, not by every page.
  useEffect(() => {
    if (token && useAuthStore.getState().status === 'idle') void loadUser();
  }, [token, loadUser]);

  useEffect(() => {
    document.documentElement.dataset.theme = mode === 'Dark' ? 'dark' : 'light';
  }, [mode]);

  return <RouterProvider router={router} />;
}
