import { useEffect } from 'react';
import { RouterProvider } from 'react-router-dom';
import { useUiStore } from '../features/ui/store';
import { createRouter } from './router';

const router = createRouter();

export function App() {
  const mode = useUiStore((s) => s.mode);
  const gymName = useUiStore((s) => s.site.gymName);
  const loadSite = useUiStore((s) => s.loadSite);

  useEffect(() => {
    void loadSite();
  }, [loadSite]);

  useEffect(() => {
    document.documentElement.dataset.theme = mode === 'Dark' ? 'dark' : 'light';
  }, [mode]);

  useEffect(() => {
    document.title = gymName;
  }, [gymName]);

  return <RouterProvider router={router} />;
}
