import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../styles/global.css';
import { useUiStore } from '../features/ui/store';
import { App } from './app';

// The stored display mode applies before the first paint, so dark-mode visitors see no light flash.
document.documentElement.dataset.theme = useUiStore.getState().mode === 'Dark' ? 'dark' : 'light';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

function render(container: HTMLElement) {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// Mock mode answers the API in the browser; the normal build never includes the mocks.
if (import.meta.env.VITE_API_MODE === 'mock') {
  // Service Workers need a secure context (https, localhost): without one the app still renders.
  void import('../mocks/start')
    .then(({ startMockMode }) => startMockMode())
    .catch((error: unknown) => console.error('[Modo demo] No se pudo iniciar la API simulada.', error))
    .finally(() => render(root));
} else {
  render(root);
}

// Core Web Vitals in the console while developing; the production bundle does not include the library.
if (import.meta.env.DEV) void import('../lib/web-vitals').then(({ logWebVitals }) => logWebVitals());
