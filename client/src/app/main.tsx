import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../styles/global.css';
import { useUiStore } from '../features/ui/store';
import { App } from './app';

// The stored display mode applies before the first paint, so dark-mode visitors see no light flash.
document.documentElement.dataset.theme = useUiStore.getState().mode === 'Dark' ? 'dark' : 'light';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Core Web Vitals in the console while developing; the production bundle does not include the library.
if (import.meta.env.DEV) void import('../lib/web-vitals').then(({ logWebVitals }) => logWebVitals());
