import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// jsdom does not scroll: React Router's ScrollRestoration calls window.scrollTo on every page change.
// (Some suites run in the node environment, without a window.)
if (typeof window !== 'undefined') window.scrollTo = (() => undefined) as typeof window.scrollTo;
