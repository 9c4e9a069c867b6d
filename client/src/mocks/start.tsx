import { createRoot } from 'react-dom/client';
import { resetDemoData, startMockApi } from './browser';
import { DemoBadge } from './demo-badge';

/**
 * Mock mode (VITE_API_MODE=mock): the API is answered in the browser by a Service Worker, and a
 * 'Modo demo' badge is shown on every page. main.tsx imports this module only in mock mode.
 */
export async function startMockMode(): Promise<void> {
  await startMockApi();
  const host = document.createElement('div');
  host.id = 'demo-badge-root';
  document.body.append(host);
  createRoot(host).render(<DemoBadge onReset={resetDemoData} />);
}
